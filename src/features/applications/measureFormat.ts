import { formatQuantity, UNIT_SPACE } from '../../contract/format';
import { type MeasureKind, measureKinds, unitOfKind } from '../../contract/measures';

/** A measure's value with its unit, French: 1234500 m² → « 1 234,5 m² » (thousandths of the unit). */
export const formatMeasure = (valueMilli: number, unit: string) =>
  `${formatQuantity(valueMilli)}${UNIT_SPACE}${unit}`;

/** The totals that are not zero, in the contract's order of kinds, each with its kind's unit. */
export function nonZeroTotals(totals: Record<MeasureKind, number>): { kind: MeasureKind; text: string }[] {
  return measureKinds
    .filter((kind) => totals[kind] !== 0)
    .map((kind) => ({ kind, text: formatMeasure(totals[kind], unitOfKind[kind]) }));
}
