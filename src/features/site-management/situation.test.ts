import { describe, expect, it } from 'vitest';
import type { QuoteDetail, QuoteLine } from '../../api/quotes';
import { quoteInvoiceRequest } from '../invoices/create/NewInvoiceFromQuote';

const line = (id: number, chapter: string, invoicedBasisPoints = 0): QuoteLine => ({
  id,
  position: id,
  chapter,
  label: `Ligne ${id}`,
  unit: 'u',
  quantityMilli: 1000,
  unitPriceCents: 10_000,
  vatRateId: 1,
  vatBasisPoints: 2000,
  totalExclTaxCents: 10_000,
  invoicedExclTaxCents: 0,
  invoicedBasisPoints,
});

const quote = {
  id: 5,
  chapters: [
    {
      title: 'Maçonnerie',
      siteProgressBasisPoints: 6_000,
      lines: [line(1, 'Maçonnerie'), line(2, 'Maçonnerie', 7_000)],
    },
    { title: 'Peinture', siteProgressBasisPoints: null, lines: [line(3, 'Peinture')] },
  ],
} as unknown as QuoteDetail;

describe('the next progress statement proposes the progress entered on site', () => {
  it('per chapter entered on site (never below what is invoiced); the typed percentage elsewhere', () => {
    expect(quoteInvoiceRequest(quote, 'progress', '30')).toEqual({
      kind: 'progress',
      quoteId: 5,
      progress: [
        { quoteLineId: 1, progressBasisPoints: 6_000 },
        { quoteLineId: 2, progressBasisPoints: 7_000 },
        { quoteLineId: 3, progressBasisPoints: 3_000 },
      ],
    });
  });
});
