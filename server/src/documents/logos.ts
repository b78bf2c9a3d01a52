/**
 * The images a document prints: the company logo in its header and the footer logo in its footer
 * (both uploaded through the preferences, stored in company_files). PNG and JPEG are drawn; a
 * GIF, WebP or SVG logo is left out of the PDF (pdf-lib embeds only those two).
 */
import type { Tx } from '../db/database.js';
import { companyFileOf, logoPurposes } from '../preferences/logo.js';

export interface DocumentLogo {
  contentType: string;
  bytes: Uint8Array;
}

export interface DocumentLogos {
  header: DocumentLogo | null;
  footer: DocumentLogo | null;
}

export async function documentLogosOf(tx: Tx, companyId: number): Promise<DocumentLogos> {
  const [header, footer] = await Promise.all([
    companyFileOf(tx, companyId, logoPurposes.header),
    companyFileOf(tx, companyId, logoPurposes.footer),
  ]);
  const image = (file: typeof header): DocumentLogo | null =>
    file ? { contentType: file.contentType, bytes: file.bytes } : null;
  return { header: image(header), footer: image(footer) };
}
