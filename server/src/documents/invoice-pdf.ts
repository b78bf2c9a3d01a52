/**
 * The invoice as a person reads it: an A4 PDF drawn with pdf-lib in Poppins. Header (seller, the
 * document's title, number and dates), customer and works address, the lines, totals per VAT rate,
 * deposits deducted, retainage, payment details and every legal mention (mentions.ts), the settings'
 * texts, a footer with the seller's legal identity and page numbers, and the terms of sale. A draft
 * has no number and a PROVISOIRE watermark on each page.
 */
import fontkit from '@pdf-lib/fontkit';
import { degrees, drawText, PDFDocument, type PDFFont, type PDFName, type PDFPage, rgb } from 'pdf-lib';
import { isFrance } from '../../../src/contract/fields.js';
import { documentKindName } from './codes.js';
import { poppins } from './fonts.js';
import { euros, frenchDate, frenchDecimal, frenchPercent } from './format.js';
import { type InvoiceDocument, isBusiness, worksDateOf } from './invoice-data.js';
import type { DocumentLogo } from './logos.js';
import { documentSign, mentionsOf, progressText, sirenOf } from './mentions.js';

const pageSize: [number, number] = [595.28, 841.89];
const margin = 42;
const footerHeight = 46;
const ink = rgb(0.13, 0.15, 0.2);
const muted = rgb(0.38, 0.41, 0.47);
const accent = rgb(0.11, 0.32, 0.6);
const rule = rgb(0.82, 0.84, 0.88);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

/** A cursor over pages: writes wrapped text downwards and opens a new page when one is full. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  private readonly charsets = new Map<PDFFont, Set<number>>();
  /** Each font's name in each page's resources, added once per page (see `at`). */
  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  /** Advance width of each character at size 1, per font (see `measure`). */
  private readonly advances = new Map<PDFFont, Map<string, number>>();

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage(pageSize);
    this.pages.push(this.page);
    this.y = pageSize[1] - margin;
  }

  get width() {
    return pageSize[0] - 2 * margin;
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  room(height: number) {
    if (this.y - height < margin + footerHeight) this.newPage();
  }

  font(style: TextStyle) {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  /** The text with characters the subset font lacks replaced (a narrow space becomes a space). */
  clean(text: string, font: PDFFont) {
    let charset = this.charsets.get(font);
    if (!charset) {
      charset = new Set(font.getCharacterSet());
      this.charsets.set(font, charset);
    }
    return [...text]
      .map((c) => (charset.has(c.codePointAt(0)!) ? c : c === '\u202f' ? '\u00a0' : ' '))
      .join('');
  }

  /**
   * The width of the text: the sum of its characters' advances. The embedded font has no layout
   * tables (fonts.ts), so this is exactly what pdf-lib measures, without shaping every candidate
   * line that `wrap` tries.
   */
  measure(text: string, style: TextStyle = {}) {
    const font = this.font(style);
    let advances = this.advances.get(font);
    if (!advances) {
      advances = new Map();
      this.advances.set(font, advances);
    }
    let width = 0;
    for (const char of this.clean(text, font)) {
      let advance = advances.get(char);
      if (advance === undefined) {
        advance = font.widthOfTextAtSize(char, 1);
        advances.set(char, advance);
      }
      width += advance;
    }
    return width * (style.size ?? 9);
  }

  /**
   * The font's name in the page's resources. pdf-lib's `page.drawText({font})` adds a new name for
   * the font at every call (a 200-line invoice had 185 on each page, each one found by scanning the
   * others): here each page names each font once.
   */
  fontKey(page: PDFPage, font: PDFFont): PDFName {
    let keys = this.fontKeys.get(page);
    if (!keys) {
      keys = new Map();
      this.fontKeys.set(page, keys);
    }
    let key = keys.get(font);
    if (!key) {
      key = page.node.newFontDictionary(font.name, font.ref);
      keys.set(font, key);
    }
    return key;
  }

  /** Draws a line of text on the page in the font, with the page's one name for that font. */
  text(
    page: PDFPage,
    text: string,
    options: { x: number; y: number; size: number; font: PDFFont; color: ReturnType<typeof rgb> },
    extra: { rotate?: number; graphicsState?: PDFName } = {},
  ) {
    const { font, ...at } = options;
    page.pushOperators(
      ...drawText(font.encodeText(text), {
        ...at,
        font: this.fontKey(page, font),
        rotate: degrees(extra.rotate ?? 0),
        xSkew: degrees(0),
        ySkew: degrees(0),
        ...(extra.graphicsState ? { graphicsState: extra.graphicsState } : {}),
      }),
    );
  }

  /** Splits a paragraph into lines no wider than `width` (a word wider than a line is cut). */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    for (const paragraph of text.split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.measure(candidate, style) <= width) {
          line = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        for (const char of word) {
          if (line && this.measure(line + char, style) > width) {
            lines.push(line);
            line = '';
          }
          line += char;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /** Draws one line at (x, y) without moving the cursor; `align` right puts its end at x. */
  at(text: string, x: number, y: number, style: TextStyle = {}, align: 'left' | 'right' = 'left') {
    const font = this.font(style);
    const size = style.size ?? 9;
    const clean = this.clean(text, font);
    const left = align === 'right' ? x - this.measure(clean, style) : x;
    this.text(this.page, clean, { x: left, y, size, font, color: style.color ?? ink });
  }

  /** A wrapped paragraph at the cursor, then the cursor below it. */
  paragraph(text: string, style: TextStyle = {}, x = margin, width = this.width) {
    const size = style.size ?? 9;
    const lineHeight = size * 1.35;
    for (const line of this.wrap(text, width, style)) {
      this.room(lineHeight);
      this.y -= lineHeight;
      this.at(line, x, this.y + size * 0.3, style);
    }
  }

  gap(points: number) {
    this.y -= points;
  }

  hr(color = rule) {
    this.page.drawLine({
      start: { x: margin, y: this.y },
      end: { x: pageSize[0] - margin, y: this.y },
      thickness: 0.6,
      color,
    });
  }
}

/** The columns of the lines table: right edges for the figures. */
const columns = {
  label: margin,
  labelWidth: 238,
  quantity: margin + 300,
  unit: margin + 306,
  price: margin + 400,
  vat: margin + 440,
  total: pageSize[0] - margin,
};

function customerBlock(document: InvoiceDocument): string[] {
  const c = document.customer;
  const name = c.companyName.trim() || [c.civility, c.firstName, c.lastName].filter(Boolean).join(' ');
  const lines = [name, c.address, `${c.zipCode} ${c.city}`.trim()];
  if (!isFrance(c.country)) lines.push(c.country);
  if (isBusiness(c)) {
    if (c.siret.trim()) lines.push(`SIREN ${sirenOf(c.siret)} — SIRET ${c.siret}`);
    if (c.vatNumber.trim()) lines.push(`TVA intracommunautaire ${c.vatNumber}`);
  }
  return lines.filter((line) => line.trim() !== '');
}

/** The works address is printed only when it is not the customer's own (a mandatory mention then). */
function sameAddress(site: string, customer: InvoiceDocument['customer']) {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
  return fold(site) === fold(`${customer.address} ${customer.zipCode} ${customer.city}`);
}

function sellerBlock(document: InvoiceDocument): string[] {
  const c = document.company;
  return [
    `${c.address}`,
    `${c.zipCode} ${c.city}${isFrance(c.country) ? '' : `, ${c.country}`}`,
    [c.phone && `Tél. ${c.phone}`, c.email].filter(Boolean).join(' — '),
    c.website,
  ].filter((line) => line.trim() !== '');
}

/** A stored logo drawn when it is a PNG or JPEG (what pdf-lib embeds), else null (left out). */
async function embedLogo(pdf: PDFDocument, logo: DocumentLogo | null | undefined) {
  if (!logo || !['image/png', 'image/jpeg'].includes(logo.contentType)) return null;
  try {
    return logo.contentType === 'image/png' ? await pdf.embedPng(logo.bytes) : await pdf.embedJpg(logo.bytes);
  } catch {
    // An unreadable image is left out rather than failing the invoice.
    return null;
  }
}

/** The footer logo's box: at most 90 × 26 points, at the footer's right, above the page number. */
const footerLogoBox = { width: 90, height: 26 };

async function header(w: Writer, document: InvoiceDocument) {
  const { company, settings } = document;
  if (settings.headerText) {
    w.paragraph(settings.headerText, { size: 8, color: muted });
    w.gap(6);
  }
  const logo = await embedLogo(w.pdf, document.logos?.header);
  if (logo) {
    // At most 160 × 56 points, its proportions kept, above the seller's name.
    const scale = Math.min(160 / logo.width, 56 / logo.height, 1);
    w.page.drawImage(logo, {
      x: margin,
      y: w.y - logo.height * scale,
      width: logo.width * scale,
      height: logo.height * scale,
    });
    w.gap(logo.height * scale + 6);
  }
  const sellerTop = w.y;
  w.paragraph(
    settings.invoiceCompanyName || company.name,
    { size: 13, bold: true, color: accent },
    margin,
    260,
  );
  for (const line of sellerBlock(document)) w.paragraph(line, { size: 8.5 }, margin, 260);
  const sellerBottom = w.y;

  // Right column: title, number, dates.
  const right = pageSize[0] - margin;
  let y = sellerTop - 14;
  const title = document.kind === 'simple' ? settings.invoiceTitle || 'Facture' : documentKindName(document);
  w.at(title.toUpperCase(), right, y, { size: 15, bold: true, color: accent }, 'right');
  y -= 16;
  w.at(
    document.number ? `N° ${document.number}` : 'PROVISOIRE — sans numéro',
    right,
    y,
    { size: 10, bold: true },
    'right',
  );
  y -= 13;
  w.at(`Date : ${frenchDate(document.date)}`, right, y, { size: 9 }, 'right');
  if (document.kind !== 'credit_note') {
    y -= 12;
    w.at(`Échéance : ${frenchDate(document.dueDate)}`, right, y, { size: 9 }, 'right');
  }
  w.y = Math.min(sellerBottom, y - 4);
}

function parties(w: Writer, document: InvoiceDocument) {
  w.gap(14);
  const boxX = 318;
  const startY = w.y;
  w.at('Client', boxX, w.y - 9, { size: 8, bold: true, color: muted });
  w.y -= 10;
  for (const line of customerBlock(document))
    w.paragraph(
      line,
      { size: 9, bold: line === customerBlock(document)[0] },
      boxX,
      pageSize[0] - margin - boxX,
    );
  const customerBottom = w.y;
  w.y = startY;
  const works: string[] = [];
  if (document.job) {
    works.push(`Affaire : ${document.job.name}`);
    if (document.job.siteAddress.trim() && !sameAddress(document.job.siteAddress, document.customer))
      works.push(`Adresse des travaux : ${document.job.siteAddress}`);
  }
  if (document.quote) works.push(`Devis n° ${document.quote.number} du ${frenchDate(document.quote.date)}`);
  if (document.kind === 'deposit')
    works.push(`Acompte de ${frenchPercent(document.depositBasisPoints ?? 0)} à la commande`);
  else {
    const done = worksDateOf(document);
    works.push(
      done.from === 'reception'
        ? `Réception des travaux : ${frenchDate(done.date)}`
        : `Date d'exécution des travaux : ${frenchDate(done.date)}`,
    );
  }
  if (document.corrects)
    works.push(`Facture corrigée : n° ${document.corrects.number} du ${frenchDate(document.corrects.date)}`);
  if (document.title) works.push(`Objet : ${document.title}`);
  for (const line of works) w.paragraph(line, { size: 8.5 }, margin, boxX - margin - 16);
  w.y = Math.min(w.y, customerBottom);
}

function linesTable(w: Writer, document: InvoiceDocument) {
  const sign = documentSign(document);
  const precision = document.settings;
  const headerRow = () => {
    w.room(30);
    w.gap(16);
    const y = w.y;
    w.page.drawRectangle({ x: margin, y: y - 5, width: w.width, height: 17, color: rgb(0.93, 0.95, 0.98) });
    w.at('Désignation', columns.label + 4, y, { size: 8, bold: true });
    w.at('Qté', columns.quantity, y, { size: 8, bold: true }, 'right');
    w.at('Unité', columns.unit, y, { size: 8, bold: true });
    w.at('PU HT', columns.price, y, { size: 8, bold: true }, 'right');
    w.at('TVA', columns.vat, y, { size: 8, bold: true }, 'right');
    w.at('Total HT', columns.total - 4, y, { size: 8, bold: true }, 'right');
    w.gap(10);
  };
  headerRow();
  let chapter = '';
  for (const line of document.lines) {
    if (line.chapter && line.chapter !== chapter) {
      chapter = line.chapter;
      w.room(18);
      w.gap(4);
      w.paragraph(
        chapter,
        { size: 8.5, bold: true, color: accent },
        columns.label + 4,
        columns.labelWidth + 40,
      );
    }
    const labelLines = w.wrap(line.label, columns.labelWidth, { size: 8.5 });
    if (line.progressBasisPoints !== null) labelLines.push(progressText(line.progressBasisPoints));
    const height = labelLines.length * 11.5 + 3;
    if (w.y - height < margin + footerHeight) {
      w.newPage();
      headerRow();
    }
    const y = w.y - 11;
    w.at(
      frenchDecimal(sign * line.quantityMilli, 3, Math.min(precision.quantityPrecision, 3)),
      columns.quantity,
      y,
      { size: 8.5 },
      'right',
    );
    w.at(line.unit, columns.unit, y, { size: 8.5 });
    w.at(euros(line.unitPriceCents), columns.price, y, { size: 8.5 }, 'right');
    w.at(
      line.reverseCharge ? 'AL' : frenchPercent(line.vatBasisPoints),
      columns.vat,
      y,
      { size: 8.5 },
      'right',
    );
    w.at(euros(sign * line.totalExclTaxCents), columns.total - 4, y, { size: 8.5 }, 'right');
    labelLines.forEach((text, i) => {
      const progress = line.progressBasisPoints !== null && i === labelLines.length - 1;
      w.at(text, columns.label + 4, y - i * 11.5, {
        size: progress ? 7.5 : 8.5,
        color: progress ? muted : ink,
      });
    });
    w.y -= height;
    w.hr();
  }
}

function totals(w: Writer, document: InvoiceDocument) {
  const sign = documentSign(document);
  const a = document.amounts;
  const rows: [string, string, boolean?][] = [];
  if (a.depositHt !== 0) {
    rows.push(['Total des travaux HT', euros(sign * a.grossHt)]);
    rows.push(['Acomptes déduits HT', euros(-sign * a.depositHt)]);
    rows.push(['Acomptes déduits TTC', euros(-sign * a.depositTtc)]);
  }
  rows.push(['Total HT', euros(sign * a.ht), true]);
  for (const rate of document.vatRates) {
    if (rate.reverseCharge) rows.push([`TVA autoliquidée sur ${euros(sign * rate.ht)}`, euros(0)]);
    else
      rows.push([
        `TVA ${frenchPercent(rate.vatBasisPoints)} sur ${euros(sign * rate.ht)}`,
        euros(sign * rate.vat),
      ]);
  }
  rows.push(['Total TVA', euros(sign * a.vat)]);
  rows.push(['Total TTC', euros(sign * a.ttc), true]);
  if (a.retainage !== 0) {
    rows.push([
      `Retenue de garantie (${frenchPercent(document.job?.retainageBasisPoints ?? 0)})`,
      euros(-sign * a.retainage),
    ]);
  }
  rows.push([
    document.kind === 'credit_note' ? "Montant de l'avoir" : 'Net à payer',
    euros(sign * a.due),
    true,
  ]);
  w.room(rows.length * 13 + 16);
  w.gap(10);
  const labelX = pageSize[0] - margin - 250;
  for (const [label, value, strong] of rows) {
    w.y -= 13;
    w.at(label, labelX, w.y, { size: 9, bold: strong ?? false });
    w.at(value, columns.total - 4, w.y, { size: 9, bold: strong ?? false }, 'right');
  }
}

function section(w: Writer, title: string, lines: (string | null)[], size = 8) {
  const present = lines.filter((line): line is string => Boolean(line));
  if (present.length === 0) return;
  w.room(30);
  w.gap(10);
  w.paragraph(title, { size: 8.5, bold: true, color: accent });
  for (const line of present) w.paragraph(line, { size });
}

function footer(
  w: Writer,
  document: InvoiceDocument,
  legalLine: string,
  logo: Awaited<ReturnType<typeof embedLogo>>,
) {
  const total = w.pages.length;
  // The footer logo, its proportions kept, takes the right of the footer: the texts wrap before it.
  const scale = logo ? Math.min(footerLogoBox.width / logo.width, footerLogoBox.height / logo.height, 1) : 0;
  const logoWidth = logo ? logo.width * scale : 0;
  const textWidth = logo ? w.width - logoWidth - 10 : w.width;
  w.pages.forEach((page, i) => {
    w.page = page;
    page.drawLine({
      start: { x: margin, y: margin + footerHeight - 8 },
      end: { x: pageSize[0] - margin, y: margin + footerHeight - 8 },
      thickness: 0.6,
      color: rule,
    });
    if (logo) {
      const height = logo.height * scale;
      page.drawImage(logo, {
        x: pageSize[0] - margin - logoWidth,
        y: margin + footerHeight - 12 - height,
        width: logoWidth,
        height,
      });
    }
    const texts = [
      `${document.settings.invoiceCompanyName || document.company.name} — ${legalLine}`,
      document.settings.footerText,
    ].filter(Boolean);
    let y = margin + footerHeight - 20;
    for (const text of texts.flatMap((t) => w.wrap(t, textWidth, { size: 7 })).slice(0, 4)) {
      w.at(text, margin, y, { size: 7, color: muted });
      y -= 9;
    }
    // Below the footer texts, on a row of its own (a wrapped legal line never shares it).
    w.at(`Page ${i + 1} / ${total}`, pageSize[0] - margin, margin - 14, { size: 7, color: muted }, 'right');
    if (document.draft) {
      const translucent = page.node.newExtGState('GS', w.pdf.context.obj({ Type: 'ExtGState', ca: 0.15 }));
      w.text(
        page,
        'PROVISOIRE',
        { x: 120, y: 260, size: 96, font: w.fonts.bold, color: rgb(0.85, 0.2, 0.2) },
        { rotate: 45, graphicsState: translucent },
      );
    }
  });
}

/** Draws the invoice into a new pdf-lib document (the Factur-X parts are added by the caller). */
export async function drawInvoice(document: InvoiceDocument): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([poppins(400), poppins(600)]);
  const fonts = {
    regular: await pdf.embedFont(regular, { subset: true }),
    bold: await pdf.embedFont(bold, { subset: true }),
  };
  const w = new Writer(pdf, fonts);
  const mentions = mentionsOf(document);
  const { settings, bank } = document;

  await header(w, document);
  parties(w, document);
  linesTable(w, document);
  totals(w, document);

  const comments = [document.comment, settings.invoiceComment].filter((c) => c.trim() !== '');
  if (comments.length > 0) section(w, 'Commentaire', comments, 8.5);
  section(w, 'Paiement', [
    mentions.paymentTerms,
    mentions.retainage,
    mentions.latePenalty,
    mentions.recoveryIndemnity,
    mentions.noEarlyDiscount,
    settings.invoiceShowBank && bank
      ? [`Banque : ${bank.name}`, bank.iban && `IBAN : ${bank.iban}`, bank.bic && `BIC : ${bank.bic}`]
          .filter(Boolean)
          .join(' — ')
      : null,
  ]);
  section(w, 'Mentions légales', [
    mentions.creditNote,
    mentions.nature,
    mentions.vatOnDebits,
    mentions.reverseCharge,
    ...mentions.rateTexts,
    mentions.insurance,
  ]);
  if (settings.termsOnInvoice && settings.termsOfSale.trim()) {
    if (settings.termsOnNewPage) w.newPage();
    section(w, 'Conditions générales de vente', [settings.termsOfSale], 7.5);
  }
  footer(w, document, mentions.sellerLegal, await embedLogo(pdf, document.logos?.footer));
  return pdf;
}
