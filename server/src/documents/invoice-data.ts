/**
 * Everything one invoice document prints, loaded once inside the caller's tenant transaction. The
 * PDF and the CII XML are both drawn from this one object, so they cannot disagree; its amounts are
 * the invoice's stored domain amounts (`invoices.amounts`), the very figures the API answers.
 */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PaymentMode } from '../../../src/contract/customers.js';
import type { Tx } from '../db/database.js';
import {
  banks,
  businessJobs,
  companies,
  customers,
  invoiceLines,
  invoices,
  quotes,
  vatRates,
} from '../db/schema.js';
import {
  type InvoiceAmounts,
  liveInvoices,
  type PaymentDeadline,
  previousProgress,
  progressLines,
  retainageReleaseDate,
} from '../domain/index.js';
import { invoicesOfQuote, loadQuote } from '../invoicing/load.js';
import { documentSettingsOf } from '../invoicing/views.js';
import { type DocumentLogos, documentLogosOf } from './logos.js';
import { progressBefore, type QuoteLineBefore } from './progress-before.js';

export type CompanyRow = typeof companies.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type BankRow = typeof banks.$inferSelect;
export type DocumentSettings = Awaited<ReturnType<typeof documentSettingsOf>>;

export interface DocumentLine {
  position: number;
  chapter: string;
  label: string;
  unit: string;
  /** Thousandths of a unit (the API's unit), negative on a credit note. */
  quantityMilli: number;
  unitPriceCents: number;
  vatBasisPoints: number;
  totalExclTaxCents: number;
  /** progress and final: the quote line's cumulative progress after this invoice (10000 = 100 %). */
  progressBasisPoints: number | null;
  /**
   * progress and final (and their credit notes): the quote line's cumulative progress before the
   * invoice, which bills the difference (the XML's quantity); absent in documents frozen before it.
   */
  previousProgressBasisPoints?: number | null;
  /**
   * progress and final (and their credit notes): the quote line's share of the quote's global
   * discount, the line being billed net of it (its contract amount: quantity × unit price less it);
   * absent without a discount (other lines, documents frozen before quotes had one).
   */
  quoteLineDiscountCents?: number;
  /** The line's VAT rate is the reverse-charge one (autoliquidation, category AE). */
  reverseCharge: boolean;
}

/** One VAT rate of the invoice, as printed and as put in the XML's VAT breakdown. */
export interface DocumentVatRate {
  vatBasisPoints: number;
  /** The rate's name on documents (`vat_rates.pdf_name`). */
  name: string;
  /** Statutory text of the rate (the CGI article), and the customer certificate mention (5,5 % / 10 %). */
  regulatoryText: string;
  certificateText: string;
  reverseCharge: boolean;
  grossHt: number;
  depositHt: number;
  ht: number;
  vat: number;
}

/** One quote line on a progress statement (état de situation) or a final invoice after statements. */
export interface StatementLine {
  chapter: string;
  label: string;
  unit: string;
  quantityMilli: number;
  unitPriceCents: number;
  vatBasisPoints: number;
  /**
   * The line's contract amount on the quote: its HT net of its share of the quote's global discount
   * (what the statements of the line add up to); its HT without a discount.
   */
  contractHt: number;
  /** That share of the discount (absent: none, or a document frozen before discounts). */
  discountCents?: number;
  /** Cumulative progress after this statement, and before it (10000 = 100 %). */
  percent: number;
  previousPercent: number;
  /** round(contractHt × percent), the previous statements' share, and this statement's: cumulative − previous. */
  cumulativeHt: number;
  previousHt: number;
  thisHt: number;
}

/** A progress statement's or final invoice's place among the quote's invoices. */
export interface DocumentStatement {
  /** « Situation n° 2 »: the quote's standing statements up to this one (the final one included). */
  number: number;
  /** Every line of the quote, billed by this statement or not. */
  lines: StatementLine[];
  contractHt: number;
  cumulativeHt: number;
  previousHt: number;
  thisHt: number;
}

/** A deposit invoice of the quote, named by the statements and the final invoice that deduct it. */
export interface DocumentDeposit {
  number: string;
  date: string;
  ht: number;
  ttc: number;
}

export interface InvoiceDocument {
  id: number;
  /** Null for a draft (PROVISOIRE): it previews without a number. */
  number: string | null;
  draft: boolean;
  kind: (typeof invoices.$inferSelect)['kind'];
  date: string;
  dueDate: string;
  title: string;
  comment: string;
  paymentDeadline: PaymentDeadline;
  paymentModes: PaymentMode[];
  depositBasisPoints: number | null;
  amounts: InvoiceAmounts;
  lines: DocumentLine[];
  vatRates: DocumentVatRate[];
  /** Any line is reverse charge (autoliquidation). */
  reverseCharge: boolean;
  company: CompanyRow;
  customer: CustomerRow;
  job: {
    name: string;
    siteAddress: string;
    deliveryDate: string | null;
    retainageBasisPoints: number;
  } | null;
  retainageReleaseDate: string | null;
  /** The invoice's own date of the works (absent in documents frozen before it existed). */
  worksDate?: string | null;
  quote: { number: string; date: string; title: string } | null;
  /** A credit note: the invoice it corrects. */
  corrects: { number: string; date: string } | null;
  /**
   * progress and final: the statement's lines and totals, with the previous statements (absent in
   * documents frozen before it existed; null for a final invoice that follows no statement).
   */
  statement?: DocumentStatement | null;
  /** progress and final: the quote's standing deposit invoices before this one (absent: frozen before). */
  deposits?: DocumentDeposit[];
  /** progress and final: how many standing statements of the quote came before this one. */
  previousStatements?: number;
  bank: BankRow | null;
  settings: DocumentSettings;
  /** The header (company) and footer logos; absent: none (a document built without the database). */
  logos?: DocumentLogos;
}

/**
 * The date the documents give for the works (CGI art. 242 nonies A: the date the service was
 * carried out or finished, when not the invoice's): the one typed on the invoice, else the job's
 * reception, else the invoice's own date.
 */
export function worksDateOf(document: InvoiceDocument): { date: string; from: 'invoice' | 'reception' } {
  if (document.worksDate) return { date: document.worksDate, from: 'invoice' };
  if (document.job?.deliveryDate) return { date: document.job.deliveryDate, from: 'reception' };
  return { date: document.date, from: 'invoice' };
}

/** A customer is a business when it is a professional (the SIREN, VAT number and 40 € mention apply). */
export const isBusiness = (customer: Pick<CustomerRow, 'type'>) => customer.type === 'professional';

/** The VAT rate of a reverse-charge (autoliquidation) line: the 0 % rate (schema: 0 = autoliquidation). */
const isReverseChargeRate = (basisPoints: number) => basisPoints === 0;

/** A statement line's quote line discount share, when it has one (the XML states it as an allowance). */
function discountOf(
  quoteLineId: number | null,
  before: Map<number, QuoteLineBefore> | null,
): Pick<DocumentLine, 'quoteLineDiscountCents'> {
  const discount = quoteLineId !== null ? (before?.get(quoteLineId)?.discountCents ?? 0) : 0;
  return discount !== 0 ? { quoteLineDiscountCents: discount } : {};
}

export async function loadInvoiceDocument(
  tx: Tx,
  companyId: number,
  invoiceId: number,
): Promise<InvoiceDocument | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));
  if (!invoice) return null;
  const [lines, [company], [customer], rates, settings, job, quote, corrected] = await Promise.all([
    tx
      .select()
      .from(invoiceLines)
      .where(and(eq(invoiceLines.companyId, companyId), eq(invoiceLines.invoiceId, invoiceId)))
      .orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
    tx.select().from(companies).where(eq(companies.id, companyId)),
    tx
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, invoice.customerId))),
    tx.select().from(vatRates).where(eq(vatRates.companyId, companyId)),
    documentSettingsOf(tx, companyId),
    invoice.businessJobId
      ? tx
          .select()
          .from(businessJobs)
          .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, invoice.businessJobId)))
          .then((rows) => rows[0] ?? null)
      : null,
    invoice.quoteId
      ? tx
          .select({ number: quotes.number, date: quotes.date, title: quotes.title })
          .from(quotes)
          .where(and(eq(quotes.companyId, companyId), eq(quotes.id, invoice.quoteId)))
          .then((rows) => rows[0] ?? null)
      : null,
    invoice.creditedInvoiceId
      ? tx
          .select({ number: invoices.number, date: invoices.date })
          .from(invoices)
          .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoice.creditedInvoiceId)))
          .then((rows) => rows[0] ?? null)
      : null,
  ]);
  const [bank, logos, series, before] = await Promise.all([
    bankOf(tx, companyId, settings.invoiceBankId),
    documentLogosOf(tx, companyId),
    invoice.quoteId && (invoice.kind === 'progress' || invoice.kind === 'final')
      ? statementOf(tx, companyId, invoice.quoteId, invoice.id, invoice.kind, invoice.progress)
      : null,
    progressBefore(tx, companyId, invoice),
  ]);
  const amounts = invoice.amounts as InvoiceAmounts;
  const rateById = new Map(rates.map((r) => [r.id, r]));
  // The rate's texts come from the first company rate at that percentage that the lines use.
  const rateRow = (basisPoints: number) =>
    lines.map((l) => rateById.get(l.vatRateId)).find((r) => r?.rateBasisPoints === basisPoints) ??
    rates.find((r) => r.rateBasisPoints === basisPoints);
  const documentLines: DocumentLine[] = lines.map((l) => ({
    position: l.position,
    chapter: l.chapter,
    label: l.label,
    unit: l.unit,
    quantityMilli: l.quantityMilli,
    unitPriceCents: l.unitPriceCents,
    vatBasisPoints: l.vatBasisPoints,
    totalExclTaxCents: l.totalExclTaxCents,
    progressBasisPoints: l.progressBasisPoints,
    previousProgressBasisPoints:
      l.quoteLineId !== null ? (before?.get(l.quoteLineId)?.percent ?? null) : null,
    ...discountOf(l.quoteLineId, before),
    reverseCharge: amounts.reverseCharge || isReverseChargeRate(l.vatBasisPoints),
  }));
  const vatRateList: DocumentVatRate[] = amounts.byRate
    .filter((r) => r.ht !== 0 || r.vat !== 0 || r.grossHt !== 0)
    .map((r) => {
      const row = rateRow(r.vatRate);
      return {
        vatBasisPoints: r.vatRate,
        name: row?.pdfName ?? '',
        regulatoryText: row?.regulatoryText ?? '',
        certificateText: row?.customerCertificateText ?? '',
        reverseCharge: amounts.reverseCharge || isReverseChargeRate(r.vatRate),
        grossHt: r.grossHt,
        depositHt: r.depositHt,
        ht: r.ht,
        vat: r.vat,
      };
    });
  return {
    id: invoice.id,
    number: invoice.status === 'VALIDATED' ? invoice.number : null,
    draft: invoice.status !== 'VALIDATED',
    kind: invoice.kind,
    date: invoice.date,
    dueDate: invoice.dueDate,
    title: invoice.title,
    comment: invoice.comment,
    paymentDeadline: invoice.paymentDeadline as PaymentDeadline,
    // Checked by the contract on every write: only the product's modes are stored.
    paymentModes: invoice.paymentModes as PaymentMode[],
    depositBasisPoints: invoice.depositBasisPoints,
    amounts,
    lines: documentLines,
    vatRates: vatRateList,
    reverseCharge: vatRateList.some((r) => r.reverseCharge),
    company: company!,
    customer: customer!,
    job: job
      ? {
          name: job.name,
          siteAddress: job.siteAddress,
          deliveryDate: job.deliveryDate,
          retainageBasisPoints: job.retainageBasisPoints,
        }
      : null,
    retainageReleaseDate: retainageReleaseDate(job?.deliveryDate ?? null),
    worksDate: invoice.worksDate,
    quote,
    corrects: corrected?.number ? { number: corrected.number, date: corrected.date } : null,
    ...(series ?? {}),
    bank,
    settings,
    logos,
  };
}

/**
 * A statement's place in its quote's series: the quote's invoices created before it (the domain's
 * order), the standing ones only (a cancelled invoice and its credit note count for nothing, as
 * for the amounts). The lines' figures are the domain's own (`progressLines`), so they add up to
 * the amounts billed.
 */
async function statementOf(
  tx: Tx,
  companyId: number,
  quoteId: number,
  invoiceId: number,
  kind: 'progress' | 'final',
  progress: unknown,
): Promise<Pick<InvoiceDocument, 'statement' | 'deposits' | 'previousStatements'>> {
  const [loaded, quoteInvoices] = await Promise.all([
    loadQuote(tx, companyId, quoteId),
    invoicesOfQuote(tx, companyId, quoteId),
  ]);
  if (!loaded) return { statement: null, deposits: [], previousStatements: 0 };
  const before = quoteInvoices.domain.filter((i) => i.createdOrder < invoiceId);
  const standing = new Set(liveInvoices(before).map((i) => i.id));
  const rows = quoteInvoices.rows.filter((r) => standing.has(r.id));
  const deposits = rows
    .filter((r) => r.kind === 'deposit')
    .map((r) => {
      const amounts = r.amounts as InvoiceAmounts;
      return { number: r.number ?? '', date: r.date, ht: amounts.ht, ttc: amounts.ttc };
    });
  const previousStatements = rows.filter((r) => r.kind === 'progress' || r.kind === 'final').length;
  // A final invoice after no statement lists its lines as an invoice does (quantity × unit price =
  // amount), unless the quote has a discount: then its lines are billed net of their shares, which
  // only the statement's columns (contract amount net of the discount) show coherently.
  const discounted = loaded.lines.some((line) => line.discountCents !== 0);
  if (kind === 'final' && previousStatements === 0 && !discounted)
    return { statement: null, deposits, previousStatements };
  const lines = progressLines(
    loaded.context,
    previousProgress(loaded.context, before),
    (progress as { lineId: number; percent: number }[]) ?? [],
  );
  const statementLines: StatementLine[] = lines.map((line, i) => {
    const source = loaded.lines[i]!;
    return {
      chapter: source.chapter,
      label: source.label,
      unit: source.unit,
      quantityMilli: source.quantityMilli,
      unitPriceCents: source.unitPriceCents,
      vatBasisPoints: source.vatBasisPoints,
      contractHt: line.lineHt,
      ...(source.discountCents !== 0 ? { discountCents: source.discountCents } : {}),
      percent: line.percent,
      previousPercent: line.previousPercent,
      cumulativeHt: line.cumulativeHt,
      previousHt: line.previousHt,
      thisHt: line.thisHt,
    };
  });
  const sum = (pick: (line: StatementLine) => number) => statementLines.reduce((t, l) => t + pick(l), 0);
  return {
    statement: {
      number: previousStatements + 1,
      lines: statementLines,
      contractHt: sum((l) => l.contractHt),
      cumulativeHt: sum((l) => l.cumulativeHt),
      previousHt: sum((l) => l.previousHt),
      thisHt: sum((l) => l.thisHt),
    },
    deposits,
    previousStatements,
  };
}

/** The bank the settings name, else the company's default bank, else its first. */
async function bankOf(tx: Tx, companyId: number, bankId: number | null) {
  if (bankId !== null) {
    const [chosen] = await tx
      .select()
      .from(banks)
      .where(and(eq(banks.companyId, companyId), eq(banks.id, bankId)));
    if (chosen) return chosen;
  }
  const [fallback] = await tx
    .select()
    .from(banks)
    .where(eq(banks.companyId, companyId))
    .orderBy(desc(banks.isDefault), asc(banks.id))
    .limit(1);
  return fallback ?? null;
}
