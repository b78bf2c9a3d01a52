/**
 * The document settings' precisions (spec section 3: quantity precision, unit price precision) as
 * both sides apply them: a quantity or unit price is rounded, as entered, to the setting's number
 * of decimals, half away from zero (so a negative value mirrors the positive one). The server
 * rounds what it stores; the invoice editor rounds what it shows and sends, so both agree.
 */

/** The API's units: quantities in thousandths, unit prices in cents. */
export const QUANTITY_UNIT_DECIMALS = 3;
export const UNIT_PRICE_UNIT_DECIMALS = 2;

/**
 * `value`, an integer of 10^-`scale` units, rounded to `decimals` decimals (still at `scale`):
 * 1555 at scale 3 to 2 decimals → 1560. A setting finer than the unit keeps the value as it is
 * (the unit cannot hold more decimals); a negative setting counts as 0.
 */
export function roundToDecimals(value: number, scale: number, decimals: number): number {
  const kept = Math.min(Math.max(Math.trunc(decimals), 0), scale);
  const step = 10 ** (scale - kept);
  if (step === 1) return value || 0;
  const magnitude = Math.abs(value);
  const rounded = Math.floor((2 * magnitude + step) / (2 * step)) * step;
  return value < 0 ? -rounded || 0 : rounded;
}

/** A quantity in thousandths at the quantity precision. */
export const roundQuantityMilli = (quantityMilli: number, precision: number) =>
  roundToDecimals(quantityMilli, QUANTITY_UNIT_DECIMALS, precision);

/** A unit price in cents at the unit price precision. */
export const roundUnitPriceCents = (unitPriceCents: number, precision: number) =>
  roundToDecimals(unitPriceCents, UNIT_PRICE_UNIT_DECIMALS, precision);
