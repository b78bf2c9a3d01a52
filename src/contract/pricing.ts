/**
 * The price library's prices (issue 22): one pure rule, used by the server's answers (through
 * server/src/domain/pricing.ts) and by the screens' live figures, so that both always agree.
 *
 * - Déboursé sec (cost) of one unit:
 *   supply = purchase price × (1 + loss %); labour = the company's hourly cost (« Coûts et prix de
 *   vente », computeCosts) or its own; equipment = its cost; work = Σ quantity × each component's
 *   déboursé sec, sub-works exact, rounded once, to the cent, at the end.
 * - Sale price excl. VAT of one unit, unless the item has a fixed sale price:
 *   supply and equipment = cost × the materials coefficient; labour = the hourly sale price (its own
 *   hourly cost × (1 + contingency %) × (1 + benefit %), rounded to the cent, as computeCosts does);
 *   work = Σ quantity × each component's sale price (a component's fixed price counts as it is),
 *   rounded once at the end. The labour coefficient is not applied (docs/decisions.md).
 *
 * Exact arithmetic: every intermediate is an integer over a power of ten (BigInt), so a work's
 * figure is rounded once, half away from zero, however deep its composition.
 */
import { type CostFigures, computeCosts } from './costs.js';

export const libraryKinds = ['supply', 'labour', 'equipment', 'work'] as const;
export type LibraryKind = (typeof libraryKinds)[number];

/** What the costs screen defines that the prices use (from the stored or proposed costs). */
export interface PricingRates {
  hourlyCostCents: number;
  hourlySalePriceCents: number;
  contingencyBasisPoints: number;
  benefitBasisPoints: number;
  materialsCoefficientMilli: number;
}

/** The rates of a company's costs, computed by the costs screen's own function. */
export function pricingRates(costs: CostFigures & { materialsCoefficientMilli: number }): PricingRates {
  const computed = computeCosts(costs);
  return {
    hourlyCostCents: computed.hourlyCostCents,
    hourlySalePriceCents: computed.hourlySalePriceCents,
    contingencyBasisPoints: costs.contingencyBasisPoints,
    benefitBasisPoints: costs.benefitBasisPoints,
    materialsCoefficientMilli: costs.materialsCoefficientMilli,
  };
}

/** One item as the rule reads it. */
export interface PricedItem {
  id: number;
  kind: LibraryKind;
  /** supply: purchase price; equipment: cost; labour: own hourly cost (null: the company's). */
  unitCostCents: number | null;
  /** supply only: the loss, in basis points (5 % = 500). */
  lossBasisPoints: number;
  fixedSalePriceCents: number | null;
  /** work only: each component and its quantity, in thousandths. */
  components: readonly { itemId: number; quantityMilli: number }[];
}

export interface ItemPrice {
  /** Déboursé sec of one unit, in cents. */
  costCents: number;
  /** Sale price excl. VAT of one unit, in cents. */
  salePriceCents: number;
}

/** An exact decimal: n / 10^scale. */
interface Exact {
  n: bigint;
  scale: number;
}

const TEN = 10n;
const pow10 = (k: number) => TEN ** BigInt(k);
const exact = (cents: number, scale = 0): Exact => ({ n: BigInt(cents), scale });
const times = (a: Exact, factor: number, factorScale: number): Exact => ({
  n: a.n * BigInt(factor),
  scale: a.scale + factorScale,
});
function plus(a: Exact, b: Exact): Exact {
  if (a.scale === b.scale) return { n: a.n + b.n, scale: a.scale };
  return a.scale > b.scale
    ? { n: a.n + b.n * pow10(a.scale - b.scale), scale: a.scale }
    : { n: a.n * pow10(b.scale - a.scale) + b.n, scale: b.scale };
}

/** n / d rounded half away from zero. */
function roundDiv(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n;
  const a = n < 0n ? -n : n;
  const b = d < 0n ? -d : d;
  const q = (2n * a + b) / (2n * b);
  return negative ? -q : q;
}

/** To the cent, half away from zero: the only rounding of a work's figure. */
const toCents = (value: Exact): number => Number(roundDiv(value.n, pow10(value.scale)));

/** A labour's hourly sale price: its hourly cost marked up as computeCosts marks up the company's. */
export function labourHourlySaleCents(hourlyCostCents: number, rates: PricingRates): number {
  if (hourlyCostCents === rates.hourlyCostCents) return rates.hourlySalePriceCents;
  return Number(
    roundDiv(
      BigInt(hourlyCostCents) *
        BigInt(10_000 + rates.contingencyBasisPoints) *
        BigInt(10_000 + rates.benefitBasisPoints),
      100_000_000n,
    ),
  );
}

/** A composition that reaches itself (never stored: the server refuses it, library_cycle). */
export class CompositionCycleError extends Error {
  constructor(readonly itemId: number) {
    super(`library item ${itemId} contains itself`);
  }
}

/**
 * A pricer over a set of items (`lookup` gives each by id; a work's components must be there too):
 * each item's exact figures are computed once and kept, so pricing a whole library is linear.
 */
export function libraryPricer(lookup: (id: number) => PricedItem | undefined, rates: PricingRates) {
  const known = new Map<number, { cost: Exact; sale: Exact }>();
  const visiting = new Set<number>();

  function exactOf(id: number): { cost: Exact; sale: Exact } {
    const kept = known.get(id);
    if (kept) return kept;
    const item = lookup(id);
    if (!item) throw new Error(`library item ${id} is missing`);
    if (visiting.has(id)) throw new CompositionCycleError(id);
    visiting.add(id);
    let cost: Exact;
    let sale: Exact;
    switch (item.kind) {
      case 'supply': {
        cost = times(exact(item.unitCostCents ?? 0), 10_000 + item.lossBasisPoints, 4);
        sale = times(cost, rates.materialsCoefficientMilli, 3);
        break;
      }
      case 'equipment': {
        cost = exact(item.unitCostCents ?? 0);
        sale = times(cost, rates.materialsCoefficientMilli, 3);
        break;
      }
      case 'labour': {
        const hourly = item.unitCostCents ?? rates.hourlyCostCents;
        cost = exact(hourly);
        sale = exact(labourHourlySaleCents(hourly, rates));
        break;
      }
      case 'work': {
        cost = exact(0);
        sale = exact(0);
        for (const { itemId, quantityMilli } of item.components) {
          const part = exactOf(itemId);
          cost = plus(cost, times(part.cost, quantityMilli, 3));
          sale = plus(sale, times(part.sale, quantityMilli, 3));
        }
        break;
      }
    }
    if (item.fixedSalePriceCents !== null) sale = exact(item.fixedSalePriceCents);
    visiting.delete(id);
    const figures = { cost, sale };
    known.set(id, figures);
    return figures;
  }

  return {
    /** One item's cost and sale price, in cents. */
    price(id: number): ItemPrice {
      const { cost, sale } = exactOf(id);
      return { costCents: toCents(cost), salePriceCents: toCents(sale) };
    },
  };
}

/** The prices of `items` (each work's components among them), by id. */
export function priceItems(items: readonly PricedItem[], rates: PricingRates): Map<number, ItemPrice> {
  const byId = new Map(items.map((item) => [item.id, item]));
  const pricer = libraryPricer((id) => byId.get(id), rates);
  return new Map(items.map((item) => [item.id, pricer.price(item.id)]));
}

/**
 * Would `workId` contain itself, through any depth, if its components were `componentIds`?
 * `componentsOf` gives the stored composition of every other work.
 */
export function wouldCycle(
  workId: number,
  componentIds: readonly number[],
  componentsOf: (id: number) => readonly number[],
): boolean {
  const seen = new Set<number>();
  const stack = [...componentIds];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === workId) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...componentsOf(id));
  }
  return false;
}

/** How many items would change sale price from `before` to `after` (the costs screen's warning). */
export function changedPrices(
  items: readonly PricedItem[],
  before: PricingRates,
  after: PricingRates,
): number {
  const was = priceItems(items, before);
  const will = priceItems(items, after);
  let changed = 0;
  for (const item of items) {
    if (was.get(item.id)!.salePriceCents !== will.get(item.id)!.salePriceCents) changed += 1;
  }
  return changed;
}
