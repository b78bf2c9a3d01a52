/**
 * The bank resource (spec section 3: name, bank code, accounting number, BIC, IBAN, address, zip,
 * city, country, phone, default flag) as both sides read it. The bank form validates with
 * `bankInputSchema`; the server parses create bodies with the same fields and checks every edit's
 * resulting bank with the same schema. IBAN and BIC are checked by ibantools (country formats and
 * the IBAN's check digits), never by a hand-written pattern.
 */
import {
  electronicFormatIBAN,
  friendlyFormatIBAN,
  isValidBIC,
  ValidationErrorsIBAN,
  validateIBAN,
} from 'ibantools';
import { z } from 'zod';
import { type FieldCode, isValidPhone, isValidZipCode, optionalText, whenMissing } from './fields.js';
import { lazy } from './lazy.js';

/** The longest text each field takes. */
export const bankTextLimits = {
  name: 100,
  bankCode: 20,
  accountingNumber: 20,
  address: 300,
  zipCode: 10,
  city: 100,
  country: 100,
  phone: 30,
} as const;

const text = (name: keyof typeof bankTextLimits) => optionalText(bankTextLimits[name]);

/** The check digits' failures: the IBAN's own (ISO 13616) and a national key (the French RIB key). */
const checksumErrors: readonly ValidationErrorsIBAN[] = [
  ValidationErrorsIBAN.WrongIBANChecksum,
  ValidationErrorsIBAN.WrongAccountBankBranchChecksum,
];

/**
 * What is wrong with a (non-empty) IBAN: `iban_checksum` when its country, length and characters
 * are right but a check digit does not match (a digit typed wrong: issue 26 asked not to call that
 * a format error), `iban` for anything else, null when valid.
 */
export function ibanProblem(iban: string): 'iban' | 'iban_checksum' | null {
  const { valid, errorCodes } = validateIBAN(iban);
  if (valid) return null;
  return errorCodes.every((code) => checksumErrors.includes(code)) ? 'iban_checksum' : 'iban';
}

/** An IBAN as stored: its electronic format (no spaces, upper case), check digits verified. */
export const optionalIban = () =>
  optionalText(50)
    .transform((value) => electronicFormatIBAN(value) ?? '')
    .refine((value) => value === '' || ibanProblem(value) !== 'iban', 'iban')
    .refine((value) => value === '' || ibanProblem(value) !== 'iban_checksum', 'iban_checksum');

/** A BIC as stored: upper case without spaces, 8 or 11 characters of the SWIFT format. */
export const optionalBic = () =>
  optionalText(20)
    .transform((value) => value.replace(/\s/g, '').toUpperCase())
    .refine((value) => value === '' || isValidBIC(value), 'bic');

/** Every field a client writes, each checked on its own. */
export const bankFields = lazy(() => ({
  name: z
    .string({ error: whenMissing('string') })
    .trim()
    .min(1, 'required')
    .max(bankTextLimits.name, 'too_long'),
  bankCode: text('bankCode'),
  /** The bank's general-ledger account (512…), the bank journal's and the FEC's account number. */
  accountingNumber: text('accountingNumber').refine((value) => /^[0-9A-Za-z]*$/.test(value), 'invalid'),
  bic: optionalBic(),
  iban: optionalIban(),
  address: text('address'),
  zipCode: text('zipCode'),
  city: text('city'),
  country: text('country'),
  phone: text('phone'),
  isDefault: z.boolean({ error: 'boolean' }),
}));

export type BankFieldName = keyof typeof bankFields;
export type BankData = { [Name in BankFieldName]: z.output<(typeof bankFields)[Name]> };

/** The fields a bank holds as plain text, in the order the form and the API show them. */
export const bankTextFields = [
  'name',
  'bankCode',
  'accountingNumber',
  'bic',
  'iban',
  'address',
  'zipCode',
  'city',
  'country',
  'phone',
] as const satisfies readonly BankFieldName[];
export type BankTextField = (typeof bankTextFields)[number];

/** A new bank: every text empty but the country, France; not the default. */
export const emptyBank: BankData = {
  ...(Object.fromEntries(bankTextFields.map((name) => [name, ''])) as Record<BankTextField, string>),
  country: 'France',
  isDefault: false,
};

/** The rules between fields: phone and zip code follow the country's format, as for customers. */
export function bankRuleIssues(bank: BankData): Partial<Record<BankFieldName, FieldCode>> {
  const issues: Partial<Record<BankFieldName, FieldCode>> = {};
  if (bank.phone && !isValidPhone(bank.phone, bank.country)) issues.phone = 'phone';
  if (bank.zipCode && !isValidZipCode(bank.zipCode, bank.country)) issues.zipCode = 'zip_code';
  return issues;
}

/** Adds the rules between fields to an object schema whose output holds the bank's fields. */
export function withBankRules<Schema extends z.ZodType<BankData>>(schema: Schema) {
  return schema.superRefine((bank, context) => {
    for (const [name, code] of Object.entries(bankRuleIssues(bank))) {
      context.addIssue({ code: 'custom', path: [name], message: code });
    }
  });
}

/** A whole bank as a client writes it: each field, then the rules between them. */
export const bankInputSchema = lazy(() => withBankRules(z.object(bankFields)));
export type BankInput = z.input<typeof bankInputSchema>;

/**
 * A stored bank as the API answers it (server/src/schemas/banks.ts names it for the OpenAPI
 * document, src/api/banks.ts parses with it): the stored texts as they are, which older rows may
 * not fit the rules. `version` grows by one at each save.
 */
export const bankSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    ...(Object.fromEntries(bankTextFields.map((name) => [name, z.string()])) as Record<
      BankTextField,
      z.ZodString
    >),
    isDefault: z.boolean(),
    /** Grows by one at each save; an edit names the version it started from. */
    version: z.number().int(),
  }),
);
export type Bank = z.output<typeof bankSchema>;

/** An IBAN grouped by four for reading (FR76 3000 …); the stored form has no spaces. */
export const readableIban = (iban: string) => (iban ? (friendlyFormatIBAN(iban) ?? iban) : '');
