/**
 * The exports' contents, as chunks of text: the bank journal, the sales journal and the collected
 * VAT as CSV (csv.ts), the FEC as its pipe- or tab-separated text. Entries come from the pure rules
 * of domain/accountingEntries.ts; the rows from rows.ts, page by page. Each page's entries and
 * records are made one at a time as the text is written (generators), not as whole arrays: what a
 * row becomes dies young, which keeps the garbage collector's work small (it was a third of an
 * export's CPU when each stage built its whole page).
 */
import { eq } from 'drizzle-orm';
import type { AccountingData } from '../../../src/contract/accounting.js';
import type { Database, Tx } from '../db/database.js';
import { vatRates } from '../db/schema.js';
import {
  cashAccount,
  collectedVat,
  type EntryLine,
  paymentEntryLines,
  type SalesAccounts,
  salesEntryLines,
} from '../domain/accountingEntries.js';
import type { Bp } from '../domain/money.js';
import { CHUNK_CHARS, frenchAmount, frenchDate, frenchRate, neutraliseCell } from './csv.js';
import {
  collectedPages,
  type PaymentRow,
  type Period,
  paymentPages,
  ratePartsOf,
  type SalesInvoiceRow,
  salesInvoicePages,
} from './rows.js';

/** Each VAT rate's sales and VAT accounts (the VAT sheet's), else the accounting settings' fallbacks. */
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
  // Each rate's two accounts are worked out once per export, not once per invoice line.
  const known = new Map<Bp, { sales: AccountOf; vat: AccountOf }>();
  const accountsOf = (rate: Bp) => {
    let found = known.get(rate);
    if (!found) {
      found = {
        sales: {
          account: byRate.get(rate)?.salesAccount || settings.salesAccount,
          label: `Ventes TVA ${frenchRate(rate)}`,
        },
        vat: {
          account: byRate.get(rate)?.vatAccount || settings.vatAccount,
          label: `TVA collectée ${frenchRate(rate)}`,
        },
      };
      known.set(rate, found);
    }
    return found;
  };
  return {
    customer: settings.customerAccount,
    retainage: settings.retainageAccount,
    salesFor: (rate) => accountsOf(rate).sales,
    vatFor: (rate) => accountsOf(rate).vat,
  };
}

type AccountOf = ReturnType<SalesAccounts['salesFor']>;

/** The bank a payment went to, or the cash account. */
const bankOf = (payment: PaymentRow) =>
  payment.bankId === null
    ? cashAccount
    : { account: payment.bankAccount || '512000', label: payment.bankName };

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

function* invoiceEntries(page: SalesInvoiceRow[], settings: AccountingData, accounts: SalesAccounts) {
  for (const invoice of page) {
    const customer = { code: invoice.customerCode, name: invoice.customerName };
    const lines = salesEntryLines(
      { byRate: ratePartsOf(invoice.rates), retainage: invoice.retainage },
      customer,
      accounts,
    );
    yield {
      journalCode: settings.salesJournalCode,
      journalLabel: 'Journal des ventes',
      date: invoice.day,
      pieceRef: invoice.number,
      pieceDate: invoice.day,
      label: `${kindLabel[invoice.kind] ?? 'Facture'} ${invoice.number} ${invoice.customerName}`,
      validDate: invoice.validatedOn,
      lines,
    } satisfies Entry;
  }
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

function* receiptEntries(page: PaymentRow[], settings: AccountingData) {
  const accounts = { customer: settings.customerAccount, retainage: settings.retainageAccount };
  for (const payment of page) {
    yield {
      journalCode: settings.bankJournalCode,
      journalLabel: 'Journal de banque',
      date: payment.day,
      pieceRef: payment.invoiceNumber,
      pieceDate: payment.day,
      label: `Règlement ${payment.invoiceNumber} ${payment.customerName}`,
      validDate: payment.day,
      lines: paymentEntryLines(
        payment,
        { code: payment.customerCode, name: payment.customerName },
        bankOf(payment),
        accounts,
      ),
    } satisfies Entry;
  }
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
    const date = frenchDate(entry.date);
    for (const line of entry.lines) {
      yield [
        entry.journalCode,
        date,
        entry.pieceRef,
        line.account,
        line.auxAccount,
        entry.label,
        frenchAmount(line.debit),
        frenchAmount(line.credit),
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
  'Taux de TVA',
  'Base HT encaissée',
  'TVA collectée',
  'Total TTC encaissé',
];

/**
 * VAT collected on the payments received (construction services are taxed on receipts), per month
 * and rate: each payment split over its invoice's rates (domain/accountingEntries.ts). The totals
 * are kept per (month, rate) while the payments stream by: memory holds the totals, not the rows.
 */
export async function collectedVatRecords(
  db: Database,
  companyId: number,
  period: Period,
): Promise<string[][]> {
  const totals = new Map<string, { month: string; rate: Bp; base: number; vat: number }>();
  for await (const page of collectedPages(db, companyId, period)) {
    for (const payment of page) {
      for (const part of collectedVat(payment.amount, ratePartsOf(payment.rates))) {
        const month = payment.day.slice(0, 7);
        const key = `${month}|${part.vatRate}`;
        const total = totals.get(key) ?? { month, rate: part.vatRate, base: 0, vat: 0 };
        total.base += part.base;
        total.vat += part.vat;
        totals.set(key, total);
      }
    }
  }
  return [...totals.values()]
    .sort((a, b) => (a.month === b.month ? b.rate - a.rate : a.month < b.month ? -1 : 1))
    .map((t) => [
      `${t.month.slice(5, 7)}/${t.month.slice(0, 4)}`,
      frenchRate(t.rate),
      frenchAmount(t.base),
      frenchAmount(t.vat),
      frenchAmount(t.base + t.vat),
    ]);
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

/** yyyy-MM-dd → yyyyMMdd, the FEC's dates. */
const fecDate = (iso: string) => `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}`;

/** `{SIREN}FEC{YYYYMMDD}.txt`: the SIREN is the SIRET's first nine digits, the date the period's end. */
export function fecFilename(siret: string, periodEnd: string): string {
  const siren = siret.replace(/\D/g, '').slice(0, 9).padEnd(9, '0');
  return `${siren}FEC${fecDate(periodEnd)}.txt`;
}

/**
 * The FEC: the sales journal's entries, then the bank journal's, each numbered in its journal in
 * date order. A field never holds the separator nor a line break (they become spaces), and goes
 * through `neutraliseCell` as every CSV cell does: a FEC opened in a spreadsheet runs no formula.
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
  for (const journal of [
    salesEntries(db, companyId, period, settings, accounts),
    paymentEntries(db, companyId, period, settings),
  ]) {
    let number = 0;
    for await (const entries of journal) {
      let text = '';
      for (const entry of entries) {
        number += 1;
        // The entry's own fields, the same on each of its lines, are cleaned once.
        const num = `${entry.journalCode}${String(number).padStart(6, '0')}`;
        const head = fields(entry.journalCode, entry.journalLabel, num, fecDate(entry.date));
        const piece = fields(entry.pieceRef, fecDate(entry.pieceDate), entry.label);
        const tail = fields('', '', fecDate(entry.validDate), '', '');
        for (const line of entry.lines) {
          const account = fields(line.account, line.accountLabel, line.auxAccount, line.auxLabel);
          const amounts = fields(frenchAmount(line.debit), frenchAmount(line.credit));
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
}
