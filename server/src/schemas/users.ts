import { z } from '@hono/zod-openapi';
import { userInputFields } from '../../../src/contract/userInputs.js';
import { authorizationSchema, userSchema } from '../../../src/contract/users.js';
import { idNumber, idParam, named } from './fields.js';

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

/** The details' rules are the contract's (src/contract/userInputs.ts): the users page checks with them. */
export const CreateUserSchema = z
  .object({
    ...userInputFields,
    job: userInputFields.job.default(''),
    phone: userInputFields.phone.default(''),
    admin: userInputFields.admin.default(false),
    locked: userInputFields.locked.default(false),
    /** Optional: without it the user cannot sign in until a password is set. */
    password: z.string({ error: 'string' }).min(8, 'too_short').max(200, 'too_long').optional(),
  })
  .openapi('CreateUser');

const optionalDetails = z.object(userInputFields).partial().shape;

export const EditUserSchema = z
  .object({
    id: idNumber(),
    /**
     * The version read: required with any detail (409 stale_version when another change came
     * first); lock, unlock, grant and revoke (spec section 7: id plus the one flag) set a state and
     * need none. Optional in the schema so that another company's id still answers 404 first.
     */
    version: idNumber().optional(),
    ...optionalDetails,
  })
  .openapi('EditUser');

export const AuthorizationParams = z.object({
  userId: idParam().openapi({ param: { name: 'userId', in: 'path' }, example: 1 }),
});

export const AuthorizationSchema = named(authorizationSchema, 'Authorization');
