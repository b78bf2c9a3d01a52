/**
 * A chapter's progress as typed on site: « 40 », « 42,5 », « 42.5 % » → basis points (10000 =
 * 100 %), exact to the hundredth of a percent, as the API stores it.
 */
import { parseFrenchDecimal } from '../../contract/format';

/** Basis points; null for an empty field (the chapter is left as it is); false when it does not read. */
export function parsePercent(text: string): number | null | false {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (trimmed === '') return null;
  const value = parseFrenchDecimal(trimmed, 2);
  return value === null || value < 0 || value > 10_000 ? false : value;
}

/** Basis points → what the field shows: « 40 », « 42,5 » (no unit: the label says %). */
export const percentText = (basisPoints: number) => String(basisPoints / 100).replace('.', ',');

/** The field's value one step up or down (Arrow keys): 5 % at a time, within 0–100 %. */
export function steppedPercent(text: string, direction: 1 | -1): string {
  const current = parsePercent(text);
  const base = typeof current === 'number' ? current : 0;
  return percentText(Math.min(10_000, Math.max(0, base + direction * 500)));
}
