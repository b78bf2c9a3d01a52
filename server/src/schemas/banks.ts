import { z } from '@hono/zod-openapi';
import { bankFields, bankSchema, emptyBank, withBankRules } from '../../../src/contract/banks.js';
import { idNumber, idParam, named } from './fields.js';
import { CompanyUsersParams } from './users.js';

/**
 * The bank's fields, limits and rules are the shared contract's (src/contract/banks.ts): the bank
 * form validates with the same schemas. Here they get their OpenAPI names and the create defaults.
 */
export const BankSchema = named(bankSchema, 'Bank');

/** Every field with its create default (the name has none: it is required). */
const createFields = Object.fromEntries(
  Object.entries(bankFields).map(([name, schema]) => [
    name,
    name === 'name' ? schema : (schema as z.ZodType).default(emptyBank[name as keyof typeof emptyBank]),
  ]),
) as unknown as typeof bankFields;

/** isDefault true makes it the company's default bank; the first bank of a company is the default. */
export const CreateBankSchema = withBankRules(z.object(createFields)).openapi('CreateBank');

/**
 * An edit sends the id, the version it started from and the changed fields only; the bank that
 * would result is checked whole against the contract in the route. `version` is optional here so
 * that another company's id still answers 404 before anything else; the route requires it.
 */
export const EditBankSchema = z
  .object({
    id: idNumber(),
    version: idNumber().optional(),
    ...Object.fromEntries(Object.entries(bankFields).map(([name, schema]) => [name, schema.optional()])),
  })
  .openapi('EditBank') as unknown as z.ZodType<
  { id: number; version?: number } & Partial<{
    [K in keyof typeof bankFields]: z.output<(typeof bankFields)[K]>;
  }>
>;

export const BankParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});
