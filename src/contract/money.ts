/**
 * Money arithmetic, exact, shared by the server's domain layer (server/src/domain/money.ts re-exports
 * it) and the screens' live figures (the quote editor's totals, src/contract/quotes.ts): one rounding
 * rule in one place. Amounts are integer cents; rates and percentages are basis points (`Bp`:
 * 20 % = 2000, 5,5 % = 550); quantities and unit prices of invoices are integers scaled by 10^4
 * (`Fixed4`). Products go through BigInt, so no intermediate ever leaves the exact integers.
 */

/** Integer euro cents. */
export type Cents = number;
/** A decimal scaled by 10^4: 1,5 → 15000. */
export type Fixed4 = number;
/** Hundredths of a percent: 100 % = 10000. */
export type Bp = number;

export const FIXED4_SCALE = 10_000;
export const FULL_PERCENT: Bp = 10_000;

/**
 * numerator / denominator rounded half away from zero: 0,5 → 1 and −0,5 → −1, so a credit note
 * computed from negated inputs mirrors its invoice cent for cent (EN 16931 rounds half up).
 */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (2n * n + d) / (2n * d);
  return negative ? -q : q;
}

/** round(a × b / divisor), half away from zero, exact for any safe integers. */
export function mulDivRound(a: number, b: number, divisor: number): number {
  for (const v of [a, b, divisor]) {
    if (!Number.isSafeInteger(v)) throw new RangeError(`not a safe integer: ${v}`);
  }
  const result = Number(roundDiv(BigInt(a) * BigInt(b), BigInt(divisor)));
  if (!Number.isSafeInteger(result)) throw new RangeError('amount out of range');
  return result;
}

/** `rate` of `cents`, rounded half away from zero to the cent (VAT, retainage, deposits). */
export function percentOf(cents: Cents, rate: Bp): Cents {
  return mulDivRound(cents, rate, FULL_PERCENT);
}

export function sumCents(values: readonly Cents[]): Cents {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/**
 * Splits `total` in proportion to `weights` (non-negative, not all zero) so that the shares sum
 * exactly to `total`: each share is rounded down (toward zero), the cents left go one by one to the
 * largest remainders, ties to the first. A negative total splits as the mirror of the positive one.
 */
export function allocate(total: Cents, weights: readonly number[]): Cents[] {
  if (total < 0) return allocate(-total, weights).map((share) => -share || 0);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  if (weightSum <= 0 || weights.some((w) => w < 0)) throw new RangeError('weights must be positive');
  const t = BigInt(total);
  const w = BigInt(weightSum);
  const shares = weights.map((weight) => (t * BigInt(weight)) / w);
  const remainders = weights.map((weight, i) => ({ i, r: (t * BigInt(weight)) % w }));
  let left = Number(t - shares.reduce((a, b) => a + b, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/**
 * A line's amount: round(quantity × unit price) in cents, half away from zero. `Fixed4 × Fixed4`
 * is scaled by 10^8 euros = 10^6 cents (server/src/domain/lines.ts, invoices' units).
 */
export function lineHt(quantity: Fixed4, unitPrice: Fixed4): Cents {
  return mulDivRound(quantity, unitPrice, 1_000_000);
}

export interface RateBase {
  vatRate: Bp;
  ht: Cents;
}

/** Sums lines (or any amounts) per VAT rate, highest rate first; every rate met is kept, even at 0. */
export function basesByRate(lines: readonly RateBase[]): RateBase[] {
  const byRate = new Map<Bp, Cents>();
  for (const line of lines) byRate.set(line.vatRate, (byRate.get(line.vatRate) ?? 0) + line.ht);
  return [...byRate.entries()].sort(([a], [b]) => b - a).map(([vatRate, ht]) => ({ vatRate, ht }));
}

/** VAT on a base at a rate (EN 16931 BR-CO-17: base × rate, rounded to the cent); none under reverse charge. */
export function vatOf(ht: Cents, vatRate: Bp, reverseCharge: boolean): Cents {
  return reverseCharge ? 0 : percentOf(ht, vatRate);
}
