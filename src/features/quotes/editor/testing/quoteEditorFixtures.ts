/** Quotes in the editor (tests, stories, the bench): their content, with the contract's amounts. */
import type { QuoteEditorDetail, QuoteStatus } from '../../../../api/quotes';
import { type QuoteItem, type QuotePricedLine, quoteAmounts } from '../../../../contract/quotes';
import { vatRates } from '../../../invoices/testing/invoiceFixtures';

export { vatRates };

const rate = (id: number) => vatRates.find((vat) => vat.id === id) ?? vatRates[0]!;

export function priced(
  designation: string,
  quantityMilli: number,
  unitPriceCents: number,
  { rateId = 1, unit = 'u', option = false }: { rateId?: number; unit?: string; option?: boolean } = {},
): QuotePricedLine {
  return {
    kind: option ? 'option' : 'priced',
    designation,
    unit,
    quantityMilli,
    unitPriceCents,
    vatRateId: rateId,
    vatRate: rate(rateId).basisPoints,
  };
}

/** A bathroom in three lots: demolition, plumbing (with a sub-chapter and an option), tiling. */
export const threeChapters: QuoteItem[] = [
  {
    kind: 'chapter',
    title: 'Démolition',
    items: [
      priced('Dépose carrelage mural', 12_500, 3_000, { unit: 'm²', rateId: 2 }),
      { kind: 'text', text: 'Évacuation des gravats comprise.' },
    ],
  },
  {
    kind: 'chapter',
    title: 'Plomberie',
    items: [
      priced('Receveur de douche extra-plat', 1_000, 110_000, { rateId: 2 }),
      {
        kind: 'chapter',
        title: 'Évacuations',
        items: [priced('Siphon de sol', 2_000, 4_500, { rateId: 2 })],
      },
      priced('Paroi de douche en verre', 1_000, 65_000, { rateId: 2, option: true }),
    ],
  },
  {
    kind: 'chapter',
    title: 'Carrelage',
    items: [priced('Faïence murale 30 × 60', 18_000, 5_200, { unit: 'm²', rateId: 2 })],
  },
];

const allowedBy: Record<QuoteStatus, QuoteEditorDetail['allowed']> = {
  draft: { edit: true, revise: false, send: true, answer: false, invoice: false, duplicate: true },
  sent: { edit: false, revise: true, send: true, answer: true, invoice: false, duplicate: true },
  expired: { edit: false, revise: true, send: false, answer: false, invoice: false, duplicate: true },
  refused: { edit: false, revise: true, send: false, answer: false, invoice: false, duplicate: true },
  accepted: { edit: false, revise: false, send: false, answer: false, invoice: true, duplicate: true },
};

/** A quote as GET /quotes/{id} answers it, its amounts from the contract (as the server's). */
export function editorQuote(
  status: QuoteStatus = 'draft',
  items: QuoteItem[] = threeChapters,
  changes: Partial<QuoteEditorDetail> = {},
): QuoteEditorDetail {
  const discountBasisPoints = changes.discountBasisPoints ?? 0;
  const depositBasisPoints = changes.depositBasisPoints ?? 3000;
  const amounts = quoteAmounts({
    items,
    discountRate: discountBasisPoints,
    depositRate: depositBasisPoints,
    reverseCharge: false,
  });
  return {
    id: 12,
    version: 3,
    number: 'DE-2026-00012',
    baseNumber: 'DE-2026-00012',
    revisionIndex: 0,
    latest: true,
    title: 'Salle de bains',
    date: '2026-11-20',
    status,
    businessJobId: 3,
    businessJobName: 'Rénovation Martin',
    customerId: 42,
    customerName: 'Claire Martin',
    totalExclTaxCents: amounts.ht,
    totalVatCents: amounts.vat,
    totalInclTaxCents: amounts.ttc,
    invoicedExclTaxCents: 0,
    validUntil: '2026-12-20',
    optionsExclTaxCents: amounts.optionsHt,
    sentAt: status === 'draft' ? null : '2026-11-21T09:00:00Z',
    reverseCharge: false,
    chapters: [],
    vatTotals: [],
    invoices: [],
    provisionalInvoiceId: null,
    remainingByRate: [],
    lock: { lockedByAnotherSession: false, expiresAt: null },
    items,
    discountBasisPoints,
    depositBasisPoints,
    startDate: '2027-01-11',
    durationDays: 10,
    paymentTerms: 'Acompte à la signature, solde à réception de facture.',
    feeCents: 0,
    amounts: {
      ...amounts,
      chapters: amounts.chapters.map((chapter) => ({ ...chapter, path: [...chapter.path] })),
    },
    revisions: [{ id: 12, number: 'DE-2026-00012', status, date: '2026-11-20' }],
    answer:
      status === 'accepted'
        ? {
            decision: 'accepted',
            channel: 'online',
            signerName: 'Claire Martin',
            reason: '',
            answeredAt: '2026-11-25T10:00:00Z',
          }
        : null,
    allowed: allowedBy[status],
    measureSources: [],
    ...changes,
  };
}

/** `count` priced lines in chapters of 25 (the bench's and the store's large quote). */
export function largeContent(count: number): QuoteItem[] {
  const chapters: QuoteItem[] = [];
  for (let start = 0; start < count; start += 25) {
    const lines = Array.from({ length: Math.min(25, count - start) }, (_, i) =>
      priced(`Ligne ${start + i + 1}`, 1_000 + i * 250, 1_500 + ((start + i) % 40) * 125, {
        rateId: ((start + i) % 3) + 1,
        unit: 'm²',
      }),
    );
    chapters.push({ kind: 'chapter', title: `Lot ${start / 25 + 1}`, items: lines });
  }
  return chapters;
}
