/**
 * The sheet's live figures: what is typed, priced by THE rule the server answers with
 * (src/contract/pricing.ts), over the components as they are stored (sub-works whole), at the
 * company's current « Coûts et prix de vente ». So the sheet shows, before saving, the figures the
 * server will answer after.
 */
import {
  CompositionCycleError,
  type ItemPrice,
  libraryPricer,
  type PricedItem,
  type PricingRates,
} from '../../../contract/pricing';

export type LiveFigures =
  | ({ state: 'ready'; unit: (id: number) => ItemPrice | null } & ItemPrice)
  | { state: 'loading' | 'invalid' | 'cycle' };

export function liveFigures(
  draft: PricedItem | null,
  components: Readonly<Record<number, PricedItem>> | undefined,
  rates: PricingRates | null,
): LiveFigures {
  if (draft === null) return { state: 'invalid' };
  if (rates === null) return { state: 'loading' };
  const lookup = (id: number) => (id === draft.id ? draft : components?.[id]);
  if (draft.components.some(({ itemId }) => itemId !== draft.id && !components?.[itemId]))
    return { state: 'loading' };
  const pricer = libraryPricer(lookup, rates);
  try {
    const price = pricer.price(draft.id);
    return {
      state: 'ready',
      ...price,
      unit: (id) => {
        try {
          return lookup(id) ? pricer.price(id) : null;
        } catch {
          return null;
        }
      },
    };
  } catch (error) {
    if (error instanceof CompositionCycleError) return { state: 'cycle' };
    // A sub-work's part not read yet (a stale read): the figures come with the next one.
    return { state: 'loading' };
  }
}
