/**
 * The company's accounting settings (spec section 3: customer, prorata and retainage account
 * numbers, fiscal year start and end) and what the exports need besides: the fallback sales and VAT
 * accounts (a VAT rate without its own), the advances account that deposits are booked to, the
 * account of reverse-charge sales (when the VAT sheet's 0 % rate has none) and the journal codes of
 * the sales and bank journals. The « Gestion comptabilité » form and the server check them with the
 * same schema.
 */
import { z } from 'zod';
import { type FieldCode, isoDate } from './fields.js';
import { lazy } from './lazy.js';

/**
 * A general account number: digits only, 3 to 20, the first a class of the plan comptable général
 * (1 to 8). Article A47 A-1 of the LPF (FEC field CompteNum) wants the first three characters to be
 * digits of the French chart of accounts; we ask for digits throughout, as every French ledger
 * writes them (411000, 706100…). Customer codes, the FEC's auxiliary accounts (CompAuxNum), are
 * free alphanumeric codes and are checked by the customer contract, not here.
 */
export const accountNumberPattern = /^[1-8][0-9]{2,19}$/;

/** Whether a stored text is a general account number (the exports fall back when it is not). */
export const isAccountNumber = (text: string | null | undefined): text is string =>
  typeof text === 'string' && accountNumberPattern.test(text);

/** An account number field of a form or a request: `account_number` when it is not digits. */
export const accountNumber = () =>
  z
    .string({ error: 'string' })
    .trim()
    .min(1, 'required')
    .max(20, 'too_long')
    .regex(accountNumberPattern, 'account_number');

/** A journal code as the FEC's JournalCode: letters and digits, up to 10. */
const journalCode = () =>
  z
    .string({ error: 'string' })
    .trim()
    .min(1, 'required')
    .max(10, 'too_long')
    .regex(/^[0-9A-Za-z]+$/, 'invalid');

export const accountingFields = {
  customerAccount: accountNumber(),
  prorataAccount: accountNumber(),
  retainageAccount: accountNumber(),
  salesAccount: accountNumber(),
  vatAccount: accountNumber(),
  /** Deposits are advances received (PCG 4191 « Clients – avances et acomptes reçus sur commandes »). */
  advanceAccount: accountNumber(),
  /** Reverse-charge sales (0 %, category AE) when the VAT sheet's 0 % rate names no account. */
  reverseChargeAccount: accountNumber(),
  salesJournalCode: journalCode(),
  bankJournalCode: journalCode(),
  /** yyyy-MM-dd; null: not set yet. */
  fiscalYearStart: isoDate().nullable(),
  fiscalYearEnd: isoDate().nullable(),
};

export type AccountingFieldName = keyof typeof accountingFields;
export type AccountingData = { [Name in AccountingFieldName]: z.output<(typeof accountingFields)[Name]> };

/** The defaults until the first save (the database's column defaults say the same). */
export const defaultAccountingSettings: AccountingData = {
  customerAccount: '411000',
  prorataAccount: '604000',
  retainageAccount: '411700',
  salesAccount: '706000',
  vatAccount: '445710',
  advanceAccount: '419100',
  reverseChargeAccount: '706300',
  salesJournalCode: 'VE',
  bankJournalCode: 'BQ',
  fiscalYearStart: null,
  fiscalYearEnd: null,
};

/** The fiscal year ends after it starts, and both are given or neither. */
export function accountingRuleIssues(
  settings: AccountingData,
): Partial<Record<AccountingFieldName, FieldCode>> {
  const { fiscalYearStart: start, fiscalYearEnd: end } = settings;
  if (start && !end) return { fiscalYearEnd: 'required' };
  if (end && !start) return { fiscalYearStart: 'required' };
  if (start && end && end <= start) return { fiscalYearEnd: 'invalid' };
  return {};
}

export const accountingInputSchema = lazy(() =>
  z.object(accountingFields).superRefine((settings, context) => {
    for (const [name, code] of Object.entries(accountingRuleIssues(settings))) {
      context.addIssue({ code: 'custom', path: [name], message: code });
    }
  }),
);

export interface AccountingSettings extends AccountingData {
  version: number;
}

/**
 * The settings as the API answers them (the server names it for the OpenAPI document, the client
 * parses with it): the stored texts as they are.
 */
export const accountingSettingsSchema = lazy(() =>
  z.object({
    customerAccount: z.string(),
    prorataAccount: z.string(),
    retainageAccount: z.string(),
    salesAccount: z.string(),
    vatAccount: z.string(),
    advanceAccount: z.string(),
    reverseChargeAccount: z.string(),
    salesJournalCode: z.string(),
    bankJournalCode: z.string(),
    fiscalYearStart: z.string().nullable(),
    fiscalYearEnd: z.string().nullable(),
    version: z.number().int(),
  }),
);
