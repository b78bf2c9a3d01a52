/**
 * Money and decimal arithmetic, exact: amounts are integer cents; quantities and unit prices are
 * integers scaled by 10^4 (`Fixed4`), the document settings' precisions (0–4 decimals) limiting what
 * is accepted; rates and percentages are basis points (`Bp`: 20 % = 2000, 5,5 % = 550).
 * The rounding and splitting rules are written once in the shared contract (src/contract/money.ts),
 * because the screens compute the same live figures (the quote editor's totals): re-exported here.
 */

import { parseFrenchDecimal } from '../../../src/contract/format.js';
import type { Fixed4 } from '../../../src/contract/money.js';
import { roundToDecimals } from '../../../src/contract/precision.js';

export {
  allocate,
  type Bp,
  type Cents,
  FIXED4_SCALE,
  type Fixed4,
  FULL_PERCENT,
  mulDivRound,
  percentOf,
  roundDiv,
  sumCents,
} from '../../../src/contract/money.js';

/** The most decimals a precision setting may allow (the scale of `Fixed4`). */
export const MAX_DECIMALS = 4;

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
