/** Quotes as the API answers them (QUOTES-API.md), for the list's and the actions' tests. */
import type { Quote, QuoteEditorDetail, QuoteStatus } from '../../../../api/quotes';

export function quoteRow(id: number, status: QuoteStatus, changes: Partial<Quote> = {}): Quote {
  return {
    id,
    version: 1,
    number: `DE-2026-${String(id).padStart(5, '0')}`,
    title: `Devis ${id}`,
    date: '2026-11-02',
    status,
    businessJobId: 3,
    businessJobName: 'Réaménagement fournil Mercier',
    customerId: 8,
    customerName: 'Boulangerie Mercier',
    totalExclTaxCents: 100_000,
    totalVatCents: 20_000,
    totalInclTaxCents: 120_000,
    invoicedExclTaxCents: 0,
    reverseCharge: false,
    baseNumber: `DE-2026-${String(id).padStart(5, '0')}`,
    revisionIndex: 0,
    latest: true,
    validUntil: '2026-12-02',
    optionsExclTaxCents: 0,
    sentAt: null,
    ...changes,
  };
}

const allowedNone = {
  edit: false,
  revise: false,
  send: false,
  answer: false,
  invoice: false,
  duplicate: false,
};

export function quoteDetail(
  id: number,
  status: QuoteStatus,
  changes: Partial<QuoteEditorDetail> = {},
): QuoteEditorDetail {
  const row = quoteRow(id, status);
  return {
    ...row,
    baseNumber: row.number,
    revisionIndex: 0,
    latest: true,
    validUntil: row.validUntil ?? null,
    optionsExclTaxCents: 0,
    sentAt: null,
    reverseCharge: false,
    chapters: [],
    vatTotals: [],
    invoices: [],
    provisionalInvoiceId: null,
    remainingByRate: [],
    lock: { lockedByAnotherSession: false, expiresAt: null },
    items: [],
    discountBasisPoints: 0,
    depositBasisPoints: 3000,
    startDate: null,
    durationDays: null,
    paymentTerms: 'À 30 jours',
    feeCents: 0,
    amounts: {
      byRate: [],
      grossHt: 0,
      discount: 0,
      ht: 0,
      vat: 0,
      ttc: 0,
      optionsHt: 0,
      deposit: { rate: 3000, ht: 0, vat: 0, ttc: 0 },
      chapters: [],
    },
    revisions: [{ id, number: row.number, status, date: row.date }],
    answer: null,
    allowed: { ...allowedNone, ...(status === 'draft' ? { edit: true, send: true, duplicate: true } : {}) },
    measureSources: [],
    ...changes,
  };
}
