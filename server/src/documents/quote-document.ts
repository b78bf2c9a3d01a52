/**
 * A quote's document (issue 21): everything the quote's PDF prints, loaded once in the caller's
 * tenant transaction, and the PDF itself, drawn in a worker thread as invoices are (pdf-renderer.ts:
 * bounded in time and memory, off the event loop). The amounts are the domain's `quoteAmounts` of
 * the stored tree, the very figures the API answers. Once the quote was accepted online, its PDF is
 * the one accepted, kept byte for byte, followed by the « Acceptation électronique » page.
 */
import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.js';
import { businessJobs, companies, customers, quoteAnswers, quotes, vatRates } from '../db/schema.js';
import {
  pricedLines,
  type QuoteAmounts,
  type QuoteItem,
  quoteAmounts,
  revisionLetters,
  type StoredQuoteStatus,
} from '../domain/index.js';
import { documentSettingsOf } from '../invoicing/views.js';
import type { CompanyRow, CustomerRow, DocumentSettings } from './invoice-data.js';
import { type DocumentLogos, documentLogosOf, printableLogos } from './logos.js';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer.js';
import type { AcceptanceFacts } from './quote-mentions.js';

export interface QuoteDocument {
  id: number;
  /** The printed number, with its revision letter from the second one (DE-2026-00012-B). */
  number: string;
  revisionIndex: number;
  /** The revision letter (« B »), null for the first revision. */
  revision: string | null;
  /** The number of the revision this one replaces, if any. */
  replaces: string | null;
  status: StoredQuoteStatus;
  date: string;
  validUntil: string | null;
  title: string;
  items: QuoteItem[];
  amounts: QuoteAmounts;
  startDate: string | null;
  durationDays: number | null;
  paymentTerms: string;
  feeCents: number;
  reverseCharge: boolean;
  company: CompanyRow;
  customer: CustomerRow;
  job: { name: string; siteAddress: string } | null;
  /** The texts of the company's VAT rates the priced lines use (CGI articles of reduced rates). */
  vatRates: { vatBasisPoints: number; regulatoryText: string }[];
  settings: DocumentSettings;
  logos?: DocumentLogos;
}

export class QuoteNotFoundError extends Error {
  constructor(quoteId: number) {
    super(`No quote ${quoteId} in this company`);
    this.name = 'QuoteNotFoundError';
  }
}

/** "DE-2026-00012-B.pdf". */
export const quotePdfFileName = (number: string) => `${number.replace(/[^\w.-]+/g, '_')}.pdf`;

export async function loadQuoteDocument(
  tx: Tx,
  companyId: number,
  quoteId: number,
): Promise<QuoteDocument | null> {
  const [quote] = await tx
    .select()
    .from(quotes)
    .where(and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId)));
  if (!quote) return null;
  const [[company], [customer], [job], rates, settings, logos, [previous]] = await Promise.all([
    tx.select().from(companies).where(eq(companies.id, companyId)),
    tx
      .select()
      .from(customers)
      .where(and(eq(customers.companyId, companyId), eq(customers.id, quote.customerId))),
    tx
      .select({ name: businessJobs.name, siteAddress: businessJobs.siteAddress })
      .from(businessJobs)
      .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, quote.businessJobId))),
    tx.select().from(vatRates).where(eq(vatRates.companyId, companyId)),
    documentSettingsOf(tx, companyId),
    documentLogosOf(tx, companyId),
    quote.previousRevisionId
      ? tx
          .select({ number: quotes.number })
          .from(quotes)
          .where(and(eq(quotes.companyId, companyId), eq(quotes.id, quote.previousRevisionId)))
      : Promise.resolve([]),
  ]);
  // Checked by the API on every write (domain quoteContentIssues): a valid tree.
  const items = (quote.items ?? []) as QuoteItem[];
  const amounts = quoteAmounts({
    items,
    discountRate: quote.discountBasisPoints,
    depositRate: quote.depositBasisPoints,
    reverseCharge: quote.reverseCharge,
  });
  // A rate's texts: the company rate the lines chose, else the first at that percentage.
  const used = pricedLines(items).map(({ line }) => line);
  const textOf = (basisPoints: number) => {
    const chosen = used.find((l) => l.vatRate === basisPoints);
    const row =
      rates.find((r) => r.id === chosen?.vatRateId && r.rateBasisPoints === basisPoints) ??
      rates.find((r) => r.rateBasisPoints === basisPoints);
    return row?.regulatoryText ?? '';
  };
  return {
    id: quote.id,
    number: quote.number,
    revisionIndex: quote.revisionIndex,
    revision: quote.revisionIndex > 0 ? revisionLetters(quote.revisionIndex) : null,
    replaces: previous?.number ?? null,
    status: quote.status,
    date: quote.date,
    validUntil: quote.validUntil,
    title: quote.title,
    items,
    amounts,
    startDate: quote.startDate,
    durationDays: quote.durationDays,
    paymentTerms: quote.paymentTerms,
    feeCents: quote.feeCents,
    reverseCharge: quote.reverseCharge,
    company: company!,
    customer: customer!,
    job: job ?? null,
    vatRates: amounts.byRate
      .filter((r) => !quote.reverseCharge && r.grossHt !== 0)
      .map((r) => ({ vatBasisPoints: r.vatRate, regulatoryText: textOf(r.vatRate) })),
    settings,
    logos,
  };
}

/** The quote's own PDF drawn from its loaded document (the worker's side; tests call it directly). */
export async function quotePdfOf(document: QuoteDocument): Promise<Uint8Array> {
  const { drawQuote } = await import('./quote-pdf.js');
  const pdf = await drawQuote(document);
  const title = `${document.settings.quoteTitle || 'Devis'} ${document.number}`;
  pdf.setTitle(title);
  pdf.setAuthor(document.settings.quoteCompanyName || document.company.name);
  pdf.setSubject(title);
  pdf.setLanguage('fr-FR');
  pdf.setProducer('bo-elements');
  pdf.setCreator('bo-elements');
  // The quote's date, not the time of drawing: two renders differ only by their fonts' subset tags.
  const dated = new Date(`${document.date}T12:00:00Z`);
  pdf.setCreationDate(dated);
  pdf.setModificationDate(dated);
  return pdf.save();
}

let shared: PdfRenderer<QuoteDocument> | undefined;

/** The process's quote renderer: its own workers (quote-pdf-worker.ts), the invoices' bounds. */
export const sharedQuotePdfRenderer = (): PdfRenderer<QuoteDocument> =>
  (shared ??= createPdfRenderer<QuoteDocument>({
    entry: new URL('./quote-pdf-worker.ts', import.meta.url),
  }));

/** The online answer kept for the quote, if any (its PDF only when accepted online). */
export async function onlineAcceptanceOf(tx: Tx, companyId: number, quoteId: number) {
  const [answer] = await tx
    .select()
    .from(quoteAnswers)
    .where(and(eq(quoteAnswers.companyId, companyId), eq(quoteAnswers.quoteId, quoteId)));
  if (answer?.decision !== 'accepted' || answer.channel !== 'online' || !answer.pdf) return null;
  return answer;
}

/** Draws the loaded quote in a worker, its logos first made safe to draw (logos.ts). */
export async function renderQuoteDocument(
  document: QuoteDocument,
  renderer: PdfRenderer<QuoteDocument> = sharedQuotePdfRenderer(),
): Promise<Uint8Array> {
  const logos = await printableLogos(document.logos);
  return renderer.render(logos ? { ...document, logos } : document);
}

/**
 * The quote's PDF as the company and the customer read it: after an online acceptance, the PDF
 * accepted (kept byte for byte) followed by the « Acceptation électronique » page; otherwise the
 * quote drawn now. Throws QuoteNotFoundError when the company has no such quote.
 */
export async function renderQuotePdf(
  db: Database,
  companyId: number,
  quoteId: number,
  renderer: PdfRenderer<QuoteDocument> = sharedQuotePdfRenderer(),
): Promise<{ filename: string; bytes: Uint8Array }> {
  const loaded = await db.withTenant(companyId, async (tx) => {
    const document = await loadQuoteDocument(tx, companyId, quoteId);
    if (!document) throw new QuoteNotFoundError(quoteId);
    return { document, answer: await onlineAcceptanceOf(tx, companyId, quoteId) };
  });
  const { document, answer } = loaded;
  const filename = quotePdfFileName(document.number);
  if (answer?.pdf) {
    const { appendAcceptancePage } = await import('./quote-pdf.js');
    const facts: AcceptanceFacts = {
      number: document.number,
      signerName: answer.signerName,
      answeredAt: answer.answeredAt.toISOString(),
      ipAddress: answer.ipAddress,
      userAgent: answer.userAgent,
      pdfSha256: answer.pdfSha256 ?? '',
    };
    return { filename, bytes: await appendAcceptancePage(answer.pdf, facts) };
  }
  return { filename, bytes: await renderQuoteDocument(document, renderer) };
}
