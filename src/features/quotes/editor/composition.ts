/**
 * A library work's composition inside a quote (issue 22): the work's components are copied into
 * the line with their figures of one unit, editable for this quote only; the line's cost and unit
 * price follow them by the contract's `compositionPrice` (the price library's own rule for a work,
 * src/contract/pricing.ts), the very function the server applies on each save of a draft. A later
 * change in the library does not move the quote: its figures are copies.
 */
import type { LibraryItem } from '../../../api/library';
import { formatDecimal } from '../../../contract/format';
import { mulDivRound } from '../../../contract/money';
import { type LibraryKind, libraryPricer, type PricingRates } from '../../../contract/pricing';
import {
  compositionPrice,
  type QuoteComposition,
  type QuoteCompositionComponent,
} from '../../../contract/quotes';

/**
 * A work's composition as the line keeps it, from the library's item: each component with its cost
 * and its sale price as the library answered them (the server's advice: a component's price counts
 * as copied until its cost is changed in this quote).
 */
export function compositionFromLibrary(item: Pick<LibraryItem, 'id' | 'components'>): QuoteComposition {
  return {
    libraryItemId: item.id,
    components: item.components.map((component) => ({
      itemId: component.itemId,
      kind: component.kind,
      designation: component.designation,
      unit: component.unit,
      quantityMilli: component.quantityMilli,
      unitCostCents: component.costCents,
      unitSaleCents: component.salePriceCents,
    })),
  };
}

/** A component's sale price of one unit by the company's rule for its kind and cost (not for a sub-work). */
function salePriceByRule(kind: Exclude<LibraryKind, 'work'>, costCents: number, rates: PricingRates): number {
  const item = {
    id: 1,
    kind,
    unitCostCents: costCents,
    // The copied cost of a supply includes its loss already.
    lossBasisPoints: 0,
    fixedSalePriceCents: null,
    components: [],
  };
  return libraryPricer(() => item, rates).price(1).salePriceCents;
}

/**
 * A component with a new déboursé sec. Its sale price follows by the company's rule (a supply or
 * equipment × the materials coefficient, labour at its hourly sale price): its copied price is
 * dropped so that `compositionPrice` applies the rule, as the server will. A component sold at its
 * own price in the library (not the rule's, beyond a cent of rounding) and a sub-work (whose own
 * composition is not in the quote) keep a price of their own, moved in proportion to the cost.
 * Without the company's rates yet, in proportion too.
 */
export function withComponentCost(
  component: QuoteCompositionComponent,
  costCents: number,
  rates: PricingRates | null,
): QuoteCompositionComponent {
  const { unitSaleCents, ...rest } = component;
  const proportional = (sale: number) =>
    component.unitCostCents === 0 ? sale : mulDivRound(sale, costCents, component.unitCostCents);
  // Already priced by the rule: it stays so.
  if (unitSaleCents === undefined) return { ...rest, unitCostCents: costCents };
  if (component.kind === 'work' || rates === null) {
    return { ...rest, unitCostCents: costCents, unitSaleCents: proportional(unitSaleCents) };
  }
  const ownPrice =
    Math.abs(salePriceByRule(component.kind, component.unitCostCents, rates) - unitSaleCents) > 1;
  return ownPrice
    ? { ...rest, unitCostCents: costCents, unitSaleCents: proportional(unitSaleCents) }
    : { ...rest, unitCostCents: costCents };
}

/** One component changed (its quantity, or its cost and so its sale price), the others kept. */
export function changeComponent(
  composition: QuoteComposition,
  index: number,
  changes: { quantityMilli?: number; unitCostCents?: number },
  rates: PricingRates | null,
): QuoteComposition {
  return {
    ...composition,
    components: composition.components.map((component, i) => {
      if (i !== index) return component;
      let next = component;
      if (changes.quantityMilli !== undefined) next = { ...next, quantityMilli: changes.quantityMilli };
      if (changes.unitCostCents !== undefined) next = withComponentCost(next, changes.unitCostCents, rates);
      return next;
    }),
  };
}

/** The rates `compositionPrice` needs when every component has its own price (no rule applies). */
const NO_RATES: PricingRates = {
  hourlyCostCents: 0,
  hourlySalePriceCents: 0,
  contingencyBasisPoints: 0,
  benefitBasisPoints: 0,
  materialsCoefficientMilli: 1000,
};

/** Every component counts at its own sale price: the company's rates are not needed. */
export const pricedAsCopied = (composition: QuoteComposition) =>
  composition.components.every((component) => component.unitSaleCents !== undefined);

/**
 * What a line becomes when its composition changes: the composition, its cost, and its unit price
 * as typed (unless the user typed the line's price: `priceTyped`). Null while the rates a component
 * needs are not known yet.
 */
export function lineFromComposition(
  composition: QuoteComposition,
  rates: PricingRates | null,
): { composition: QuoteComposition; costCents: number; unitPrice?: string } | null {
  const known = rates ?? (pricedAsCopied(composition) ? NO_RATES : null);
  if (!known) return null;
  const { costCents, salePriceCents } = compositionPrice(composition, known);
  return composition.priceTyped
    ? { composition, costCents }
    : { composition, costCents, unitPrice: formatDecimal(salePriceCents, 2, { grouping: false }) };
}
