/**
 * A user's details as an admin writes them (spec section 3, User; spec section 7): the server's
 * create and edit bodies (server/src/schemas/users.ts) and the users page's form check with these
 * rules. Apart from the answers (src/contract/users.ts), which the editors' chunks read through the
 * preferences' contract: they do not load the form's rules.
 */
import { z } from 'zod';
import { booleanField, requiredEmail } from './fields.js';
import { lazy } from './lazy.js';
import { accountInputSchema } from './preferences.js';

/** The details, each with its rule: a user's own account's, and what only an admin writes. */
export const userInputFields = lazy(() => ({
  ...accountInputSchema.shape,
  email: requiredEmail(),
  admin: booleanField(),
  locked: booleanField(),
}));

/** The users page's form: the details and, for a new user, the admin right. */
export const userFormSchema = lazy(() => z.object(userInputFields).omit({ locked: true }));
