/**
 * The measures ticked in « Insérer un métré »: one kind at a time (a length and an area do not add
 * up), their sum in thousandths of their unit (the line's `quantityMilli`, no conversion), and how
 * it reads in French (« 12,5 m² »).
 */
import { formatDecimal, UNIT_SPACE } from '../../../../contract/format';
import { type MeasureKind, type MeasureUnit, unitOfKind } from '../../../../contract/measures';
import { MAX_QUANTITY_MILLI } from '../../../../contract/quotes';

export interface TickableMeasure {
  id: number;
  kind: MeasureKind;
  valueMilli: number;
}

export interface MeasureSelection {
  /** The kind of the measures ticked (null: none ticked). */
  kind: MeasureKind | null;
  unit: MeasureUnit | null;
  valueMilli: number;
  count: number;
  /** Beyond a quote line's largest quantity. */
  tooLarge: boolean;
}

/** The sum of the ticked measures (ids of another kind than the first ticked are left out). */
export function measureSelection(
  measures: readonly TickableMeasure[],
  ticked: readonly number[],
): MeasureSelection {
  const chosen = measures.filter((measure) => ticked.includes(measure.id));
  // The kind of the first measure ticked (the dialog then disables the other kinds).
  const first = ticked.map((id) => measures.find((measure) => measure.id === id)).find(Boolean);
  const kind = first?.kind ?? null;
  const same = chosen.filter((measure) => measure.kind === kind);
  const valueMilli = same.reduce((sum, measure) => sum + measure.valueMilli, 0);
  return {
    kind,
    unit: kind === null ? null : unitOfKind[kind],
    valueMilli,
    count: same.length,
    tooLarge: valueMilli > MAX_QUANTITY_MILLI,
  };
}

/** 12500 m² → « 12,5 m² » (a no-break space before the unit, thousands grouped). */
export const formatMeasure = (valueMilli: number, unit: string) =>
  unit ? `${formatDecimal(valueMilli, 3)}${UNIT_SPACE}${unit}` : formatDecimal(valueMilli, 3);
