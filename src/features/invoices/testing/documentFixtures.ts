/**
 * An invoice's documents without a server (stories and tests): a one-page PDF, the mail the
 * sending settings would propose, and a source that answers them.
 */
import type { InvoiceSending, InvoiceSendings } from '../../../api/invoiceDocuments';
import type { InvoiceDocumentSource } from '../documents/documentSource';

/** A valid one-page PDF with one line of text (hand-written: objects, xref and trailer). */
export function samplePdf(text = 'Facture FA-2026-0042'): Blob {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Blob([body], { type: 'application/pdf' });
}

export const sampleSendings: InvoiceSendings = {
  draft: {
    to: 'contact@terrasses-rhone.fr',
    senderName: 'Martin Rénovation',
    senderEmail: 'contact@martin-renovation.fr',
    subject: 'Facture FA-2026-0042 - Martin Rénovation',
    text: [
      'Bonjour,',
      '',
      "Veuillez trouver ci-joint notre facture FA-2026-0042 du 20/11/2026, d'un montant de 5 760,00 € TTC, à régler avant le 20/12/2026.",
      '',
      'Cordialement,',
      'Martin Rénovation',
    ].join('\n'),
  },
  sendings: [
    {
      id: 1,
      sentAt: '2026-11-20T10:30:00.000Z',
      sentBy: 'Julie Martin',
      to: 'contact@terrasses-rhone.fr',
      senderName: 'Martin Rénovation',
      senderEmail: 'contact@martin-renovation.fr',
      subject: 'Facture FA-2026-0042 - Martin Rénovation',
      attachmentName: 'Facture FA-2026-0042.pdf',
    },
  ],
};

/** A source answering from memory; `fail` makes the named calls refuse. */
export function fakeDocumentSource(
  options: { fail?: ('pdf' | 'sendings' | 'send')[]; sendings?: InvoiceSendings } = {},
): InvoiceDocumentSource & { sent: { invoiceId: number; input: unknown }[] } {
  const fails = new Set(options.fail ?? []);
  const sent: { invoiceId: number; input: unknown }[] = [];
  const refuse = () => Promise.reject(new Error('refused by the fake source'));
  return {
    sent,
    pdf: async (invoiceId) =>
      fails.has('pdf')
        ? refuse()
        : { blob: samplePdf(), filename: `FA-2026-${String(invoiceId).padStart(5, '0')}.pdf` },
    sendings: async () => (fails.has('sendings') ? refuse() : (options.sendings ?? sampleSendings)),
    send: async (invoiceId, input) => {
      if (fails.has('send')) return refuse();
      sent.push({ invoiceId, input });
      const sending: InvoiceSending = {
        ...sampleSendings.sendings[0]!,
        id: sent.length + 1,
        sentAt: new Date().toISOString(),
        to: input.to,
        subject: input.subject,
      };
      return sending;
    },
  };
}
