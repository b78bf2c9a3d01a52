import { z } from '@hono/zod-openapi';
import { authorizationSchema, userSchema } from '../../../src/contract/users.js';
import { booleanField, emailField, idNumber, idParam, named, optionalText, requiredText } from './fields.js';

/** The contract's (src/contract/users.ts): the client parses the answers with the same schema. */
export const UserSchema = named(userSchema, 'User');

export const CompanyUsersParams = z.object({
  enterprise_id: idParam().openapi({ param: { name: 'enterprise_id', in: 'path' }, example: 1 }),
});

export const CompanyUserParams = CompanyUsersParams.extend({
  userId: idParam().openapi({ param: { name: 'userId', in: 'path' }, example: 1 }),
});

export const CompanyUserEditParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const CreateUserSchema = z
  .object({
    lastName: requiredText(100),
    firstName: requiredText(100),
    email: emailField(),
    job: optionalText(100).default(''),
    phone: optionalText(30).default(''),
    admin: booleanField().default(false),
    locked: booleanField().default(false),
    /** Optional: without it the user cannot sign in until a password is set. */
    password: z.string({ error: 'string' }).min(8, 'too_short').max(200, 'too_long').optional(),
  })
  .openapi('CreateUser');

export const EditUserSchema = z
  .object({
    id: idNumber(),
    /**
     * The version read: required with any detail (409 stale_version when another change came
     * first); lock, unlock, grant and revoke (spec section 7: id plus the one flag) set a state and
     * need none. Optional in the schema so that another company's id still answers 404 first.
     */
    version: idNumber().optional(),
    locked: booleanField().optional(),
    admin: booleanField().optional(),
    lastName: requiredText(100).optional(),
    firstName: requiredText(100).optional(),
    job: optionalText(100).optional(),
    email: emailField().optional(),
    phone: optionalText(30).optional(),
  })
  .openapi('EditUser');

export const AuthorizationParams = z.object({
  userId: idParam().openapi({ param: { name: 'userId', in: 'path' }, example: 1 }),
});

export const AuthorizationSchema = named(authorizationSchema, 'Authorization');
