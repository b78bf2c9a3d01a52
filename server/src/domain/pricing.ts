/**
 * The price library's pricing rule (issue 22), in the domain layer. The rule itself is written once
 * in the shared contract (src/contract/pricing.ts) because the screens compute the same live
 * figures (as the costs screen does with src/contract/costs.ts): the server imports it from here.
 */
export {
  CompositionCycleError,
  changedPrices,
  type ItemPrice,
  type LibraryKind,
  labourHourlySaleCents,
  libraryKinds,
  libraryPricer,
  type PricedItem,
  type PricingRates,
  priceItems,
  pricingRates,
  wouldCycle,
} from '../../../src/contract/pricing.js';
