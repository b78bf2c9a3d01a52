/** Turns a failed zod validation into the 422 answer: `{error: {key: 'validation', fields}}`. */
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { unknownFields } from '../../../src/contract/unknownFields.js';
import { type FieldCode, fieldCodes } from '../schemas/fields.js';
import { apiError } from './errors.js';

export function fieldsOf(error: ZodError): Record<string, FieldCode> {
  const fields: Record<string, FieldCode> = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.') || '_root';
    // First problem per field wins: it is the one a person fixes first.
    if (fields[name]) continue;
    fields[name] = (fieldCodes as readonly string[]).includes(issue.message)
      ? (issue.message as FieldCode)
      : 'invalid';
  }
  return fields;
}

export async function validationHook(
  result: { success: boolean; error?: unknown; data?: unknown; target?: string },
  c: Context,
) {
  if (!result.success) return apiError(c, 'validation', { fields: fieldsOf(result.error as ZodError) });
  // A JSON key the schema does not declare is refused, not dropped (one rule: contract/unknownFields).
  if (result.target !== 'json') return undefined;
  const unknown = unknownFields(await c.req.json(), result.data);
  if (unknown.length > 0)
    return apiError(c, 'validation', {
      fields: Object.fromEntries(unknown.map((name) => [name, 'unknown'])),
    });
  return undefined;
}
