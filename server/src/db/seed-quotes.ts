/**
 * The demo's quotes in the states besides « accepté » (issue 21): a draft written from the price
 * library, a quote sent whose link works, a refused one and an expired one — with chapters, an
 * option, a global discount and composed lines, made through the quotes' own operations
 * (server/src/invoicing/quotes.ts) so their amounts and states are the domain's.
 *
 * The sent quote's link is the company's demo token (`demoAcceptanceToken`): a demo has no mail
 * to read it from, so it is derived from the company id and printed nowhere but here and in the
 * e2e tests; a real quote's token is random (documents/quote-link.ts).
 */
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { QuoteComposition } from '../../../src/contract/quotes.js';
import { libraryPricer, type PricedItem } from '../domain/pricing.js';
import type { Outcome } from '../invoicing/outcome.js';
import { answerQuote, createQuote, markQuoteSent, type QuoteItemInput } from '../invoicing/quotes.js';
import { todayInFrance } from '../invoicing/today.js';
import { ratesFor, transactionReader } from '../library/prices.js';
import { starterItems } from '../library/starter-library.js';
import type { Tx } from './database.js';
import { businessJobs } from './schema.js';

const dayMs = 86_400_000;
const dayBefore = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) - days * dayMs).toISOString().slice(0, 10);

/** The demo link of company `companyId`'s sent quote: 43 base64url characters, as a real token. */
export const demoAcceptanceToken = (companyId: number) =>
  createHash('sha256').update(`bo-elements demo quote ${companyId}`).digest('base64url');

/**
 * A work of the starter library as the quote editor inserts it: its designation, unit, sale price
 * and cost, and its composition with each component's figures by the library's rule (the same
 * figures `GET /library/items/{id}` answers), on the company's current costs.
 */
async function libraryLine(
  tx: Tx,
  companyId: number,
  code: string,
  quantityMilli: number,
  vatRateId: number,
) {
  const items = starterItems();
  const index = new Map(items.map((item, i) => [item.code, i + 1]));
  const priced = new Map<number, PricedItem>(
    items.map((item, i) => [
      i + 1,
      {
        id: i + 1,
        kind: item.kind,
        unitCostCents: item.unitCostCents,
        lossBasisPoints: 0,
        fixedSalePriceCents: null,
        components: item.components.map((c) => ({
          itemId: index.get(c.code)!,
          quantityMilli: c.quantityMilli,
        })),
      },
    ]),
  );
  const pricer = libraryPricer((id) => priced.get(id), await ratesFor(transactionReader(tx), companyId));
  const work = items[index.get(code)! - 1]!;
  const composition: QuoteComposition = {
    libraryItemId: null,
    components: work.components.map((c) => {
      const item = items[index.get(c.code)! - 1]!;
      const price = pricer.price(index.get(c.code)!);
      return {
        itemId: null,
        kind: item.kind,
        designation: item.designation,
        unit: item.unit,
        quantityMilli: c.quantityMilli,
        unitCostCents: price.costCents,
        unitSaleCents: price.salePriceCents,
      };
    }),
  };
  const price = pricer.price(index.get(code)!);
  return {
    kind: 'priced' as const,
    designation: work.designation,
    unit: work.unit,
    quantityMilli,
    unitPriceCents: price.salePriceCents,
    vatRateId,
    costCents: price.costCents,
    composition,
  } satisfies QuoteItemInput;
}

export async function seedQuoteStates(
  tx: Tx,
  companyId: number,
  vatIdOf: (percent: number) => number,
  /** Who writes and sends them (the activity log names them); null: the system. */
  userId: number | null = null,
) {
  const must = <T>(outcome: Outcome<T>): T => {
    if (!outcome.ok) throw new Error(`Seed of company ${companyId}'s quotes refused: ${outcome.key}`);
    return outcome.value;
  };
  const today = todayInFrance();
  const jobs = await tx
    .select({ id: businessJobs.id })
    .from(businessJobs)
    .where(and(eq(businessJobs.companyId, companyId)))
    .orderBy(asc(businessJobs.id))
    .limit(4);
  const jobAt = (i: number) => jobs[i % jobs.length]!.id;
  const line = (designation: string, unit: string, quantity: number, unitPrice: number, vat = 10) => ({
    kind: 'priced' as const,
    designation,
    unit,
    quantityMilli: Math.round(quantity * 1000),
    unitPriceCents: Math.round(unitPrice * 100),
    vatRateId: vatIdOf(vat),
  });
  const option = (designation: string, unit: string, quantity: number, unitPrice: number) => ({
    ...line(designation, unit, quantity, unitPrice),
    kind: 'option' as const,
  });
  const content = async (): Promise<QuoteItemInput[]> => [
    {
      kind: 'chapter',
      title: 'Démolition',
      items: [
        line('Dépose de cloison existante', 'm²', 14, 18.5),
        { kind: 'text', text: 'Gravats évacués en déchetterie.' },
      ],
    },
    {
      kind: 'chapter',
      title: 'Plâtrerie',
      items: [
        await libraryLine(tx, companyId, 'PLA-O01', 14_000, vatIdOf(10)),
        {
          kind: 'chapter',
          title: 'Salle d’eau',
          items: [await libraryLine(tx, companyId, 'PLA-O02', 6_500, vatIdOf(10))],
        },
      ],
    },
    {
      kind: 'chapter',
      title: 'Peinture',
      items: [
        line('Peinture acrylique deux couches', 'm²', 41, 22),
        option('Peinture du plafond', 'm²', 18, 19.5),
      ],
    },
  ];
  const create = async (jobIndex: number, title: string, date: string, extra: Record<string, unknown> = {}) =>
    must(
      await createQuote(
        tx,
        companyId,
        {
          businessJobId: jobAt(jobIndex),
          title,
          date,
          items: await content(),
          discountBasisPoints: 500,
          depositBasisPoints: 3000,
          ...extra,
        },
        date,
        userId,
      ),
    );

  // A draft being written: from the library, a discount, an option.
  await create(0, 'Rénovation de la salle d’eau', today, { startDate: null, durationDays: 10 });
  // Sent three days ago, still valid: its demo link answers (/devis/{demoAcceptanceToken}).
  const sentOn = dayBefore(today, 3);
  const sent = await create(1, 'Cloisons et peinture du séjour', sentOn, { durationDays: 5 });
  const hash = createHash('sha256').update(demoAcceptanceToken(companyId)).digest('hex');
  must(
    await markQuoteSent(tx, companyId, sent, {
      today: sentOn,
      now: new Date(`${sentOn}T09:00:00Z`),
      acceptanceTokenHash: hash,
      userId,
    }),
  );
  // Refused by the customer on paper, with a reason.
  const refusedOn = dayBefore(today, 40);
  const refused = await create(2, 'Aménagement des combles', refusedOn);
  must(
    await markQuoteSent(tx, companyId, refused, {
      today: refusedOn,
      now: new Date(`${refusedOn}T09:00:00Z`),
      userId,
    }),
  );
  must(
    await answerQuote(
      tx,
      companyId,
      refused,
      { decision: 'refused', reason: 'Budget dépassé : travaux reportés à l’an prochain.' },
      { sessionId: null, userId: userId ?? undefined },
      dayBefore(today, 30),
      new Date(`${dayBefore(today, 30)}T09:00:00Z`),
    ),
  );
  // Sent two months ago, valid 30 days, never answered: expired.
  const expiredOn = dayBefore(today, 60);
  const expired = await create(3, 'Réfection des peintures du couloir', expiredOn, {
    validUntil: dayBefore(today, 30),
  });
  must(
    await markQuoteSent(tx, companyId, expired, {
      today: expiredOn,
      now: new Date(`${expiredOn}T09:00:00Z`),
      userId,
    }),
  );
}
