/**
 * An invoice's documents: the Factur-X PDF (PDF/A-3 with its CII XML attached) of a validated
 * invoice, deposit or credit note; the watermarked preview (PROVISOIRE, no number, no XML) of a
 * draft; and the XML alone. The mail (server/src/mail) and the routes call these. A validated
 * invoice is drawn from the document frozen at its validation (frozen-document.ts).
 */
import type { Database, Tx } from '../db/database.js';
import { invoiceXml } from './cii-xml.js';
import { makePdfA3 } from './factur-x.js';
import { invoiceDocumentOf } from './frozen-document.js';
import type { InvoiceDocument } from './invoice-data.js';
import { drawInvoice } from './invoice-pdf.js';
import { printableLogos } from './logos.js';
import { documentTitle } from './mentions.js';
import { type PdfRenderer, sharedPdfRenderer } from './pdf-renderer.js';

export class InvoiceNotFoundError extends Error {
  constructor(invoiceId: number) {
    super(`No invoice ${invoiceId} in this company`);
    this.name = 'InvoiceNotFoundError';
  }
}

/** "FA-2026-00001.pdf"; a draft: "facture-provisoire-12.pdf". */
export const pdfFileName = (document: Pick<InvoiceDocument, 'number' | 'id'>) =>
  document.number
    ? `${document.number.replace(/[^\w.-]+/g, '_')}.pdf`
    : `facture-provisoire-${document.id}.pdf`;

/** The PDF of a loaded document (the bench and tests call it without a database). */
export async function invoicePdfOf(document: InvoiceDocument, now = new Date()): Promise<Uint8Array> {
  const pdf = await drawInvoice(document);
  const title = `${documentTitle(document)} ${document.number ?? 'PROVISOIRE'}`;
  await makePdfA3(
    pdf,
    {
      title,
      author: document.settings.invoiceCompanyName || document.company.name,
      subject: document.draft ? 'Aperçu provisoire' : `${title} — Factur-X EN 16931`,
      date: document.draft ? now : validatedDate(document),
    },
    document.draft ? null : invoiceXml(document),
  );
  return pdf.save();
}

/** A validated document carries its issue date, so the same invoice gives the same file. */
const validatedDate = (document: InvoiceDocument) => new Date(`${document.date}T12:00:00Z`);

async function loadOrThrow(tx: Tx, companyId: number, invoiceId: number) {
  const document = await invoiceDocumentOf(tx, companyId, invoiceId);
  if (!document) throw new InvoiceNotFoundError(invoiceId);
  return document;
}

/**
 * The invoice's PDF: Factur-X for a validated invoice, the watermarked preview for a draft. Throws
 * InvoiceNotFoundError when the company has no such invoice.
 */
export async function renderInvoicePdf(
  db: Database,
  companyId: number,
  invoiceId: number,
  renderer: PdfRenderer = sharedPdfRenderer(),
): Promise<{ filename: string; bytes: Uint8Array }> {
  const document = await db.withTenant(companyId, (tx) => loadOrThrow(tx, companyId, invoiceId));
  // Its logos' headers read (a stored image bomb is left out), then drawn in a worker within its
  // time and memory bounds, off the event loop (pdf-renderer.ts; DocumentRenderUnavailable past them).
  const logos = await printableLogos(document.logos);
  const printable = logos ? { ...document, logos } : document;
  return { filename: pdfFileName(document), bytes: await renderer.render(printable) };
}

/** The CII XML of a validated invoice; null for a draft (it has no number yet). */
export async function renderInvoiceXml(
  db: Database,
  companyId: number,
  invoiceId: number,
): Promise<string | null> {
  const document = await db.withTenant(companyId, (tx) => loadOrThrow(tx, companyId, invoiceId));
  return document.draft ? null : invoiceXml(document);
}
