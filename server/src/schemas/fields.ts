/**
 * Field schemas whose error messages are the stable codes of a 422 answer
 * (`{error: {key: 'validation', fields: {name: code}}}`): required, email, number, boolean, ...
 * The front end turns each code into the spec's French sentence.
 */
import { z } from '@hono/zod-openapi';

// The codes and the text, email and id rules are the shared contract's (src/contract/fields.ts).
export {
  booleanField,
  type FieldCode,
  fieldCodes,
  idNumber,
  optionalText,
  requiredText,
} from '../../../src/contract/fields.js';

/**
 * A true/false query parameter (a string in the URL), read as a boolean; absent stays undefined.
 * Anything else is a 422 with the `boolean` code.
 */
export const booleanQuery = (name: string) =>
  z
    .enum(['true', 'false'], { error: 'boolean' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true'))
    .openapi({ param: { name, in: 'query' } });

/** A positive int4 id taken from a path (a string there). */
export const idParam = () =>
  z.coerce.number({ error: 'number' }).int('number').min(1, 'number').max(2147483647, 'number');

/**
 * A shared contract's schema (src/contract) under its name in the OpenAPI document. A copy: zod 4
 * gives each instance its methods when it is made, and the contract's instances may have been made
 * before @hono/zod-openapi added `.openapi`; the copy keeps their descriptions.
 */
export const named = <Schema extends z.ZodType>(schema: Schema, name: string): Schema =>
  schema.clone().openapi(name) as Schema;
