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
import { formatCents, formatIsoDate, formatPercent, formatQuantity } from '../../../src/contract/format.js';
import { printableText } from '../../../src/contract/printable.js';
import { documentFaces, faceBytes, faceCharacters, type Weight } from './fonts.js';
import { type InvoiceDocument, isBusiness, type StatementLine, worksDateOf } from './invoice-data.js';
import type { DocumentLogo } from './logos.js';
import { documentSign, documentTitle, mentionsOf, progressText, sirenOf } from './mentions.js';

export const pageSize: [number, number] = [595.28, 841.89];
export const margin = 42;
export const ink = rgb(0.13, 0.15, 0.2);
export const muted = rgb(0.38, 0.41, 0.47);
export const accent = rgb(0.11, 0.32, 0.6);
export const rule = rgb(0.82, 0.84, 0.88);
const white = rgb(1, 1, 1);

/** An embedded face and the characters it has. */
interface Face {
  font: PDFFont;
  chars: ReadonlySet<number>;
}

/** Per weight, the embedded faces in the order a character tries them (fonts.ts). */
interface Fonts {
  regular: Face[];
  bold: Face[];
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  color?: ReturnType<typeof rgb>;
}

/** How one character prints: the face that has it, or null for the replacement mark; its width at size 1. */
interface Glyph {
  face: Face | null;
  advance: number;
}

/** The replacement mark's width at size 1 (a diamond with a question mark, as U+FFFD looks). */
const replacementAdvance = 0.8;

/**
 * Every character the document may print (its JSON, logos left out), composed as it prints: the
 * faces beyond Poppins latin are embedded only when one of them is needed (an unused embedded
 * font still weighs in the file).
 */
function documentCodePoints(document: { logos?: unknown }): Set<number> {
  const { logos: _logos, ...rest } = document;
  const points = new Set<number>();
  for (const char of printableText(JSON.stringify(rest))) points.add(char.codePointAt(0)!);
  return points;
}

export async function embedFaces(
  pdf: PDFDocument,
  needed: ReadonlySet<number>,
  weight: Weight,
): Promise<Face[]> {
  const faces: Face[] = [];
  const covered = new Set<number>();
  for (const [i, face] of documentFaces.entries()) {
    const chars = await faceCharacters(face, weight);
    const useful = i === 0 || [...needed].some((c) => !covered.has(c) && chars.has(c));
    for (const c of chars) covered.add(c);
    if (useful)
      faces.push({ font: await pdf.embedFont(await faceBytes(face, weight), { subset: true }), chars });
  }
  return faces;
}

/** A cursor over pages: writes wrapped text downwards and opens a new page when one is full. */
export class Writer {
  page!: PDFPage;
  y = 0;
  readonly pages: PDFPage[] = [];
  /** The footer's height on every page (its texts are wrapped before the body is drawn). */
  footerHeight = 46;
  /** Each font's name in each page's resources, added once per page (see `at`). */
  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  /** How each character prints, per weight (see `glyph`). */
  private readonly glyphs = { regular: new Map<string, Glyph>(), bold: new Map<string, Glyph>() };
  /** The characters printed as the replacement mark, for the caller (tests, logs). */
  readonly replaced = new Set<string>();
  /** Every line of text drawn: its page, baseline start, width and size (the layout tests read it). */
  readonly drawn: { page: number; x: number; y: number; width: number; size: number; text: string }[] = [];

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
    if (this.y - height < margin + this.footerHeight) this.newPage();
  }

  /** The first face of the weight that has the character, else null (the replacement mark). */
  glyph(char: string, style: TextStyle): Glyph {
    const weight = style.bold ? 'bold' : 'regular';
    const cache = this.glyphs[weight];
    let glyph = cache.get(char);
    if (!glyph) {
      const codePoint = char.codePointAt(0)!;
      const face = this.fonts[weight].find((f) => f.chars.has(codePoint)) ?? null;
      glyph = { face, advance: face ? face.font.widthOfTextAtSize(char, 1) : replacementAdvance };
      cache.set(char, glyph);
    }
    return glyph;
  }

  /**
   * The width of the text: the sum of its characters' advances. The embedded faces have no layout
   * tables (fonts.ts), so this is exactly what pdf-lib measures, without shaping every candidate
   * line that `wrap` tries.
   */
  measure(text: string, style: TextStyle = {}) {
    return this.advance(oneLine(text), style);
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

  /**
   * The replacement mark of a character no embedded face has: a dark diamond with a white « ? »,
   * as U+FFFD looks (no face has U+FFFD itself). Never an empty space: a letter is not dropped
   * silently (the editor warns before validation, src/contract/printable.ts).
   */
  replacement(x: number, y: number, size: number, color: ReturnType<typeof rgb>) {
    const half = (replacementAdvance * size) / 2;
    const centre = { x: x + half, y: y + size * 0.33 };
    const r = half * 0.92;
    this.page.drawSvgPath(`M 0 ${-r} L ${r} 0 L 0 ${r} L ${-r} 0 Z`, { ...centre, color });
    const mark = this.fonts.bold[0]!.font;
    const markSize = size * 0.62;
    this.text(this.page, '?', {
      x: centre.x - mark.widthOfTextAtSize('?', markSize) / 2,
      y: centre.y - markSize * 0.36,
      size: markSize,
      font: mark,
      color: white,
    });
  }

  /** The width of text already printable (`printableText`, one line): the sum of its advances. */
  private advance(text: string, style: TextStyle) {
    let width = 0;
    for (const char of text) width += this.glyph(char, style).advance;
    return width * (style.size ?? 9);
  }

  /**
   * Splits a paragraph into lines no wider than `width` (a word wider than a line is cut). Each
   * word is measured once: a 20 000-character text wraps in linear time.
   */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    const space = this.advance(' ', style);
    for (const paragraph of printableText(text).split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(' ')) {
        const wordWidth = this.advance(word, style);
        const candidate = line ? lineWidth + space + wordWidth : wordWidth;
        if (candidate <= width) {
          line = line ? `${line} ${word}` : word;
          lineWidth = candidate;
          continue;
        }
        if (line) lines.push(line);
        line = '';
        lineWidth = 0;
        for (const char of word) {
          const charWidth = this.advance(char, style);
          if (line && lineWidth + charWidth > width) {
            lines.push(line);
            line = '';
            lineWidth = 0;
          }
          line += char;
          lineWidth += charWidth;
        }
      }
      lines.push(line);
    }
    return lines;
  }

  /**
   * Draws one line at (x, y) without moving the cursor; `align` right puts its end at x. Each run
   * of characters is drawn in the first face that has them; a character none has, as the mark.
   */
  at(text: string, x: number, y: number, style: TextStyle = {}, align: 'left' | 'right' = 'left') {
    const size = style.size ?? 9;
    const color = style.color ?? ink;
    const line = oneLine(text);
    const width = this.measure(line, style);
    let left = align === 'right' ? x - width : x;
    this.drawn.push({ page: this.pages.indexOf(this.page), x: left, y, width, size, text: line });
    let run = '';
    let runFace: Face | null = null;
    const flush = () => {
      if (run && runFace) this.text(this.page, run, { x: left, y, size, font: runFace.font, color });
      if (run) left += this.measure(run, style);
      run = '';
    };
    for (const char of line) {
      const { face } = this.glyph(char, style);
      if (!face) {
        flush();
        this.replaced.add(char);
        this.replacement(left, y, size, color);
        left += replacementAdvance * size;
        runFace = null;
        continue;
      }
      if (face !== runFace) flush();
      runFace = face;
      run += char;
    }
    flush();
  }

  /**
   * The largest size (down to 60 % of `size`) at which the text fits in `width`: a figure is never
   * cut, and a column's neighbour is never overlapped.
   */
  fit(text: string, width: number, style: TextStyle = {}): TextStyle {
    const size = style.size ?? 9;
    const natural = this.measure(text, style);
    if (natural <= width) return style;
    return { ...style, size: Math.max(size * 0.6, (size * width) / natural) };
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

/** The text as one printed line: printable (src/contract/printable.ts), a line break as a space. */
function oneLine(text: string) {
  // Most strings are plain Latin-1 already (figures, labels): nothing to compose or replace.
  if (/^[\x20-\x7e\u00a0-\u00ff]*$/.test(text)) return text;
  return printableText(text).replaceAll('\n', ' ');
}

export const right = pageSize[0] - margin;

/**
 * The columns of the lines table: x and width of each cell, figures right-aligned at x + width.
 * No two overlap; a text cell wraps in its width, a figure shrinks to fit it (`Writer.fit`).
 */
export const columns = {
  label: { x: margin + 4, width: 206 },
  quantity: { x: margin + 218, width: 56 },
  unit: { x: margin + 280, width: 40 },
  price: { x: margin + 326, width: 66 },
  vat: { x: margin + 396, width: 34 },
  total: { x: right - 74, width: 70 },
};

/** The columns of a progress statement (état de situation): the contract, the progress, the money. */
const statementColumns = {
  label: { x: margin + 4, width: 160 },
  contract: { x: margin + 170, width: 68 },
  percent: { x: margin + 242, width: 46 },
  cumulative: { x: margin + 294, width: 66 },
  previous: { x: margin + 366, width: 66 },
  current: { x: right - 72, width: 68 },
};

export type Column = { x: number; width: number };

/** A figure at the right of its column, shrunk when wider than it. */
export function figure(w: Writer, text: string, column: Column, y: number, style: TextStyle) {
  w.at(text, column.x + column.width, y, w.fit(text, column.width, style), 'right');
}

export function customerBlock(document: Pick<InvoiceDocument, 'customer'>): string[] {
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
export function sameAddress(site: string, customer: InvoiceDocument['customer']) {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '');
  return fold(site) === fold(`${customer.address} ${customer.zipCode} ${customer.city}`);
}

export function sellerBlock(document: Pick<InvoiceDocument, 'company'>): string[] {
  const c = document.company;
  return [
    `${c.address}`,
    `${c.zipCode} ${c.city}${isFrance(c.country) ? '' : `, ${c.country}`}`,
    [c.phone && `Tél. ${c.phone}`, c.email].filter(Boolean).join(' — '),
    c.website,
  ].filter((line) => line.trim() !== '');
}

/** A stored logo drawn when it is a PNG or JPEG (what pdf-lib embeds), else null (left out). */
export async function embedLogo(pdf: PDFDocument, logo: DocumentLogo | null | undefined) {
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

/** The header's columns: the seller at the left, the document's title, number and dates at the right. */
const sellerColumn = { x: margin, width: 250 };
export const titleColumn = { x: margin + 266, width: right - (margin + 266) };

async function header(w: Writer, document: InvoiceDocument) {
  // Right column: title, number, dates, each wrapped in the column (a title of 100 characters too).
  const heading = [
    ...columnLines(
      w,
      documentTitle(document).toUpperCase(),
      { size: 15, bold: true, color: accent },
      titleColumn,
      {
        align: 'right',
        height: 17,
      },
    ),
    ...(document.statement && document.kind === 'progress'
      ? columnLines(
          w,
          `Situation n° ${document.statement.number}`,
          { size: 10, bold: true, color: accent },
          titleColumn,
          {
            align: 'right',
            height: 13,
          },
        )
      : []),
    ...columnLines(
      w,
      // A no-break space: « N° » never ends a line of its own.
      document.number ? `N°\u00a0${document.number}` : 'PROVISOIRE — sans numéro',
      { size: 10, bold: true },
      titleColumn,
      { align: 'right', height: 15 },
    ),
    ...columnLines(w, `Date : ${formatIsoDate(document.date)}`, { size: 9 }, titleColumn, {
      align: 'right',
      height: 12,
    }),
    ...(document.kind !== 'credit_note'
      ? columnLines(w, `Échéance : ${formatIsoDate(document.dueDate)}`, { size: 9 }, titleColumn, {
          align: 'right',
          height: 12,
        })
      : []),
  ];
  await pageHeader(w, document, document.settings.invoiceCompanyName || document.company.name, heading);
}

/**
 * The top of a document (an invoice, a quote): the settings' header text, the company logo, the
 * seller's name and address at the left, and `heading` (the document's title, number and dates,
 * wrapped in `titleColumn`) at the right.
 */
export async function pageHeader(
  w: Writer,
  document: Pick<InvoiceDocument, 'company' | 'settings' | 'logos'>,
  sellerName: string,
  heading: ColumnLine[],
) {
  const { settings } = document;
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
  const seller = [
    ...columnLines(w, sellerName, { size: 13, bold: true, color: accent }, sellerColumn),
    ...sellerBlock(document).flatMap((line) => columnLines(w, line, { size: 8.5 }, sellerColumn)),
  ];
  sideBySide(w, seller, heading);
  w.gap(4);
}

/** One wrapped line of a column: its text, style, x (its right end when aligned right) and height. */
export interface ColumnLine {
  text: string;
  style: TextStyle;
  x: number;
  align: 'left' | 'right';
  height: number;
}

/** The text wrapped in the column, as lines of `height` (1,35 × the size by default). */
export function columnLines(
  w: Writer,
  text: string,
  style: TextStyle,
  column: Column,
  options: { align?: 'left' | 'right'; height?: number } = {},
): ColumnLine[] {
  const align = options.align ?? 'left';
  const height = options.height ?? (style.size ?? 9) * 1.35;
  return w.wrap(text, column.width, style).map((line) => ({
    text: line,
    style,
    x: align === 'right' ? column.x + column.width : column.x,
    align,
    height,
  }));
}

/**
 * Two columns side by side from the cursor, then the cursor below the longer one. When both fit
 * on the page each keeps its own line spacing; otherwise they are drawn row by row, so that a page
 * break (fields at their longest) carries both columns on, never one over the other.
 */
export function sideBySide(w: Writer, left: ColumnLine[], right: ColumnLine[]) {
  const heightOf = (lines: ColumnLine[]) => lines.reduce((total, line) => total + line.height, 0);
  const draw = (line: ColumnLine, bottom: number) =>
    w.at(line.text, line.x, bottom + (line.style.size ?? 9) * 0.3, line.style, line.align);
  if (w.y - Math.max(heightOf(left), heightOf(right)) >= margin + w.footerHeight) {
    const top = w.y;
    let bottom = top;
    for (const lines of [left, right]) {
      let y = top;
      for (const line of lines) {
        y -= line.height;
        draw(line, y);
      }
      bottom = Math.min(bottom, y);
    }
    w.y = bottom;
    return;
  }
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const height = Math.max(left[i]?.height ?? 0, right[i]?.height ?? 0);
    w.room(height);
    w.y -= height;
    if (left[i]) draw(left[i]!, w.y);
    if (right[i]) draw(right[i]!, w.y);
  }
}

/** The customer's column (right) and the works' (left): job, site, quote, works date, subject. */
export const customerColumn = { x: 318, width: right - 318 };
export const worksColumn = { x: margin, width: customerColumn.x - margin - 16 };

function parties(w: Writer, document: InvoiceDocument) {
  w.gap(14);
  const customer = [
    {
      text: 'Client',
      style: { size: 8, bold: true, color: muted },
      x: customerColumn.x,
      align: 'left',
      height: 10,
    },
    ...customerBlock(document).flatMap((line, i) =>
      columnLines(w, line, { size: 9, bold: i === 0 }, customerColumn),
    ),
  ] satisfies ColumnLine[];
  const works: string[] = [];
  if (document.job) {
    works.push(`Affaire : ${document.job.name}`);
    if (document.job.siteAddress.trim() && !sameAddress(document.job.siteAddress, document.customer))
      works.push(`Adresse des travaux : ${document.job.siteAddress}`);
  }
  if (document.quote)
    works.push(`Devis n° ${document.quote.number} du ${formatIsoDate(document.quote.date)}`);
  if (document.kind === 'deposit')
    works.push(`Acompte de ${formatPercent(document.depositBasisPoints ?? 0)} à la commande`);
  else {
    const done = worksDateOf(document);
    works.push(
      done.from === 'reception'
        ? `Réception des travaux : ${formatIsoDate(done.date)}`
        : `Date d'exécution des travaux : ${formatIsoDate(done.date)}`,
    );
  }
  if (document.corrects)
    works.push(
      `Facture corrigée : n° ${document.corrects.number} du ${formatIsoDate(document.corrects.date)}`,
    );
  if (document.title) works.push(`Objet : ${document.title}`);
  sideBySide(
    w,
    works.flatMap((line) => columnLines(w, line, { size: 8.5 }, worksColumn)),
    customer,
  );
}

/** The table's header row: each column's title, wrapped in the column (two lines at most). */
export function tableHeader(w: Writer, titles: [string, Column, 'left' | 'right'][]) {
  const style = { size: 7.5, bold: true };
  // 4 points kept free beside each title, so that two neighbours never touch.
  const wrapped = titles.map(([title, column]) => w.wrap(title, column.width - 4, style));
  const rows = Math.max(...wrapped.map((lines) => lines.length));
  const height = rows * 9.5 + 8;
  w.room(height + 30);
  w.gap(12);
  w.page.drawRectangle({ x: margin, y: w.y - height, width: w.width, height, color: rgb(0.93, 0.95, 0.98) });
  titles.forEach(([, column, align], i) => {
    wrapped[i]!.forEach((line, row) => {
      const y = w.y - 10 - row * 9.5;
      w.at(line, align === 'right' ? column.x + column.width : column.x, y, style, align);
    });
  });
  w.gap(height);
}

export const chapterStyle = { size: 8.5, bold: true, color: accent };

/**
 * Room for a row of `height`, and for the title of the chapter it opens: both start a new page
 * together (a chapter's title never ends a page alone), and a new page repeats the table's header.
 */
export function rowRoom(w: Writer, height: number, chapter: string | null, headerRow: () => void) {
  const chapterHeight = chapter ? 4 + w.wrap(chapter, w.width - 8, chapterStyle).length * 8.5 * 1.35 : 0;
  if (w.y - height - chapterHeight < margin + w.footerHeight) {
    w.newPage();
    headerRow();
  }
  if (chapter) {
    w.gap(4);
    w.paragraph(chapter, chapterStyle, margin + 4, w.width - 8);
  }
}

function linesTable(w: Writer, document: InvoiceDocument) {
  const sign = documentSign(document);
  const precision = document.settings;
  const headerRow = () =>
    tableHeader(w, [
      ['Désignation', columns.label, 'left'],
      ['Qté', columns.quantity, 'right'],
      ['Unité', columns.unit, 'left'],
      ['PU HT', columns.price, 'right'],
      ['TVA', columns.vat, 'right'],
      ['Total HT', columns.total, 'right'],
    ]);
  headerRow();
  let chapter = '';
  const style = { size: 8.5 };
  for (const line of document.lines) {
    const opens = line.chapter && line.chapter !== chapter ? line.chapter : null;
    if (opens) chapter = opens;
    const labelLines = w.wrap(line.label, columns.label.width, style);
    // Documents frozen before the statement layout: the cumulative progress under the label.
    const legacyProgress = line.progressBasisPoints !== null && document.previousStatements === undefined;
    if (legacyProgress) labelLines.push(progressText(line.progressBasisPoints!));
    const unitLines = w.wrap(line.unit, columns.unit.width, style);
    const height = Math.max(labelLines.length, unitLines.length) * 11.5 + 3;
    rowRoom(w, height, opens, headerRow);
    const y = w.y - 11;
    figure(
      w,
      formatQuantity(sign * line.quantityMilli, precision.quantityPrecision),
      columns.quantity,
      y,
      style,
    );
    unitLines.forEach((text, i) => {
      w.at(text, columns.unit.x, y - i * 11.5, style);
    });
    figure(w, formatCents(line.unitPriceCents), columns.price, y, style);
    figure(w, line.reverseCharge ? 'AL' : formatPercent(line.vatBasisPoints), columns.vat, y, style);
    figure(w, formatCents(sign * line.totalExclTaxCents), columns.total, y, style);
    labelLines.forEach((text, i) => {
      const progress = legacyProgress && i === labelLines.length - 1;
      w.at(text, columns.label.x, y - i * 11.5, {
        size: progress ? 7.5 : 8.5,
        color: progress ? muted : ink,
      });
    });
    w.y -= height;
    w.hr();
  }
}

/**
 * What a statement line is on the quote, the mentions an invoice line owes (CGI art. 242 nonies A:
 * quantity, unit price HT, VAT rate): « Qté 12,50 m² — PU HT 45,00 € — TVA 20 % ».
 */
function contractText(line: StatementLine, document: InvoiceDocument) {
  const quantity = formatQuantity(line.quantityMilli, document.settings.quantityPrecision);
  const vat = document.reverseCharge ? 'TVA autoliquidée' : `TVA ${formatPercent(line.vatBasisPoints)}`;
  // A discounted quote's line: its contract amount is quantity × unit price less its share.
  const discount = line.discountCents ? ` — remise ${formatCents(line.discountCents)}` : '';
  return `Qté ${quantity} ${line.unit} — PU HT ${formatCents(line.unitPriceCents)}${discount} — ${vat}`;
}

/**
 * The lines of a progress statement as the trade reads an « état de situation »: every line of the
 * quote with its contract amount, its cumulative progress (percentage and amount), what the
 * previous statements billed and what this one bills (cumulative − previous).
 */
function statementTable(w: Writer, document: InvoiceDocument) {
  const statement = document.statement!;
  const c = statementColumns;
  const headerRow = () =>
    tableHeader(w, [
      ['Désignation', c.label, 'left'],
      ['Montant du marché HT', c.contract, 'right'],
      ['Avanc. cumulé', c.percent, 'right'],
      ['Cumul HT', c.cumulative, 'right'],
      ['Déjà facturé HT', c.previous, 'right'],
      [document.kind === 'final' ? 'Cette facture HT' : 'Cette situation HT', c.current, 'right'],
    ]);
  headerRow();
  let chapter = '';
  const style = { size: 8.5 };
  const small = { size: 7, color: muted };
  for (const line of statement.lines) {
    const opens = line.chapter && line.chapter !== chapter ? line.chapter : null;
    if (opens) chapter = opens;
    const labelLines = w.wrap(line.label, c.label.width, style);
    const contractLines = w.wrap(contractText(line, document), c.label.width, small);
    const height = labelLines.length * 11.5 + contractLines.length * 9 + 4;
    rowRoom(w, height, opens, headerRow);
    const y = w.y - 11;
    labelLines.forEach((text, i) => {
      w.at(text, c.label.x, y - i * 11.5, style);
    });
    contractLines.forEach((text, i) => {
      w.at(text, c.label.x, y - labelLines.length * 11.5 - i * 9 + 2, small);
    });
    figure(w, formatCents(line.contractHt), c.contract, y, style);
    figure(w, formatPercent(line.percent), c.percent, y, { size: 8.5, bold: true });
    figure(w, formatCents(line.cumulativeHt), c.cumulative, y, style);
    figure(w, formatCents(line.previousHt), c.previous, y, style);
    figure(w, formatCents(line.thisHt), c.current, y, { size: 8.5, bold: true });
    if (line.previousPercent > 0)
      figure(w, `(${formatPercent(line.previousPercent)})`, c.previous, y - 10, small);
    w.y -= height;
    w.hr();
  }
  // The columns' sums: they are the recap's « cumul », « déjà facturé » and « cette situation ».
  w.room(16);
  const y = w.y - 11;
  w.at('Total', c.label.x, y, { size: 8.5, bold: true });
  figure(w, formatCents(statement.contractHt), c.contract, y, { size: 8.5, bold: true });
  if (statement.contractHt > 0)
    figure(
      w,
      formatPercent(Math.round((statement.cumulativeHt * 10000) / statement.contractHt)),
      c.percent,
      y,
      {
        size: 8.5,
        bold: true,
      },
    );
  figure(w, formatCents(statement.cumulativeHt), c.cumulative, y, { size: 8.5, bold: true });
  figure(w, formatCents(statement.previousHt), c.previous, y, { size: 8.5, bold: true });
  figure(w, formatCents(statement.thisHt), c.current, y, { size: 8.5, bold: true });
  w.y -= 16;
}

export type TotalRow = { label: string; value: string; strong?: boolean; note?: boolean };

/** The deposit invoices a statement or the final invoice deducts, by number and date. */
function depositNotes(document: InvoiceDocument): TotalRow[] {
  return (document.deposits ?? []).map((deposit) => ({
    label: `Facture d'acompte n° ${deposit.number} du ${formatIsoDate(deposit.date)} : ${formatCents(deposit.ht)} HT, ${formatCents(deposit.ttc)} TTC`,
    value: '',
    note: true,
  }));
}

function totals(w: Writer, document: InvoiceDocument) {
  const sign = documentSign(document);
  const a = document.amounts;
  const rows: TotalRow[] = [];
  const statement = document.statement;
  if (statement) {
    rows.push({ label: 'Montant du marché HT', value: formatCents(statement.contractHt) });
    rows.push({ label: 'Travaux réalisés à ce jour HT (cumul)', value: formatCents(statement.cumulativeHt) });
    rows.push({
      label:
        statement.number > 2
          ? `Situations précédentes HT (n° 1 à ${statement.number - 1})`
          : statement.number === 2
            ? 'Situation précédente HT (n° 1)'
            : 'Situations précédentes HT',
      value: formatCents(-statement.previousHt),
    });
    rows.push({
      label: document.kind === 'final' ? 'Montant de cette facture HT' : 'Montant de cette situation HT',
      value: formatCents(a.grossHt),
      strong: true,
    });
    if (a.depositHt !== 0) {
      rows.push({ label: 'Acomptes déduits HT', value: formatCents(-a.depositHt) });
      rows.push({ label: 'Acomptes déduits TTC', value: formatCents(-a.depositTtc) });
      rows.push(...depositNotes(document));
    }
  } else if (a.depositHt !== 0) {
    rows.push({ label: 'Total des travaux HT', value: formatCents(sign * a.grossHt) });
    rows.push({ label: 'Acomptes déduits HT', value: formatCents(-sign * a.depositHt) });
    rows.push({ label: 'Acomptes déduits TTC', value: formatCents(-sign * a.depositTtc) });
    rows.push(...depositNotes(document));
  }
  rows.push({ label: 'Total HT', value: formatCents(sign * a.ht), strong: true });
  for (const rate of document.vatRates) {
    if (rate.reverseCharge)
      rows.push({ label: `TVA autoliquidée sur ${formatCents(sign * rate.ht)}`, value: formatCents(0) });
    else
      rows.push({
        label: `TVA ${formatPercent(rate.vatBasisPoints)} sur ${formatCents(sign * rate.ht)}`,
        value: formatCents(sign * rate.vat),
      });
  }
  rows.push({ label: 'Total TVA', value: formatCents(sign * a.vat) });
  rows.push({ label: 'Total TTC', value: formatCents(sign * a.ttc), strong: true });
  if (a.retainage !== 0) {
    rows.push({
      label: `Retenue de garantie (${formatPercent(document.job?.retainageBasisPoints ?? 0)})`,
      value: formatCents(-sign * a.retainage),
    });
  }
  rows.push({
    label: document.kind === 'credit_note' ? "Montant de l'avoir" : 'Net à payer',
    value: formatCents(sign * a.due),
    strong: true,
  });
  drawTotalRows(w, rows);
}

/** The totals' rows at the right of the page: labels wrapped, figures right-aligned (invoices, quotes). */
export function drawTotalRows(w: Writer, rows: TotalRow[]) {
  const labelX = right - 270;
  const valueWidth = 86;
  const labelWidth = right - 4 - valueWidth - 8 - labelX;
  const laid = rows.map((row) => {
    const style: TextStyle = row.note ? { size: 7.5, color: muted } : { size: 9, bold: row.strong ?? false };
    return { row, style, lines: w.wrap(row.label, labelWidth, style) };
  });
  const heightOf = (item: (typeof laid)[number]) => item.lines.length * ((item.style.size ?? 9) + 3) + 1;
  w.room(laid.reduce((total, item) => total + heightOf(item), 0) + 10);
  w.gap(10);
  for (const item of laid) {
    w.room(heightOf(item));
    const lineHeight = (item.style.size ?? 9) + 3;
    item.lines.forEach((line, i) => {
      w.at(line, labelX, w.y - lineHeight * (i + 1) + 2, item.style);
    });
    if (item.row.value)
      figure(
        w,
        item.row.value,
        { x: right - 4 - valueWidth, width: valueWidth },
        w.y - lineHeight + 2,
        item.style,
      );
    w.y -= heightOf(item);
  }
}

export function section(w: Writer, title: string, lines: (string | null)[], size = 8) {
  const present = lines.filter((line): line is string => Boolean(line));
  if (present.length === 0) return;
  w.room(30);
  w.gap(10);
  w.paragraph(title, { size: 8.5, bold: true, color: accent });
  for (const line of present) w.paragraph(line, { size });
}

/** The footer's text lines, at most this many (with « … » when cut): the same on every page. */
const footerMaxLines = 10;
const footerLineHeight = 9;

export function footerLines(
  w: Writer,
  document: Pick<InvoiceDocument, 'company' | 'settings'>,
  legalLine: string,
  logo: Awaited<ReturnType<typeof embedLogo>>,
  companyName = document.settings.invoiceCompanyName || document.company.name,
) {
  const textWidth = logo ? w.width - footerLogoWidth(logo) - 10 : w.width;
  const style = { size: 7 };
  const lines = [`${companyName} — ${legalLine}`, document.settings.footerText]
    .filter(Boolean)
    .flatMap((text) => w.wrap(text, textWidth, style));
  if (lines.length <= footerMaxLines) return lines;
  const kept = lines.slice(0, footerMaxLines);
  let last = kept[footerMaxLines - 1]!;
  while (last && w.measure(`${last}…`, style) > textWidth) last = last.slice(0, -1);
  kept[footerMaxLines - 1] = `${last}…`;
  return kept;
}

const footerLogoWidth = (logo: NonNullable<Awaited<ReturnType<typeof embedLogo>>>) =>
  logo.width * Math.min(footerLogoBox.width / logo.width, footerLogoBox.height / logo.height, 1);

/** The footer's height: its lines, the rule above them, and the page number below. */
export const footerHeightOf = (lines: number) => Math.max(46, lines * footerLineHeight + 10);

export function footer(
  w: Writer,
  document: Pick<InvoiceDocument, 'draft'>,
  lines: string[],
  logo: Awaited<ReturnType<typeof embedLogo>>,
) {
  const total = w.pages.length;
  const top = margin + w.footerHeight - 8;
  // The footer logo, its proportions kept, takes the right of the footer: the texts wrap before it.
  const scale = logo ? Math.min(footerLogoBox.width / logo.width, footerLogoBox.height / logo.height, 1) : 0;
  w.pages.forEach((page, i) => {
    w.page = page;
    page.drawLine({
      start: { x: margin, y: top },
      end: { x: right, y: top },
      thickness: 0.6,
      color: rule,
    });
    if (logo) {
      const height = logo.height * scale;
      page.drawImage(logo, {
        x: right - footerLogoWidth(logo),
        y: top - 4 - height,
        width: footerLogoWidth(logo),
        height,
      });
    }
    lines.forEach((text, row) => {
      w.at(text, margin, top - 12 - row * footerLineHeight, { size: 7, color: muted });
    });
    // Below the footer texts, on a row of its own (a wrapped legal line never shares it).
    w.at(`Page ${i + 1} / ${total}`, right, margin - 14, { size: 7, color: muted }, 'right');
    if (document.draft) {
      const translucent = page.node.newExtGState('GS', w.pdf.context.obj({ Type: 'ExtGState', ca: 0.15 }));
      w.text(
        page,
        'PROVISOIRE',
        { x: 120, y: 260, size: 96, font: w.fonts.bold[0]!.font, color: rgb(0.85, 0.2, 0.2) },
        { rotate: 45, graphicsState: translucent },
      );
    }
  });
}

/** Draws the invoice into a new pdf-lib document (the Factur-X parts are added by the caller). */
export async function drawInvoice(document: InvoiceDocument): Promise<PDFDocument> {
  return (await layInvoice(document)).pdf;
}

/**
 * The invoice drawn, with its writer (the tests read what it replaced and where it drew). The
 * faces are embedded for the characters the document holds.
 */
export async function layInvoice(document: InvoiceDocument): Promise<Writer> {
  const w = await openWriter(document);
  const mentions = mentionsOf(document);
  const { settings, bank } = document;
  const footerLogo = await embedLogo(w.pdf, document.logos?.footer);
  const bottom = footerLines(w, document, mentions.sellerLegal, footerLogo);
  w.footerHeight = footerHeightOf(bottom.length);

  await header(w, document);
  parties(w, document);
  if (document.statement) statementTable(w, document);
  else linesTable(w, document);
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
  footer(w, document, bottom, footerLogo);
  return w;
}

/**
 * A new A4 document and its writer, the faces embedded for the characters `document` holds (its
 * JSON, logos left out): the invoice's and the quote's start (quote-pdf.ts).
 */
export async function openWriter(document: { logos?: unknown }): Promise<Writer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const needed = documentCodePoints(document);
  const [regular, bold] = await Promise.all([embedFaces(pdf, needed, 400), embedFaces(pdf, needed, 600)]);
  return new Writer(pdf, { regular, bold });
}
