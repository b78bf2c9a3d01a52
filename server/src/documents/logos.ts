/**
 * The images a document prints: the company logo in its header and the footer logo in its footer
 * (both uploaded through the preferences, stored in company_files; a validated invoice's own copy
 * in document_logos). PNG and JPEG are drawn; an SVG logo is left out of the PDF (pdf-lib embeds
 * only those two, and the server rasterises no SVG).
 *
 * Uploads are checked and reduced since the image-bomb fix, but rows stored before it, and the
 * frozen copies of invoices issued then, are not: `printableLogos` reads each one's header again
 * before the PDF gets it. Past the upload's pixel limits, or unreadable, it is left out (the
 * invoice still prints); larger than its box, or a GIF or WebP, it is reduced to the box first.
 */
import { logoRules } from '../../../src/contract/preferences.js';
import type { Tx } from '../db/database.js';
import { readImageHeader, withinPixelLimits } from '../preferences/image-header.js';
import {
  companyFileOf,
  type LogoPurpose,
  logoBoxes,
  logoPurposes,
  normaliseLogo,
} from '../preferences/logo.js';

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

/** The logo as the PDF may draw it: within its box, a PNG or a JPEG; null when left out. */
async function printableLogo(logo: DocumentLogo | null, purpose: LogoPurpose): Promise<DocumentLogo | null> {
  if (!logo) return null;
  const size = readImageHeader(logo.bytes);
  if (!size || !withinPixelLimits(size, logoRules)) return null;
  const box = logoBoxes[purpose];
  const drawable = size.type === 'image/png' || size.type === 'image/jpeg';
  if (drawable && size.width <= box.width && size.height <= box.height)
    return { contentType: size.type, bytes: logo.bytes };
  try {
    const made = await normaliseLogo(logo.bytes, size.type, box);
    return { contentType: made.contentType, bytes: made.bytes };
  } catch {
    return null;
  }
}

/**
 * The document's logos made safe to draw (header read, reduced when larger than their box), before
 * the document is handed to the PDF renderer. A document without logos stays without.
 */
export async function printableLogos(logos: DocumentLogos | undefined): Promise<DocumentLogos | undefined> {
  if (!logos) return logos;
  const [header, footer] = await Promise.all([
    printableLogo(logos.header, logoPurposes.header),
    printableLogo(logos.footer, logoPurposes.footer),
  ]);
  return { header, footer };
}
