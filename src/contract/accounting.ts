/**
 * The company's accounting settings (spec section 3: customer, prorata and retainage account
 * numbers, fiscal year start and end) and what the exports need besides: the fallback sales and VAT
 * accounts (a VAT rate without its own) and the journal codes of the sales and bank journals. The
 * « Gestion comptabilité » form and the server check them with the same schema.
 */
import { z } from 'zod';
import { type FieldCode, isoDate } from './fields.js';

/** A code of letters and digits: an account number (auxiliary accounts have letters) or a journal code. */
const code = (maxLength: number) =>
  z
    .string({ error: 'string' })
    .trim()
    .min(1, 'required')
    .max(maxLength, 'too_long')
    .regex(/^[0-9A-Za-z]+$/, 'invalid');

/** An account number of the chart of accounts, up to 20. */
const accountNumber = () => code(20);

/** A journal code as the FEC's JournalCode, up to 10. */
const journalCode = () => code(10);

export const accountingFields = {
  customerAccount: accountNumber(),
  prorataAccount: accountNumber(),
  retainageAccount: accountNumber(),
  salesAccount: accountNumber(),
  vatAccount: accountNumber(),
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

export const accountingInputSchema = z.object(accountingFields).superRefine((settings, context) => {
  for (const [name, code] of Object.entries(accountingRuleIssues(settings))) {
    context.addIssue({ code: 'custom', path: [name], message: code });
  }
});

export interface AccountingSettings extends AccountingData {
  version: number;
}
