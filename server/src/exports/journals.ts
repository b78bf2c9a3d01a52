/**
 * The exports' contents, as chunks of text: the bank journal, the sales journal and the collected
 * VAT as CSV (csv.ts), the FEC as its pipe- or tab-separated text. Entries come from the pure rules
 * of domain/accountingEntries.ts; the rows from rows.ts, page by page. Each page's entries and
 * records are made one at a time as the text is written (generators), not as whole arrays: what a
 * row becomes dies young, which keeps the garbage collector's work small (it was a third of an
 * export's CPU when each stage built its whole page).
 */
import { eq } from 'drizzle-orm';
import {
  type AccountingData,
  defaultAccountingSettings,
  isAccountNumber,
} from '../../../src/contract/accounting.js';
import { formatCsvAmount, formatCsvPercent, formatIsoDate } from '../../../src/contract/format.js';
import type { Database, Tx } from '../db/database.js';
import { vatRates } from '../db/schema.js';
import {
  cashAccount,
  type EntryLine,
  fecDate,
  isAdvance,
  paymentEntryLines,
  REVERSE_CHARGE_RATE,
  type SalesAccounts,
  salesEntryLines,
  type VatLineKind,
  vatDueOf,
  vatOnIssue,
  vatOnReceipt,
} from '../domain/accountingEntries.js';
import type { Bp } from '../domain/money.js';
import { CHUNK_CHARS, neutraliseCell } from './csv.js';
import {
  collectedPages,
  type FecEntryRow,
  fecEntryPages,
  issuedInvoicePages,
  type PaymentRow,
  type Period,
  paymentPages,
  ratePartsOf,
  type SalesInvoiceRow,
  salesInvoicePages,
} from './rows.js';

type AccountField = {
  [K in keyof AccountingData]: K extends `${string}Account` ? K : never;
}[keyof AccountingData];

/**
 * The settings the exports write with: an account stored before the contract checked it (« NaN »
 * reached a FEC once) is never written; its default is, as it would be before the first save.
 */
export function exportSettings(settings: AccountingData): AccountingData {
  const fields: AccountField[] = [
    'customerAccount',
    'prorataAccount',
    'retainageAccount',
    'salesAccount',
    'vatAccount',
    'advanceAccount',
    'reverseChargeAccount',
  ];
  const safe = { ...settings };
  for (const field of fields) {
    if (!isAccountNumber(safe[field])) safe[field] = defaultAccountingSettings[field];
  }
  return safe;
}

/**
 * Each VAT rate's sales and VAT accounts (the VAT sheet's), else the accounting settings' fallbacks;
 * reverse charge on the 0 % rate's product account, else the settings' reverse-charge account;
 * deposits on the advances account. A stored account that is not an account number is skipped.
 */
export async function salesAccountsOf(
  tx: Tx,
  companyId: number,
  settings: AccountingData,
): Promise<SalesAccounts> {
  const rates = await tx
    .select({
      rate: vatRates.rateBasisPoints,
      name: vatRates.internalName,
      vatAccount: vatRates.vatAccountCode,
      salesAccount: vatRates.productAccountCode,
    })
    .from(vatRates)
    .where(eq(vatRates.companyId, companyId))
    .orderBy(vatRates.id);
  const byRate = new Map<Bp, (typeof rates)[number]>();
  for (const rate of rates) if (!byRate.has(rate.rate)) byRate.set(rate.rate, rate);
  const own = (account: string | undefined, fallback: string) =>
    isAccountNumber(account) ? account : fallback;
  // Each rate's two accounts are worked out once per export, not once per invoice line.
  const known = new Map<Bp, { sales: AccountOf; vat: AccountOf }>();
  const accountsOf = (rate: Bp) => {
    let found = known.get(rate);
    if (!found) {
      found = {
        sales: {
          account: own(byRate.get(rate)?.salesAccount, settings.salesAccount),
          label: `Ventes TVA ${formatCsvPercent(rate)}`,
        },
        vat: {
          account: own(byRate.get(rate)?.vatAccount, settings.vatAccount),
          label: `TVA collectée ${formatCsvPercent(rate)}`,
        },
      };
      known.set(rate, found);
    }
    return found;
  };
  return {
    customer: settings.customerAccount,
    retainage: settings.retainageAccount,
    advances: {
      account: settings.advanceAccount,
      label: 'Clients - avances et acomptes reçus sur commandes',
    },
    reverseCharge: {
      account: own(byRate.get(REVERSE_CHARGE_RATE)?.salesAccount, settings.reverseChargeAccount),
      label: 'Ventes autoliquidées (TVA 0 % AE)',
    },
    salesFor: (rate) => accountsOf(rate).sales,
    vatFor: (rate) => accountsOf(rate).vat,
  };
}

type AccountOf = ReturnType<SalesAccounts['salesFor']>;

/** The bank a payment went to, or the cash account. */
const bankOf = (payment: Pick<PaymentRow, 'bankId' | 'bankName' | 'bankAccount'>) =>
  payment.bankId === null
    ? cashAccount
    : {
        account: isAccountNumber(payment.bankAccount) ? payment.bankAccount : '512000',
        label: payment.bankName,
      };

/** One journal entry: its lines and what the FEC says of it. */
export interface Entry {
  journalCode: string;
  journalLabel: string;
  date: string;
  pieceRef: string;
  pieceDate: string;
  label: string;
  validDate: string;
  lines: EntryLine[];
}

/** The entries of a page of rows, made one at a time as they are written. */
type EntryPages = AsyncGenerator<Iterable<Entry>>;

const kindLabel: Record<string, string> = { credit_note: 'Avoir', deposit: "Facture d'acompte" };

/** A validated invoice's sales entry (its validation day given: the invoice's, or its entry's). */
function invoiceEntry(
  invoice: Omit<SalesInvoiceRow, 'id' | 'validatedOn'>,
  validDate: string,
  settings: AccountingData,
  accounts: SalesAccounts,
): Entry {
  const customer = { code: invoice.customerCode, name: invoice.customerName };
  const lines = salesEntryLines(
    {
      isDeposit: isAdvance(invoice.kind, invoice.creditedKind),
      reverseCharge: invoice.reverseCharge,
      byRate: ratePartsOf(invoice.rates),
      retainage: invoice.retainage,
    },
    customer,
    accounts,
  );
  return {
    journalCode: settings.salesJournalCode,
    journalLabel: 'Journal des ventes',
    date: invoice.day,
    pieceRef: invoice.number,
    pieceDate: invoice.day,
    label: `${kindLabel[invoice.kind] ?? 'Facture'} ${invoice.number} ${invoice.customerName}`,
    validDate,
    lines,
  };
}

function* invoiceEntries(page: SalesInvoiceRow[], settings: AccountingData, accounts: SalesAccounts) {
  for (const invoice of page) yield invoiceEntry(invoice, invoice.validatedOn, settings, accounts);
}

async function* salesEntries(
  db: Database,
  companyId: number,
  period: Period,
  settings: AccountingData,
  accounts: SalesAccounts,
): EntryPages {
  for await (const page of salesInvoicePages(db, companyId, period)) {
    yield invoiceEntries(page, settings, accounts);
  }
}

/** A payment's bank entry; `validDate`: when it was recorded (its entry), not when it was paid. */
function receiptEntry(
  payment: Pick<
    PaymentRow,
    | 'day'
    | 'invoiceNumber'
    | 'customerName'
    | 'customerCode'
    | 'amount'
    | 'isRetainage'
    | 'bankId'
    | 'bankName'
    | 'bankAccount'
  >,
  validDate: string,
  settings: AccountingData,
): Entry {
  const accounts = { customer: settings.customerAccount, retainage: settings.retainageAccount };
  return {
    journalCode: settings.bankJournalCode,
    journalLabel: 'Journal de banque',
    date: payment.day,
    pieceRef: payment.invoiceNumber,
    pieceDate: payment.day,
    label: `Règlement ${payment.invoiceNumber} ${payment.customerName}`,
    validDate,
    lines: paymentEntryLines(
      payment,
      { code: payment.customerCode, name: payment.customerName },
      bankOf(payment),
      accounts,
    ),
  };
}

function* receiptEntries(page: PaymentRow[], settings: AccountingData) {
  for (const payment of page) yield receiptEntry(payment, payment.day, settings);
}

async function* paymentEntries(
  db: Database,
  companyId: number,
  filter: Period & { bankId?: number },
  settings: AccountingData,
): EntryPages {
  for await (const page of paymentPages(db, companyId, filter)) yield receiptEntries(page, settings);
}

export const journalHeader = [
  'Journal',
  'Date',
  'Pièce',
  'Compte',
  'Compte auxiliaire',
  'Libellé',
  'Débit',
  'Crédit',
];

/** Entries' lines as journal CSV records, one at a time. */
function* journalRecords(entries: Iterable<Entry>): Generator<string[]> {
  for (const entry of entries) {
    const date = formatIsoDate(entry.date);
    for (const line of entry.lines) {
      yield [
        entry.journalCode,
        date,
        entry.pieceRef,
        line.account,
        line.auxAccount,
        entry.label,
        formatCsvAmount(line.debit),
        formatCsvAmount(line.credit),
      ];
    }
  }
}

export async function* bankJournalRecords(
  db: Database,
  companyId: number,
  filter: Period & { bankId: number },
  settings: AccountingData,
): AsyncGenerator<Iterable<string[]>> {
  for await (const entries of paymentEntries(db, companyId, filter, settings)) yield journalRecords(entries);
}

export async function* salesJournalRecords(
  db: Database,
  companyId: number,
  period: Period,
  settings: AccountingData,
  accounts: SalesAccounts,
): AsyncGenerator<Iterable<string[]>> {
  for await (const entries of salesEntries(db, companyId, period, settings, accounts)) {
    yield journalRecords(entries);
  }
}

export const collectedVatHeader = [
  'Période',
  'Régime',
  'Taux de TVA',
  'Base HT',
  'TVA collectée',
  'Total TTC',
];

/** Each line's « Régime », in the order the lines of a month are written. */
const vatLineLabel: Record<VatLineKind, string> = {
  receipts: 'TVA sur les encaissements',
  debits: 'TVA sur les débits',
  reverseCharge: 'Autoliquidation (article 283-2 nonies du CGI)',
};
const vatLineOrder: Record<VatLineKind, number> = { receipts: 0, debits: 1, reverseCharge: 2 };

/**
 * The VAT due per month, regime and rate (domain/accountingEntries.ts): on the payments received
 * for invoices taxed on receipts (construction services), each payment split over its invoice's
 * rates; on the invoices dated in the month for those issued under the debits option (or for
 * goods); reverse charge apart, at 0 % without VAT, on its own line. The totals are kept while the
 * rows stream by: memory holds the totals, not the rows.
 */
export async function collectedVatRecords(
  db: Database,
  companyId: number,
  period: Period,
): Promise<string[][]> {
  return (await collectedVatTotals(db, companyId, period)).map((t) => [
    `${t.month.slice(5, 7)}/${t.month.slice(0, 4)}`,
    vatLineLabel[t.kind],
    formatCsvPercent(t.rate),
    formatCsvAmount(t.base),
    formatCsvAmount(t.vat),
    formatCsvAmount(t.base + t.vat),
  ]);
}

/** One line of the collected VAT: a month (yyyy-MM), a regime and a rate, its base and its VAT. */
export interface CollectedVatTotal {
  month: string;
  kind: VatLineKind;
  rate: Bp;
  base: number;
  vat: number;
}

/**
 * The collected VAT export's lines as numbers, in its order: what the export writes and the
 * reporting's « TVA collectée » adds up (one computation for both).
 */
export async function collectedVatTotals(
  db: Database,
  companyId: number,
  period: Period,
): Promise<CollectedVatTotal[]> {
  const totals = new Map<string, CollectedVatTotal>();
  const add = (day: string, lines: ReturnType<typeof vatOnReceipt>) => {
    const month = day.slice(0, 7);
    for (const line of lines) {
      const key = `${month}|${line.kind}|${line.vatRate}`;
      const total = totals.get(key) ?? { month, kind: line.kind, rate: line.vatRate, base: 0, vat: 0 };
      total.base += line.base;
      total.vat += line.vat;
      totals.set(key, total);
    }
  };
  for await (const page of collectedPages(db, companyId, period)) {
    for (const payment of page) {
      const invoice = {
        reverseCharge: payment.reverseCharge,
        byRate: ratePartsOf(payment.rates),
        due: vatDueOf(payment),
      };
      add(payment.day, vatOnReceipt(payment.amount, invoice));
    }
  }
  for await (const page of issuedInvoicePages(db, companyId, period)) {
    for (const invoice of page) {
      const due = vatDueOf(invoice);
      if (due !== 'debits') continue;
      add(
        invoice.day,
        vatOnIssue({ reverseCharge: invoice.reverseCharge, byRate: ratePartsOf(invoice.rates), due }),
      );
    }
  }
  return [...totals.values()]
    .filter((t) => t.base !== 0 || t.vat !== 0)
    .sort((a, b) =>
      a.month !== b.month
        ? a.month < b.month
          ? -1
          : 1
        : a.kind !== b.kind
          ? vatLineOrder[a.kind] - vatLineOrder[b.kind]
          : b.rate - a.rate,
    );
}

// ------------------------------------------------------------------------------------------- FEC

/** The 18 columns of article A47 A-1 of the Livre des procédures fiscales, in order. */
export const fecColumns = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

export type FecFormat = 'pipe' | 'tab';

/** What a FEC field may not hold (either separator, a line break): each becomes a space. */
const fieldBreak = /[|\t\r\n]/;
const fieldBreaks = /[|\t\r\n]/g;
const fecSeparator: Record<FecFormat, string> = { pipe: '|', tab: '\t' };

/** A FEC row's entry: its sales entry (an invoice) or its bank entry (a payment). */
function fecEntry(row: FecEntryRow, settings: AccountingData, accounts: SalesAccounts): Entry {
  if (!row.isPayment) return invoiceEntry(row, row.validDate, settings, accounts);
  return receiptEntry(
    {
      day: row.day,
      invoiceNumber: row.number,
      customerName: row.customerName,
      customerCode: row.customerCode,
      amount: row.amount ?? 0,
      isRetainage: row.isRetainage,
      bankId: row.bankId,
      bankName: row.bankName,
      bankAccount: row.bankAccount,
    },
    row.validDate,
    settings,
  );
}

/**
 * The FEC (article A47 A-1 of the LPF): every journal's entries together, in the chronological
 * order of their validation, each with the number it was given once (exports/entry-numbers.ts:
 * the caller numbers new entries first), so a FEC of any range shows the same EcritureNum for the
 * same entry; ValidDate is the day the entry was validated (an invoice's validation, a payment's
 * recording). A field never holds the separator nor a line break (they become spaces), and goes
 * through `neutraliseCell` as every CSV cell does: a FEC opened in a spreadsheet runs no formula.
 * The text is encoded in ISO 8859-15 by the route (exports/latin9.ts).
 */
export async function* fecChunks(
  db: Database,
  companyId: number,
  period: Period,
  format: FecFormat,
  settings: AccountingData,
  accounts: SalesAccounts,
): AsyncGenerator<string> {
  const separator = fecSeparator[format];
  // Millions of fields: the replacement (a new string) only when there is something to replace.
  const clean = (field: string) =>
    neutraliseCell(fieldBreak.test(field) ? field.replace(fieldBreaks, ' ') : field);
  const fields = (...values: string[]) => {
    let text = clean(values[0]!);
    for (let i = 1; i < values.length; i++) text += separator + clean(values[i]!);
    return text;
  };
  yield `${fields(...fecColumns)}\r\n`;
  for await (const page of fecEntryPages(db, companyId, period)) {
    let text = '';
    for (const row of page) {
      const entry = fecEntry(row, settings, accounts);
      // The entry's own fields, the same on each of its lines, are cleaned once.
      const num = String(row.entryNumber).padStart(8, '0');
      const head = fields(entry.journalCode, entry.journalLabel, num, fecDate(entry.date));
      const piece = fields(entry.pieceRef, fecDate(entry.pieceDate), entry.label);
      const tail = fields('', '', fecDate(entry.validDate), '', '');
      for (const line of entry.lines) {
        const account = fields(line.account, line.accountLabel, line.auxAccount, line.auxLabel);
        const amounts = fields(formatCsvAmount(line.debit), formatCsvAmount(line.credit));
        // JournalCode…EcritureDate, CompteNum…CompAuxLib, PieceRef…EcritureLib, Debit, Credit, EcritureLet…Idevise
        text += `${head}${separator}${account}${separator}${piece}${separator}${amounts}${separator}${tail}\r\n`;
      }
      if (text.length >= CHUNK_CHARS) {
        yield text;
        text = '';
      }
    }
    if (text) yield text;
  }
}
