/**
 * Field schemas whose error messages are the stable codes of a 422 answer
 * (`{error: {key: 'validation', fields: {name: code}}}`): required, email, number, boolean, ...
 * The front end turns each code into the spec's French sentence.
 */
import { z } from '@hono/zod-openapi';

export const fieldCodes = [
  'required',
  'email',
  'number',
  'boolean',
  'string',
  'too_long',
  'too_short',
  'date',
  'invalid',
] as const;
export type FieldCode = (typeof fieldCodes)[number];

const whenMissing = (code: FieldCode) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : code;

export const requiredText = (max = 200) =>
  z
    .string({ error: whenMissing('string') })
    .trim()
    .min(1, 'required')
    .max(max, 'too_long');

/** Text that may be empty; null (the front end's "no value") is stored as ''. */
export const optionalText = (max = 200) =>
  z
    .string({ error: 'string' })
    .trim()
    .max(max, 'too_long')
    .nullable()
    .transform((value) => value ?? '');

export const emailField = () =>
  z
    .string({ error: whenMissing('string') })
    .trim()
    .min(1, 'required')
    .max(254, 'too_long')
    .pipe(z.email({ error: 'email' }))
    .transform((email) => email.toLowerCase());

export const booleanField = () => z.boolean({ error: 'boolean' });

/** A positive int4 id taken from a path (a string there). */
export const idParam = () =>
  z.coerce.number({ error: 'number' }).int('number').min(1, 'number').max(2147483647, 'number');

export const idNumber = () =>
  z
    .number({ error: whenMissing('number') })
    .int('number')
    .min(1, 'number')
    .max(2147483647, 'number');
