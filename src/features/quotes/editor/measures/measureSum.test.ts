import { describe, expect, it } from 'vitest';
import { formatMeasure, measureSelection } from './measureSum';

const measures = [
  { id: 1, kind: 'area' as const, valueMilli: 12_500 },
  { id: 2, kind: 'area' as const, valueMilli: 12_800 },
  { id: 3, kind: 'length' as const, valueMilli: 4_000 },
];

describe('« Insérer un métré »: the measures ticked', () => {
  it('adds measures of one kind in their unit, and says it in French', () => {
    const sum = measureSelection(measures, [1, 2]);
    expect(sum).toEqual({ kind: 'area', unit: 'm²', valueMilli: 25_300, count: 2, tooLarge: false });
    expect(formatMeasure(sum.valueMilli, 'm²')).toBe('25,3\u00a0m²');
    expect(formatMeasure(1_234_500, 'm')).toBe('1\u202f234,5\u00a0m');
  });

  it('leaves out a measure of another kind than the first ticked; nothing ticked is no kind', () => {
    expect(measureSelection(measures, [3, 1])).toMatchObject({ kind: 'length', valueMilli: 4_000, count: 1 });
    expect(measureSelection(measures, [])).toEqual({
      kind: null,
      unit: null,
      valueMilli: 0,
      count: 0,
      tooLarge: false,
    });
  });

  it('says when the sum is beyond a quote line’s largest quantity', () => {
    const huge = [
      { id: 1, kind: 'volume' as const, valueMilli: 600_000_000 },
      { id: 2, kind: 'volume' as const, valueMilli: 600_000_000 },
    ];
    expect(measureSelection(huge, [1, 2]).tooLarge).toBe(true);
  });
});
