/**
 * The cheque remittance slip (bordereau de remise de chèques) handed to the bank with the cheques:
 * the company, the bank and its account, the date, each cheque's drawer, number and amount, then the
 * count and the total. As a PDF (pdf-lib, standard Helvetica: no font file to ship) or as CSV.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { readableIban } from '../../../src/contract/banks.js';
import { formatCents, formatCsvAmount, formatIsoDate, pdfSpaces } from '../../../src/contract/format.js';
import type { PaymentRow } from './rows.js';

export interface ChequeSlip {
  companyName: string;
  bank: { name: string; iban: string; bic: string; accountingNumber: string } | null;
  /** yyyy-MM-dd: the day the slip is made. */
  date: string;
  cheques: PaymentRow[];
}

export const chequeSlipHeader = [
  'Date de remise',
  'Banque',
  'IBAN',
  'Tireur',
  'N° de chèque',
  'Date du règlement',
  'Facture',
  'Client',
  'Montant',
];

/** The slip as CSV records: every line says the day, the bank and its account, as the PDF's head does. */
export function chequeSlipRecords(slip: ChequeSlip): string[][] {
  const total = slip.cheques.reduce((sum, cheque) => sum + cheque.amount, 0);
  const remittance = [formatIsoDate(slip.date), slip.bank?.name ?? '', readableIban(slip.bank?.iban ?? '')];
  return [
    ...slip.cheques.map((cheque) => [
      ...remittance,
      cheque.drawer || cheque.customerName,
      cheque.chequeNumber,
      formatIsoDate(cheque.day),
      cheque.invoiceNumber,
      cheque.customerName,
      formatCsvAmount(cheque.amount),
    ]),
    [
      ...remittance,
      `Total (${slip.cheques.length} chèque${slip.cheques.length > 1 ? 's' : ''})`,
      '',
      '',
      '',
      '',
      formatCsvAmount(total),
    ],
  ];
}

export async function chequeSlipPdf(slip: ChequeSlip): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Bordereau de remise de chèques du ${formatIsoDate(slip.date)}`);
  pdf.setLanguage('fr-FR');
  pdf.setCreator('bo-elements');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  // A character the standard font cannot draw (an emoji in a drawer's name) becomes « ? »; the
  // amounts' narrow no-break spaces, which WinAnsi lacks, are no-break spaces as in every PDF.
  const printable = (text: string) =>
    [...pdfSpaces(text.normalize('NFC'))]
      .map((char) => (supported.has(char.codePointAt(0)!) ? char : '?'))
      .join('');

  const margin = 50;
  const columns = [
    { title: 'Tireur', x: margin, width: 190 },
    { title: 'N° de chèque', x: 245, width: 90 },
    { title: 'Date', x: 340, width: 70 },
    { title: 'Facture', x: 410, width: 80 },
    { title: 'Montant', x: 545, width: 0, right: true },
  ];
  let page: PDFPage = pdf.addPage([595.28, 841.89]);
  let y = page.getHeight() - margin;
  const write = (
    text: string,
    x: number,
    size = 10,
    font: PDFFont = regular,
    maxWidth = 0,
    right = false,
  ) => {
    let shown = printable(text);
    while (maxWidth > 0 && shown.length > 1 && font.widthOfTextAtSize(shown, size) > maxWidth) {
      shown = `${shown.slice(0, -2)}…`;
      if (!supported.has('…'.codePointAt(0)!)) shown = shown.replace('…', '.');
    }
    const at = right ? x - font.widthOfTextAtSize(shown, size) : x;
    page.drawText(shown, { x: at, y, size, font, color: rgb(0, 0, 0) });
  };
  const line = () => {
    page.drawLine({
      start: { x: margin, y: y - 4 },
      end: { x: page.getWidth() - margin, y: y - 4 },
      thickness: 0.5,
      color: rgb(0.4, 0.4, 0.4),
    });
  };
  const tableHead = () => {
    for (const column of columns)
      write(column.title, column.right ? column.x : column.x, 10, bold, 0, column.right);
    line();
    y -= 18;
  };

  write('Bordereau de remise de chèques', margin, 16, bold);
  y -= 26;
  write(slip.companyName, margin, 11, bold);
  y -= 16;
  write(`Date de remise : ${formatIsoDate(slip.date)}`, margin);
  y -= 22;
  if (slip.bank) {
    write(`Banque : ${slip.bank.name}`, margin, 11, bold);
    y -= 15;
    if (slip.bank.iban) {
      write(`IBAN : ${readableIban(slip.bank.iban)}`, margin);
      y -= 14;
    }
    if (slip.bank.bic) {
      write(`BIC : ${slip.bank.bic}`, margin);
      y -= 14;
    }
  }
  y -= 12;
  tableHead();
  for (const cheque of slip.cheques) {
    if (y < margin + 60) {
      page = pdf.addPage([595.28, 841.89]);
      y = page.getHeight() - margin;
      tableHead();
    }
    write(cheque.drawer || cheque.customerName, columns[0]!.x, 10, regular, columns[0]!.width);
    write(cheque.chequeNumber, columns[1]!.x, 10, regular, columns[1]!.width);
    write(formatIsoDate(cheque.day), columns[2]!.x);
    write(cheque.invoiceNumber, columns[3]!.x, 10, regular, columns[3]!.width);
    write(formatCents(cheque.amount), columns[4]!.x, 10, regular, 0, true);
    y -= 16;
  }
  line();
  y -= 20;
  const total = slip.cheques.reduce((sum, cheque) => sum + cheque.amount, 0);
  const count = slip.cheques.length;
  write(`Nombre de chèques : ${count}`, margin, 11, bold);
  write(`Total : ${formatCents(total)}`, columns[4]!.x, 11, bold, 0, true);
  return pdf.save();
}
