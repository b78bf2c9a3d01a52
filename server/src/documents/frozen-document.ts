/**
 * A validated invoice's document is frozen at its validation (issue 10: an issued invoice is a legal
 * document; the copy re-downloaded or re-sent months later must be the one issued). The whole
 * `InvoiceDocument` — seller, customer, job, settings, bank, lines, totals, mentions' inputs — is
 * stored as JSON in `invoice_document_snapshots`; the logos it prints are stored once per company
 * and image in `document_logos` (named by their SHA-256) and referenced from the snapshot. A draft
 * keeps its live preview. No PDF machinery here: the validation path imports this module.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { documentLogos, invoiceDocumentSnapshots, invoices } from '../db/schema.js';
import { type InvoiceDocument, loadInvoiceDocument } from './invoice-data.js';
import type { DocumentLogo, DocumentLogos } from './logos.js';

/** What a snapshot holds: the document without its images, and the images' SHA-256 (or null). */
interface Snapshot {
  document: Omit<InvoiceDocument, 'logos'>;
  logos: { header: string | null; footer: string | null };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Stores the logos the company does not hold yet; answers their names. */
async function storeLogos(tx: Tx, companyId: number, logos: DocumentLogos | undefined) {
  const named = (logo: DocumentLogo | null | undefined) =>
    logo ? { ...logo, sha256: sha256(logo.bytes) } : null;
  const header = named(logos?.header);
  const footer = named(logos?.footer);
  const wanted = [header, footer].filter((logo) => logo !== null);
  if (wanted.length > 0) {
    const held = await tx
      .select({ sha256: documentLogos.sha256 })
      .from(documentLogos)
      .where(
        and(
          eq(documentLogos.companyId, companyId),
          inArray(
            documentLogos.sha256,
            wanted.map((logo) => logo.sha256),
          ),
        ),
      );
    const known = new Set(held.map((row) => row.sha256));
    const missing = [
      ...new Map(wanted.filter((l) => !known.has(l.sha256)).map((l) => [l.sha256, l])).values(),
    ];
    if (missing.length > 0)
      await tx
        .insert(documentLogos)
        .values(
          missing.map((l) => ({ companyId, sha256: l.sha256, contentType: l.contentType, bytes: l.bytes })),
        )
        .onConflictDoNothing();
  }
  return { header: header?.sha256 ?? null, footer: footer?.sha256 ?? null };
}

async function snapshotOf(tx: Tx, companyId: number, document: InvoiceDocument): Promise<Snapshot> {
  const { logos, ...rest } = document;
  return { document: rest, logos: await storeLogos(tx, companyId, logos) };
}

/** The document a snapshot holds, its logos read back. */
async function thaw(tx: Tx, companyId: number, snapshot: Snapshot): Promise<InvoiceDocument> {
  const names = [snapshot.logos.header, snapshot.logos.footer].filter((name) => name !== null);
  const rows =
    names.length > 0
      ? await tx
          .select({
            sha256: documentLogos.sha256,
            contentType: documentLogos.contentType,
            bytes: documentLogos.bytes,
          })
          .from(documentLogos)
          .where(and(eq(documentLogos.companyId, companyId), inArray(documentLogos.sha256, names)))
      : [];
  const byName = new Map(rows.map((row) => [row.sha256, { contentType: row.contentType, bytes: row.bytes }]));
  const logo = (name: string | null) => (name ? (byName.get(name) ?? null) : null);
  return {
    ...snapshot.document,
    logos: { header: logo(snapshot.logos.header), footer: logo(snapshot.logos.footer) },
  };
}

/**
 * Freezes what the invoice's documents print, from the current data: called in the transaction
 * that validates it (and that issues a credit note). A re-validation (after a revert) freezes anew.
 */
export async function freezeInvoiceDocument(tx: Tx, companyId: number, invoiceId: number): Promise<void> {
  const document = await loadInvoiceDocument(tx, companyId, invoiceId);
  if (!document) throw new Error(`No invoice ${invoiceId} to freeze in company ${companyId}`);
  const data = await snapshotOf(tx, companyId, document);
  await tx
    .insert(invoiceDocumentSnapshots)
    .values({ companyId, invoiceId, data })
    .onConflictDoUpdate({ target: invoiceDocumentSnapshots.invoiceId, set: { data, createdAt: new Date() } });
}

/**
 * What the invoice's documents print: a validated invoice's frozen document, a draft's live one;
 * null when the company has no such invoice. An invoice validated before snapshots existed (the
 * bench seeds) is frozen by its first read, from the data of that moment.
 */
export async function invoiceDocumentOf(
  tx: Tx,
  companyId: number,
  invoiceId: number,
): Promise<InvoiceDocument | null> {
  const [row] = await tx
    .select({ status: invoices.status, data: invoiceDocumentSnapshots.data })
    .from(invoices)
    .leftJoin(
      invoiceDocumentSnapshots,
      and(
        eq(invoiceDocumentSnapshots.companyId, invoices.companyId),
        eq(invoiceDocumentSnapshots.invoiceId, invoices.id),
      ),
    )
    .where(and(eq(invoices.companyId, companyId), eq(invoices.id, invoiceId)));
  if (!row) return null;
  if (row.status === 'VALIDATED' && row.data) return thaw(tx, companyId, row.data as Snapshot);
  const document = await loadInvoiceDocument(tx, companyId, invoiceId);
  if (!document || document.draft) return document;
  // Frozen now; when a concurrent first read froze it first, its snapshot is the one. Either way the
  // answer is read back from the store, so the first read prints what every later one will.
  await tx
    .insert(invoiceDocumentSnapshots)
    .values({ companyId, invoiceId, data: await snapshotOf(tx, companyId, document) })
    .onConflictDoNothing();
  const [stored] = await tx
    .select({ data: invoiceDocumentSnapshots.data })
    .from(invoiceDocumentSnapshots)
    .where(
      and(
        eq(invoiceDocumentSnapshots.companyId, companyId),
        eq(invoiceDocumentSnapshots.invoiceId, invoiceId),
      ),
    );
  return thaw(tx, companyId, stored!.data as Snapshot);
}
