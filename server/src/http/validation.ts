/**
 * Turns a failed zod validation into the 422 answer: `{error: {key: 'validation', fields}}`, and
 * refuses what the schemas cannot see: unknown JSON keys, and strings holding a lone UTF-16
 * surrogate.
 */
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

/**
 * A high surrogate not followed by a low one, or a low one not preceded by a high one: what a JSON
 * escape such as `"\uD800"` decodes to. No UTF-8 text can hold it, so PostgreSQL would have stored
 * U+FFFD in its place without a word (issue 19, item 6). Matched code unit by code unit (no `u`
 * flag), on the parsed strings: JSON.parse keeps the lone unit as it was escaped, and reading the
 * parsed value rather than the text cannot mistake an escaped backslash (`"\\uD800"`) for one.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The paths (as `fields` names them) of the keys and strings of `value` holding a lone surrogate. */
export function loneSurrogatePaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  const name = () => path.join('.') || '_root';
  if (typeof value === 'string') {
    if (loneSurrogate.test(value)) found.push(name());
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) loneSurrogatePaths(item, [...path, String(index)], found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (loneSurrogate.test(key)) found.push(name());
      loneSurrogatePaths(item, [...path, key], found);
    }
  }
  return found;
}

export async function validationHook(
  result: { success: boolean; error?: unknown; data?: unknown; target?: string },
  c: Context,
) {
  if (!result.success) return apiError(c, 'validation', { fields: fieldsOf(result.error as ZodError) });
  // A JSON key the schema does not declare is refused, not dropped (one rule: contract/unknownFields).
  if (result.target !== 'json') return undefined;
  const raw: unknown = await c.req.json();
  const broken = loneSurrogatePaths(raw);
  if (broken.length > 0)
    return apiError(c, 'validation', {
      fields: Object.fromEntries(broken.map((name) => [name, 'invalid'])),
    });
  const unknown = unknownFields(raw, result.data);
  if (unknown.length > 0)
    return apiError(c, 'validation', {
      fields: Object.fromEntries(unknown.map((name) => [name, 'unknown'])),
    });
  return undefined;
}
