/**
 * Field rules shared by every resource of the contract (client forms and server schemas alike).
 * A failed rule says a stable code, never a sentence: the server answers it in a 422's `fields`,
 * the client turns it into the spec's French sentence (`src/i18n/fieldCodeMessages.ts`).
 * Pure TypeScript + zod: no DOM, no server import (the server imports this file by a relative path).
 */
import { z } from 'zod';
import { isValidSiret, isValidVatNumber } from './businessKeys.js';

export const fieldCodes = [
  'required',
  'email',
  'number',
  'boolean',
  'string',
  'too_long',
  'too_short',
  'date',
  'date_too_late',
  'invalid',
  'siret',
  'vat_number',
  'phone',
  'zip_code',
  'professional_only',
  'customer_code',
  'iban',
  // An IBAN of the right shape whose check digits (or French RIB key) do not match (issue 26).
  'iban_checksum',
  'bic',
  'account_number',
  'unknown',
] as const;
export type FieldCode = (typeof fieldCodes)[number];

/** Missing (undefined or null) is `required`; a value of the wrong kind is `code`. */
export const whenMissing = (code: FieldCode) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? 'required' : code;

/** Text that may be empty; null (a client's "no value") is read as ''. Trimmed. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'string' })
    .trim()
    .max(max, 'too_long')
    .nullable()
    .transform((value) => value ?? '');

/** Text that must not be empty once trimmed. */
export const requiredText = (max: number) =>
  z
    .string({ error: whenMissing('string') })
    .trim()
    .min(1, 'required')
    .max(max, 'too_long');

/** A required email, stored lower-case. */
export const requiredEmail = () =>
  requiredText(254)
    .pipe(z.email({ error: 'email' }))
    .transform((email) => email.toLowerCase());

/** A record's id in a body: a positive int4. */
/** A JSON boolean (true/false, never "true" or 1). */
export const booleanField = () => z.boolean({ error: 'boolean' });

export const idNumber = () =>
  z
    .number({ error: whenMissing('number') })
    .int('number')
    .min(1, 'number')
    .max(2147483647, 'number');

/** An optional email, stored lower-case. */
export const optionalEmail = () =>
  optionalText(254)
    .transform((value) => value.toLowerCase())
    .refine((value) => value === '' || z.email().safeParse(value).success, 'email');

/** An optional SIRET: spaces dropped, 14 digits whose Luhn key checks. */
export const optionalSiret = () =>
  optionalText(20)
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => value === '' || isValidSiret(value), 'siret');

/** An optional intra-community VAT number: spaces dropped, upper-case, a French one's key checks. */
export const optionalVatNumber = () =>
  optionalText(20)
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .refine((value) => value === '' || isValidVatNumber(value), 'vat_number');

/**
 * The last calendar day any date field accepts (issue 18: a quote dated 9999-12-31 opened a « DE-9999 »
 * number series). ISO days compare as strings.
 */
export const latestDate = '2100-12-31';

/** Bounds a yyyy-MM-dd schema (`z.iso.date`) at `latestDate`: later is `date_too_late`. */
export const boundedDate = <Day extends z.ZodType<string>>(day: Day) =>
  // Only a well-formed day is compared: a malformed one is the format check's `date` alone.
  day.refine((value) => !(/^\d{4}-\d{2}-\d{2}$/.test(value) && value > latestDate), 'date_too_late');

/** A calendar day as the API writes it: yyyy-MM-dd, no later than `latestDate`. */
export const isoDate = () => boundedDate(z.iso.date({ error: 'date' }));
/** The same in a request body, where a missing day is `required`. */
export const isoDay = () => boundedDate(z.iso.date({ error: whenMissing('date') }));

/** A whole number between min and max (a number of days, a day of the month). */
export const wholeNumber = (min: number, max: number) =>
  z
    .number({ error: whenMissing('number') })
    .int('number')
    .min(min, 'number')
    .max(max, 'number');

/** France is the default country: an empty country, « France » or « FR » (any case, any accent). */
export function isFrance(country: string): boolean {
  const plain = country
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .trim()
    .toLowerCase();
  return plain === '' || plain === 'france' || plain === 'fr';
}

/**
 * A French phone number: 0 or +33 (or 0033), then 9 digits not starting with 0, with spaces, dots
 * or dashes anywhere. Abroad: an optional +, then digits with those separators and parentheses.
 */
export function isValidPhone(phone: string, country: string): boolean {
  const compact = phone.replace(/[\s.-]/g, '');
  if (isFrance(country)) return /^(?:0|\+33|0033)[1-9]\d{8}$/.test(compact);
  return /^\+?[\d\s().-]+$/.test(phone) && (phone.match(/\d/g)?.length ?? 0) >= 4;
}

/** A French zip code is five digits; abroad, 2 to 10 letters, digits, spaces or dashes. */
export function isValidZipCode(zipCode: string, country: string): boolean {
  if (isFrance(country)) return /^\d{5}$/.test(zipCode);
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(zipCode);
}

/**
 * One answer schema per field of a contract's shape, made by `field` (zod on the server, valibot
 * in the client): answers carry stored values, which older rows may not fit the contract's rules,
 * so only their type is checked; the field list stays the contract's.
 */
export const eachField = <Shape extends object, Field>(shape: Shape, field: () => Field) =>
  Object.fromEntries(Object.keys(shape).map((name) => [name, field()])) as { [Name in keyof Shape]: Field };
