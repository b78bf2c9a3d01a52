/**
 * The quote as a person reads it (issue 21), in the invoices' style: the same writer, fonts, header,
 * footer, logos, table and totals (invoice-pdf.ts), with what a construction quote states (quote-
 * mentions.ts): the place of the works, validity, free or charged, estimated start and duration,
 * chapters and sub-chapters with subtotals, options (« Option », in no total), text lines, the
 * global discount, totals per VAT rate, the deposit asked, payment terms, the legal mentions, the
 * « Bon pour accord » zone and the terms of sale. Also the « Acceptation électronique » page that
 * follows the accepted PDF.
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { formatCents, formatIsoDate, formatPercent, formatQuantity } from '../../../src/contract/format.js';
import { printableText } from '../../../src/contract/printable.js';
import type { QuoteChapter, QuoteItem } from '../domain/index.js';
import {
  accent,
  type ColumnLine,
  chapterStyle,
  columnLines,
  columns,
  customerBlock,
  customerColumn,
  drawTotalRows,
  embedFaces,
  embedLogo,
  figure,
  footer,
  footerHeightOf,
  footerLines,
  margin,
  muted,
  openWriter,
  pageHeader,
  pageSize,
  right,
  rule,
  section,
  sideBySide,
  type TotalRow,
  tableHeader,
  titleColumn,
  Writer,
  worksColumn,
} from './invoice-pdf.js';
import { sellerLegalLine } from './mentions.js';
import type { QuoteDocument } from './quote-document.js';
import {
  type AcceptanceFacts,
  acceptanceStatements,
  depositLine,
  quoteFeeLine,
  quoteLegalMentions,
  validityLine,
  worksTimingLines,
} from './quote-mentions.js';

/** The name the quote prints for the company: the quote settings' « Raison sociale », else its own. */
const sellerName = (document: QuoteDocument) => document.settings.quoteCompanyName || document.company.name;

/** Title, number, revision, date and validity in the header's right column. */
function heading(w: Writer, document: QuoteDocument): ColumnLine[] {
  const right = (text: string, style: ColumnLine['style'], height: number) =>
    columnLines(w, text, style, titleColumn, { align: 'right', height });
  return [
    ...right(
      (document.settings.quoteTitle || 'Devis').toUpperCase(),
      { size: 15, bold: true, color: accent },
      17,
    ),
    // A no-break space: « N° » never ends a line of its own.
    ...right(`N°\u00a0${document.number}`, { size: 10, bold: true }, 15),
    ...(document.revision
      ? right(
          `Révision ${document.revision}${document.replaces ? ` (remplace le devis n° ${document.replaces})` : ''}`,
          { size: 8.5 },
          12,
        )
      : []),
    ...right(`Date : ${formatIsoDate(document.date)}`, { size: 9 }, 12),
    ...(document.validUntil
      ? right(`Valable jusqu'au : ${formatIsoDate(document.validUntil)}`, { size: 9 }, 12)
      : []),
  ];
}

/** The works (left: job, place, subject, timing, free or charged) and the customer (right). */
function parties(w: Writer, document: QuoteDocument) {
  w.gap(14);
  const customer: ColumnLine[] = [
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
  ];
  const site = document.job?.siteAddress.trim();
  const works = [
    ...(document.job ? [`Affaire : ${document.job.name}`] : []),
    // The place of the works is a mention of every building quote (arrêté du 24 janvier 2017).
    `Adresse des travaux : ${site || "à l'adresse du client"}`,
    ...(document.title ? [`Objet : ${document.title}`] : []),
    ...worksTimingLines(document),
    quoteFeeLine(document),
  ];
  sideBySide(
    w,
    works.flatMap((line) => columnLines(w, line, { size: 8.5 }, worksColumn)),
    customer,
  );
}

const lineStyle = { size: 8.5 };
const optionStyle = { size: 8.5, color: muted };
const rowHeight = 11.5;

/** The chapters' numbers as the reader cites them: « 2 », « 2.1 ». */
const chapterNumber = (path: readonly number[], numbers: Map<string, string>) =>
  numbers.get(path.join('.')) ?? '';

function chapterNumbers(items: readonly QuoteItem[], path: number[] = [], prefix = ''): Map<string, string> {
  const numbers = new Map<string, string>();
  let n = 0;
  items.forEach((item, i) => {
    if (item.kind !== 'chapter') return;
    n += 1;
    const at = [...path, i];
    const label = prefix ? `${prefix}.${n}` : String(n);
    numbers.set(at.join('.'), label);
    for (const [key, value] of chapterNumbers(item.items, at, label)) numbers.set(key, value);
  });
  return numbers;
}

function linesTable(w: Writer, document: QuoteDocument) {
  const precision = document.settings.quantityPrecision;
  const headerRow = () =>
    tableHeader(w, [
      ['Désignation', columns.label, 'left'],
      ['Qté', columns.quantity, 'right'],
      ['Unité', columns.unit, 'left'],
      ['PU HT', columns.price, 'right'],
      ['TVA', columns.vat, 'right'],
      ['Total HT', columns.total, 'right'],
    ]);
  /** A new page (with the table's header) when fewer than `height` points are left. */
  const room = (height: number) => {
    if (w.y - height < margin + w.footerHeight) {
      w.newPage();
      headerRow();
    }
  };
  headerRow();
  const numbers = chapterNumbers(document.items);
  const chapterAmounts = new Map(document.amounts.chapters.map((c) => [c.path.join('.'), c]));
  const fullWidth = right - 4 - columns.label.x;

  const chapterTitle = (chapter: QuoteChapter, path: number[], depth: number) => {
    const style = depth === 0 ? { ...chapterStyle, size: 9.5 } : chapterStyle;
    const text = `${chapterNumber(path, numbers)}. ${chapter.title}`;
    const lines = w.wrap(text, fullWidth - depth * 10, style);
    const height = lines.length * (style.size * 1.35) + 6;
    // A chapter's title never ends a page alone: room for it and a line under it.
    room(height + rowHeight * 2);
    w.gap(6);
    for (const line of lines) {
      w.y -= style.size * 1.35;
      w.at(line, columns.label.x + depth * 10, w.y + style.size * 0.3, style);
    }
    w.gap(2);
  };

  const subtotal = (chapter: QuoteChapter, path: number[], depth: number) => {
    const amounts = chapterAmounts.get(path.join('.'));
    if (!amounts) return;
    const label = `Sous-total ${chapterNumber(path, numbers)}. ${chapter.title}`;
    const style = { size: 8.5, bold: true };
    const labelWidth = columns.total.x - 8 - columns.label.x - depth * 10;
    const lines = w.wrap(label, labelWidth, style);
    const options = amounts.optionsHt !== 0;
    const height = lines.length * rowHeight + (options ? 10 : 0) + 4;
    room(height);
    const y = w.y - 11;
    lines.forEach((line, i) => {
      w.at(line, columns.label.x + depth * 10, y - i * rowHeight, style);
    });
    figure(w, formatCents(amounts.ht), columns.total, y, style);
    if (options)
      w.at(
        `Options non comprises : ${formatCents(amounts.optionsHt)} HT`,
        columns.label.x + depth * 10,
        y - lines.length * rowHeight + 1,
        { size: 7.5, color: muted },
      );
    w.y -= height;
    w.hr();
  };

  const walk = (items: readonly QuoteItem[], path: number[], depth: number) => {
    items.forEach((item, i) => {
      const at = [...path, i];
      const indent = depth * 10;
      if (item.kind === 'chapter') {
        chapterTitle(item, at, depth);
        walk(item.items, at, depth + 1);
        subtotal(item, at, depth);
        return;
      }
      if (item.kind === 'text') {
        const lines = w.wrap(item.text, fullWidth - indent, { size: 8, color: muted });
        for (const line of lines) {
          room(11);
          w.y -= 11;
          w.at(line, columns.label.x + indent, w.y + 2.5, { size: 8, color: muted });
        }
        w.gap(4);
        return;
      }
      const option = item.kind === 'option';
      const style = option ? optionStyle : lineStyle;
      const label = option ? `Option : ${item.designation}` : item.designation;
      const labelLines = w.wrap(label, columns.label.width - indent, style);
      const unitLines = w.wrap(item.unit, columns.unit.width, style);
      const height = Math.max(labelLines.length, unitLines.length) * rowHeight + 3;
      room(height);
      const y = w.y - 11;
      labelLines.forEach((text, row) => {
        w.at(
          text,
          columns.label.x + indent,
          y - row * rowHeight,
          row === 0 && option ? { ...style, bold: true } : style,
        );
      });
      figure(w, formatQuantity(item.quantityMilli, precision), columns.quantity, y, style);
      unitLines.forEach((text, row) => {
        w.at(text, columns.unit.x, y - row * rowHeight, style);
      });
      figure(w, formatCents(item.unitPriceCents), columns.price, y, style);
      figure(w, document.reverseCharge ? 'AL' : formatPercent(item.vatRate), columns.vat, y, style);
      const ht = Math.round((item.quantityMilli * item.unitPriceCents) / 1000);
      const amount = document.amounts.lines.find((l) => l.path.join('.') === at.join('.'))?.ht ?? ht;
      // An option's amount is shown in brackets: it is in no total.
      figure(w, option ? `(${formatCents(amount)})` : formatCents(amount), columns.total, y, style);
      w.y -= height;
      w.hr();
    });
  };
  walk(document.items, [], 0);
}

function totalRows(document: QuoteDocument): TotalRow[] {
  const a = document.amounts;
  const rows: TotalRow[] = [];
  if (a.discount !== 0) {
    rows.push({ label: 'Total HT avant remise', value: formatCents(a.grossHt) });
    rows.push({
      label: `Remise globale (${formatPercent(a.discountRate)})`,
      value: formatCents(-a.discount),
    });
  }
  rows.push({ label: 'Total HT', value: formatCents(a.ht), strong: true });
  for (const rate of a.byRate) {
    if (document.reverseCharge)
      rows.push({ label: `TVA autoliquidée sur ${formatCents(rate.ht)}`, value: formatCents(0) });
    else
      rows.push({
        label: `TVA ${formatPercent(rate.vatRate)} sur ${formatCents(rate.ht)}`,
        value: formatCents(rate.vat),
      });
  }
  rows.push({ label: 'Total TVA', value: formatCents(a.vat) });
  rows.push({ label: 'Total TTC', value: formatCents(a.ttc), strong: true });
  if (a.deposit.rate > 0)
    rows.push({
      label: `Acompte à la commande (${formatPercent(a.deposit.rate)})`,
      value: formatCents(a.deposit.ttc),
    });
  if (a.optionsHt !== 0)
    rows.push({
      label: `Options non comprises dans les totaux : ${formatCents(a.optionsHt)} HT`,
      value: '',
      note: true,
    });
  return rows;
}

/**
 * The height each end block takes, as its drawing takes it (invoice-pdf.ts `drawTotalRows`,
 * `section`, `Writer.paragraph`; `approvalZone` below), so the « Bon pour accord » box can be kept
 * with the totals before anything of them is drawn.
 */
function totalRowsHeight(w: Writer, rows: TotalRow[]): number {
  const labelWidth = 270 - 4 - 86 - 8;
  return (
    10 +
    rows.reduce((total, row) => {
      const size = row.note ? 7.5 : 9;
      const style = row.note ? { size } : { size, bold: row.strong ?? false };
      return total + w.wrap(row.label, labelWidth, style).length * (size + 3) + 1;
    }, 0)
  );
}

function sectionHeight(w: Writer, title: string, lines: (string | null)[], size = 8): number {
  const present = lines.filter((line): line is string => Boolean(line));
  if (present.length === 0) return 0;
  const lineCount = (text: string, style: { size: number; bold?: boolean }) =>
    w.wrap(text, w.width, style).length * style.size * 1.35;
  return (
    10 +
    lineCount(title, { size: 8.5, bold: true }) +
    present.reduce((total, line) => total + lineCount(line, { size }), 0)
  );
}

/** The box's height (`approvalZone`): the gap above it and its frame. */
const approvalHeight = 16 + 112;
/** A few points more than measured, so a rounding never leaves the box a line short. */
const endSlack = 8;

/** « Bon pour accord »: date, name, signature preceded by « lu et approuvé » (on paper). */
function approvalZone(w: Writer, document: QuoteDocument) {
  const height = 112;
  w.room(height + 24);
  w.gap(16);
  const top = w.y;
  w.page.drawRectangle({
    x: margin,
    y: top - height,
    width: w.width,
    height,
    borderColor: rule,
    borderWidth: 0.8,
  });
  const left = margin + 10;
  const middle = margin + w.width / 2 + 6;
  const half = w.width / 2 - 20;
  w.at('Bon pour accord', left, top - 16, { size: 10, bold: true, color: accent });
  const facts = [
    `Devis n° ${document.number} — montant ${formatCents(document.amounts.ttc)} TTC`,
    depositLine(document)
      ? `Acompte à la signature : ${formatCents(document.amounts.deposit.ttc)} TTC`
      : null,
    'Date : ........ / ........ / ................',
    'Nom et qualité du signataire :',
  ].filter((line): line is string => Boolean(line));
  let y = top - 32;
  for (const fact of facts)
    for (const line of w.wrap(fact, half, { size: 8.5 })) {
      w.at(line, left, y, { size: 8.5 });
      y -= 14;
    }
  let sy = top - 16;
  for (const line of w.wrap(
    'Signature du client, précédée de la mention manuscrite « lu et approuvé, bon pour accord » :',
    half,
    { size: 8.5 },
  )) {
    w.at(line, middle, sy, { size: 8.5 });
    sy -= 12;
  }
  w.y = top - height;
}

/** Draws the quote into a new pdf-lib document (its metadata set by the caller, quote-document.ts). */
export async function drawQuote(document: QuoteDocument): Promise<PDFDocument> {
  return (await layQuote(document)).pdf;
}

/** The quote drawn, with its writer (tests read where and what it drew). */
export async function layQuote(document: QuoteDocument): Promise<Writer> {
  const w = await openWriter(document);
  const { settings } = document;
  const name = sellerName(document);
  const footerLogo = await embedLogo(w.pdf, document.logos?.footer);
  const bottom = footerLines(w, document, sellerLegalLine(document), footerLogo, name);
  w.footerHeight = footerHeightOf(bottom.length);

  await pageHeader(w, document, name, heading(w, document));
  parties(w, document);
  linesTable(w, document);
  const rows = totalRows(document);
  const conditions = [
    validityLine(document.validUntil),
    depositLine(document),
    document.paymentTerms.trim() ? `Conditions de paiement : ${document.paymentTerms.trim()}` : null,
  ];
  const mentions = quoteLegalMentions(document);
  // The « Bon pour accord » box never stands alone on a page: the end of the quote (totals,
  // conditions, legal mentions, the box) starts a new page together when it does not fit below the
  // lines; when it is taller than a page, the box comes right under the totals (docs/decisions.md).
  const end =
    totalRowsHeight(w, rows) +
    sectionHeight(w, 'Conditions', conditions) +
    sectionHeight(w, 'Mentions légales', mentions) +
    approvalHeight +
    endSlack;
  const pageBody = pageSize[1] - 2 * margin - w.footerHeight;
  if (end <= pageBody) {
    w.room(end);
    drawTotalRows(w, rows);
    section(w, 'Conditions', conditions);
    section(w, 'Mentions légales', mentions);
    approvalZone(w, document);
  } else {
    w.room(totalRowsHeight(w, rows) + approvalHeight + endSlack);
    drawTotalRows(w, rows);
    approvalZone(w, document);
    section(w, 'Conditions', conditions);
    section(w, 'Mentions légales', mentions);
  }
  if (settings.termsOnQuote && settings.termsOfSale.trim()) {
    if (settings.termsOnNewPage) w.newPage();
    section(w, 'Conditions générales de vente', [settings.termsOfSale], 7.5);
  }
  footer(w, { draft: false }, bottom, footerLogo);
  return w;
}

/**
 * The accepted PDF followed by the « Acceptation électronique » page (Code civil 1366-1367: who
 * accepted, when, from where, and the SHA-256 that ties the acceptance to the document). The
 * accepted bytes are also attached to the file as they were kept, so anyone can check the hash.
 */
export async function appendAcceptancePage(
  accepted: Uint8Array,
  facts: AcceptanceFacts,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(accepted, { updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const statements = acceptanceStatements(facts);
  const texts = ['Acceptation électronique', ...statements.flat(), explanation(facts, pdf.getPageCount())];
  const needed = new Set<number>();
  for (const char of printableText(texts.join('\n'))) needed.add(char.codePointAt(0)!);
  const [regular, bold] = await Promise.all([embedFaces(pdf, needed, 400), embedFaces(pdf, needed, 600)]);
  const w = new Writer(pdf, { regular, bold });
  w.paragraph('ACCEPTATION ÉLECTRONIQUE', { size: 15, bold: true, color: accent });
  w.gap(4);
  w.paragraph(`Annexe au devis n° ${facts.number}`, { size: 10, bold: true });
  w.gap(10);
  for (const [label, value] of statements) {
    w.paragraph(label, { size: 8.5, bold: true, color: muted });
    w.paragraph(value, { size: 9.5 });
    w.gap(6);
  }
  w.gap(6);
  w.hr();
  w.gap(4);
  w.paragraph(explanation(facts, pdf.getPageCount() - 1), { size: 8.5 });
  await pdf.attach(accepted, `devis-${facts.number}-accepte.pdf`, {
    mimeType: 'application/pdf',
    description: `Le devis accepté tel qu'il a été conservé (SHA-256 ${facts.pdfSha256})`,
    creationDate: new Date(facts.answeredAt),
    modificationDate: new Date(facts.answeredAt),
  });
  return pdf.save();
}

const explanation = (facts: AcceptanceFacts, pages: number) =>
  `Les ${pages} page${pages > 1 ? 's' : ''} qui précèdent sont le devis tel que le client l'a accepté en ligne, depuis le lien personnel reçu par email, en cochant « Bon pour accord » (lu et approuvé) et en saisissant son nom. Ce document est conservé à l'identique ; il est joint à ce fichier et son empreinte SHA-256 (${facts.pdfSha256}) permet de vérifier qu'il n'a pas été modifié (Code civil, articles 1366 et 1367).`;
