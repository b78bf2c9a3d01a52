/**
 * A user's details as an admin writes them (spec section 3, User; spec section 7): the server's
 * create and edit bodies (server/src/schemas/users.ts) and the users page's form check with these
 * rules. Apart from the answers (src/contract/users.ts), which the editors' chunks read through the
 * preferences' contract: they do not load the form's rules.
 */
import { z } from 'zod';
import { optionalText, requiredEmail, requiredText } from './fields.js';

/** The details, each with its rule. */
export const userInputFields = {
  lastName: requiredText(100),
  firstName: requiredText(100),
  email: requiredEmail(),
  job: optionalText(100),
  phone: optionalText(30),
  admin: z.boolean({ error: 'boolean' }),
  locked: z.boolean({ error: 'boolean' }),
};

/** The users page's form: the details and, for a new user, the admin right. */
export const userFormSchema = z.object(userInputFields).omit({ locked: true });
export type UserForm = z.input<typeof userFormSchema>;
