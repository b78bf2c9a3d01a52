/**
 * A company's users as the API answers them (spec section 7: users; spec section 3, User) and the
 * signed-in user's authorization. The server declares its answers with these schemas
 * (server/src/schemas/users.ts) and the client parses them with the same (src/api/users.ts).
 * Texts the user left empty are '' (never null): the server stores and answers them so.
 */
import { z } from 'zod';
import { lazy } from './lazy.js';

export const userSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    locked: z.boolean(),
    admin: z.boolean(),
    lastName: z.string(),
    firstName: z.string(),
    job: z.string(),
    email: z.string(),
    phone: z.string(),
    /** Moved by every change of the user: the sheet's save sends the version it read (409 stale_version). */
    version: z.number().int(),
  }),
);
export type User = z.output<typeof userSchema>;

/**
 * What the signed-in user may do. The page entry's session parses it with its own small parser
 * (src/api/session.ts: zod stays out of dist/define.js); a test holds that one to this.
 */
export const authorizationSchema = lazy(() =>
  z.object({
    userId: z.number().int(),
    admin: z.boolean(),
    scopes: z.array(z.string()).meta({ example: ['gestion-de-chantier'] }),
  }),
);
export type Authorization = z.output<typeof authorizationSchema>;
