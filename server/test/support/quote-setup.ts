/**
 * A quote stored for the API tests of issue 21 (its PDF, sending, online acceptance), inserted in
 * the company's tenant transaction as the quotes API stores one: the editor's tree in `items`, the
 * totals of the domain's `quoteAmounts`, a validity date, on a job of the seed whose owner and
 * customer email are set here.
 */
import { and, asc, eq } from 'drizzle-orm';
import { businessJobs, customers, quotes, vatRates } from '../../src/db/schema.js';
import { type QuoteItem, quoteAmounts } from '../../src/domain/index.js';
import { todayInFrance } from '../../src/invoicing/today.js';
import type { Harness } from './harness.js';

/** yyyy-MM-dd `days` after today in France. */
export const inDays = (days: number) => {
  const [y, m, d] = todayInFrance().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

let serial = 0;

export interface StoredQuote {
  id: number;
  number: string;
  jobId: number;
  ttc: number;
}

export async function storeQuote(
  h: Harness,
  companyId: number,
  options: {
    ownerUserId?: number;
    customerEmail?: string;
    status?: 'draft' | 'sent';
    validUntil?: string | null;
    items?: (rates: Map<number, number>) => QuoteItem[];
  } = {},
): Promise<StoredQuote> {
  return h.db.withTenant(companyId, async (tx) => {
    const [job] = await tx
      .select()
      .from(businessJobs)
      .where(eq(businessJobs.companyId, companyId))
      .orderBy(asc(businessJobs.id))
      .limit(1);
    if (!job) throw new Error(`No job in company ${companyId}`);
    if (options.ownerUserId !== undefined)
      await tx
        .update(businessJobs)
        .set({ ownerUserId: options.ownerUserId })
        .where(eq(businessJobs.id, job.id));
    if (options.customerEmail !== undefined)
      await tx
        .update(customers)
        .set({ email: options.customerEmail })
        .where(and(eq(customers.companyId, companyId), eq(customers.id, job.customerId)));
    const rateRows = await tx.select().from(vatRates).where(eq(vatRates.companyId, companyId));
    const rates = new Map(rateRows.map((r) => [r.rateBasisPoints, r.id]));
    const line = (designation: string, quantityMilli: number, unitPriceCents: number, vatRate: number) => ({
      kind: 'priced' as const,
      designation,
      unit: 'u',
      quantityMilli,
      unitPriceCents,
      vatRateId: rates.get(vatRate)!,
      vatRate,
    });
    const items: QuoteItem[] = options.items?.(rates) ?? [
      { kind: 'chapter', title: 'Démolition', items: [line('Dépose de la cuisine', 1_000, 60_000, 1000)] },
      {
        kind: 'chapter',
        title: 'Plomberie',
        items: [
          line('Évier inox', 1_000, 30_000, 1000),
          { ...line('Mitigeur thermostatique', 1_000, 15_000, 1000), kind: 'option' },
        ],
      },
      { kind: 'chapter', title: 'Électricité', items: [line('Prises', 6_000, 5_000, 2000)] },
    ];
    const amounts = quoteAmounts({ items, discountRate: 0, depositRate: 3000, reverseCharge: false });
    serial += 1;
    const number = `DE-2026-9${String(companyId).padStart(2, '0')}${String(serial).padStart(2, '0')}`;
    const [row] = await tx
      .insert(quotes)
      .values({
        companyId,
        businessJobId: job.id,
        customerId: job.customerId,
        number,
        baseNumber: number,
        title: 'Rénovation de la cuisine',
        date: todayInFrance(),
        status: options.status ?? 'draft',
        totalExclTaxCents: amounts.ht,
        totalVatCents: amounts.vat,
        totalInclTaxCents: amounts.ttc,
        items,
        depositBasisPoints: 3000,
        validUntil: options.validUntil === undefined ? inDays(30) : options.validUntil,
        startDate: inDays(45),
        durationDays: 5,
        paymentTerms: 'Solde à réception de facture.',
        optionsExclTaxCents: amounts.optionsHt,
      })
      .returning({ id: quotes.id });
    return { id: row!.id, number, jobId: job.id, ttc: amounts.ttc };
  });
}
