/**
 * Money and decimal arithmetic, exact: amounts are integer cents; quantities and unit prices are
 * integers scaled by 10^4 (`Fixed4`), the document settings' precisions (0–4 decimals) limiting what
 * is accepted; rates and percentages are basis points (`Bp`: 20 % = 2000, 5,5 % = 550).
 * Products go through BigInt, so no intermediate ever leaves the exact integers.
 */
import { parseFrenchDecimal } from '../../../src/contract/format.js';
import { roundToDecimals } from '../../../src/contract/precision.js';

/** Integer euro cents. */
export type Cents = number;
/** A decimal scaled by 10^4: 1,5 → 15000. */
export type Fixed4 = number;
/** Hundredths of a percent: 100 % = 10000. */
export type Bp = number;

export const FIXED4_SCALE = 10_000;
export const FULL_PERCENT: Bp = 10_000;
/** The most decimals a precision setting may allow (the scale of `Fixed4`). */
export const MAX_DECIMALS = 4;

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
 * A French (or dotted) decimal as `Fixed4` (read by src/contract/format.ts), or null when it is not
 * a number or has more decimals than `decimals` (the quantity or unit price precision setting):
 * "12,5" → 125000.
 */
export function parseFixed4(text: string, decimals: number): Fixed4 | null {
  const value = parseFrenchDecimal(text, MAX_DECIMALS);
  return value !== null && decimals >= 0 && fitsPrecision(value, decimals) ? value : null;
}

/** Whether a `Fixed4` value has at most `decimals` decimals (the precision setting). */
export function fitsPrecision(value: Fixed4, decimals: number): boolean {
  const step = 10 ** (MAX_DECIMALS - Math.min(Math.max(decimals, 0), MAX_DECIMALS));
  return Number.isSafeInteger(value) && value % step === 0;
}

/**
 * A quantity or unit price rounded, as entered, to the precision setting's decimals (half away
 * from zero): 1,555 at 2 decimals → 1,56. The rule is the contract's, so the editor shows what the
 * server keeps.
 */
export function roundToPrecision(value: Fixed4, decimals: number): Fixed4 {
  return roundToDecimals(value, MAX_DECIMALS, decimals);
}
