/** Invoices for tests and stories, shaped as the API answers them (totals as the server computes them). */
import type { Invoice, InvoiceDetail, InvoiceLine, InvoicePage, VatRate } from '../../../api/invoices';

export const vatRates: VatRate[] = [
  { id: 1, internalName: 'TVA 20 %', pdfName: 'TVA 20 %', basisPoints: 2000, isDefault: true },
  { id: 2, internalName: 'TVA 10 %', pdfName: 'TVA 10 %', basisPoints: 1000, isDefault: false },
  { id: 3, internalName: 'TVA 5,5 %', pdfName: 'TVA 5,5 %', basisPoints: 550, isDefault: false },
];

const line = (id: number, changes: Partial<InvoiceLine>): InvoiceLine => ({
  id,
  position: id,
  quoteLineId: null,
  chapter: '',
  label: '',
  unit: 'u',
  quantityMilli: 1000,
  unitPriceCents: 0,
  vatRateId: 1,
  vatBasisPoints: 2000,
  totalExclTaxCents: 0,
  progressBasisPoints: null,
  ...changes,
});

/** A simple draft: two chapters, three lines at 20 % and 10 %. */
export const simpleDraft: InvoiceDetail = {
  id: 4521,
  version: 3,
  number: null,
  kind: 'simple',
  type: 'facture',
  status: 'PROVISOIRE',
  cancelled: false,
  date: '2026-11-20',
  dueDate: '2026-12-20',
  title: 'Rénovation salle de bains',
  customerId: 42,
  customerName: 'SCI Les Terrasses du Rhône',
  businessJobId: 7,
  businessJobName: 'Salle de bains quai Perrache',
  quoteId: null,
  quoteNumber: null,
  totalExclTaxCents: 237_500,
  totalVatCents: 38_500,
  totalInclTaxCents: 276_000,
  retainageCents: 0,
  paidCents: 0,
  balanceCents: 276_000,
  overdue: false,
  validatedAt: null,
  comment: '',
  paymentDeadline: { rule: 'days', value: 30 },
  paymentModes: ['transfer', 'check'],
  depositBasisPoints: null,
  reverseCharge: false,
  worksDate: null,
  lines: [
    line(1, {
      chapter: 'Démolition',
      label: 'Dépose carrelage mural',
      unit: 'm²',
      quantityMilli: 12_500,
      unitPriceCents: 3_000,
      totalExclTaxCents: 37_500,
    }),
    line(2, {
      chapter: 'Plomberie',
      label: 'Receveur de douche extra-plat',
      quantityMilli: 1000,
      unitPriceCents: 110_000,
      totalExclTaxCents: 110_000,
    }),
    line(3, {
      chapter: 'Plomberie',
      label: 'Main d’œuvre plomberie',
      unit: 'h',
      quantityMilli: 15_000,
      unitPriceCents: 6_000,
      vatRateId: 2,
      vatBasisPoints: 1000,
      totalExclTaxCents: 90_000,
    }),
  ],
  vatTotals: [
    { vatRateId: 1, basisPoints: 2000, baseCents: 147_500, vatCents: 29_500 },
    { vatRateId: 2, basisPoints: 1000, baseCents: 90_000, vatCents: 9_000 },
  ],
  payments: [],
  creditedInvoiceId: null,
  creditNoteId: null,
  lock: { lockedByAnotherSession: false, expiresAt: null },
};

/** A progress statement at 40 % of a quote, with retainage. */
export const progressDraft: InvoiceDetail = {
  ...simpleDraft,
  id: 4522,
  kind: 'progress',
  title: 'Situation n° 2',
  quoteId: 12,
  quoteNumber: 'DE-2026-0012',
  totalExclTaxCents: 400_000,
  totalVatCents: 80_000,
  totalInclTaxCents: 480_000,
  retainageCents: 24_000,
  balanceCents: 456_000,
  lines: [
    line(11, {
      quoteLineId: 101,
      chapter: 'Gros œuvre',
      label: 'Dalle béton',
      unit: 'm²',
      quantityMilli: 50_000,
      unitPriceCents: 12_000,
      totalExclTaxCents: 240_000,
      progressBasisPoints: 4000,
    }),
    line(12, {
      quoteLineId: 102,
      chapter: 'Gros œuvre',
      label: 'Murs parpaings',
      unit: 'm²',
      quantityMilli: 40_000,
      unitPriceCents: 10_000,
      totalExclTaxCents: 160_000,
      progressBasisPoints: 4000,
    }),
  ],
  vatTotals: [{ vatRateId: 1, basisPoints: 2000, baseCents: 400_000, vatCents: 80_000 }],
};

/** The simple invoice once validated and numbered. */
export const validatedInvoice: InvoiceDetail = {
  ...simpleDraft,
  version: 4,
  number: 'FA-2026-0042',
  status: 'VALIDATED',
  validatedAt: '2026-11-20T10:00:00.000Z',
};

/**
 * The credit note that cancels `validatedInvoice`, as the server stores it: every amount negated
 * (quantities too); its balance is 0 (it owes nothing, it settles the invoice it cancels).
 */
export const creditNote: InvoiceDetail = {
  ...validatedInvoice,
  id: 4600,
  version: 1,
  number: 'AV-2026-0003',
  kind: 'credit_note',
  type: 'factureAvoir',
  totalExclTaxCents: -237_500,
  totalVatCents: -38_500,
  totalInclTaxCents: -276_000,
  balanceCents: 0,
  lines: validatedInvoice.lines.map((l) => ({
    ...l,
    id: l.id + 100,
    quantityMilli: -l.quantityMilli,
    totalExclTaxCents: -l.totalExclTaxCents,
  })),
  vatTotals: validatedInvoice.vatTotals.map((vat) => ({
    ...vat,
    baseCents: -vat.baseCents,
    vatCents: -vat.vatCents,
  })),
  creditedInvoiceId: validatedInvoice.id,
};

const customers = ['SCI Les Terrasses du Rhône', 'Julien Moreau', 'Dubois Bâtiment 3', 'Mairie de Vienne'];
const kinds = ['simple', 'deposit', 'progress', 'final', 'credit_note'] as const;

/** `count` invoices of every kind and status, numbered from `from`. */
export function makeInvoices(count: number, from = 1): Invoice[] {
  return Array.from({ length: count }, (_, index) => {
    const n = from + index;
    const kind = kinds[n % kinds.length]!;
    const validated = n % 3 !== 0;
    const total = 100_000 + ((n * 7919) % 900_000);
    const sign = kind === 'credit_note' ? -1 : 1;
    return {
      id: n,
      version: 1,
      number: validated ? `${kind === 'credit_note' ? 'AV' : 'FA'}-2026-${String(n).padStart(4, '0')}` : null,
      kind,
      type: kind === 'credit_note' ? 'factureAvoir' : kind === 'deposit' ? 'factureAcompte' : 'facture',
      status: validated ? 'VALIDATED' : 'PROVISOIRE',
      cancelled: false,
      date: `2026-${String((n % 11) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
      dueDate: `2026-${String((n % 11) + 2).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
      title: `Travaux ${n}`,
      customerId: (n % customers.length) + 1,
      customerName: customers[n % customers.length]!,
      businessJobId: n % 2 === 0 ? n : null,
      businessJobName: n % 2 === 0 ? `Chantier ${n}` : null,
      quoteId: null,
      quoteNumber: null,
      totalExclTaxCents: sign * total,
      totalVatCents: sign * Math.round(total / 5),
      totalInclTaxCents: sign * (total + Math.round(total / 5)),
      retainageCents: 0,
      paidCents: 0,
      balanceCents: validated && n % 4 === 0 ? 0 : sign * (total + Math.round(total / 5)),
      overdue: validated && n % 5 === 1,
      validatedAt: validated ? '2026-11-01T08:00:00.000Z' : null,
    } satisfies Invoice;
  });
}

export function invoicePage(rows: Invoice[], hits = rows.length): InvoicePage {
  const sum = (pick: (invoice: Invoice) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    data: rows,
    info: {
      hits,
      totals: {
        totalExclTaxCents: sum((row) => row.totalExclTaxCents),
        totalVatCents: sum((row) => row.totalVatCents),
        totalInclTaxCents: sum((row) => row.totalInclTaxCents),
        balanceCents: sum((row) => row.balanceCents),
      },
    },
  };
}
