import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unknownFields } from './unknownFields';

const line = z.object({ label: z.string(), quantity: z.number() });
const body = z.object({
  name: z.string().trim(),
  lines: z.array(line),
  terms: z.object({ rule: z.string(), value: z.number().optional() }),
  labels: z.record(z.string(), z.string()),
  extra: z.looseObject({ kind: z.string() }),
});
const unknownOf = (sent: Record<string, unknown>) => unknownFields(sent, body.parse(sent));
const valid = {
  name: ' Martin ',
  lines: [{ label: 'Pose', quantity: 2 }],
  terms: { rule: 'days' },
  labels: { any: 'key' },
  extra: { kind: 'x', free: true },
};

describe('unknownFields: the keys a body schema does not declare', () => {
  it('none in a body the schema declares whole (records and loose objects take any key)', () => {
    expect(unknownOf(valid)).toEqual([]);
  });

  it('names each unknown key by its path, at any depth, as a 422 names fields', () => {
    expect(
      unknownOf({
        ...valid,
        version: 3,
        lines: [
          { label: 'Pose', quantity: 2 },
          { label: 'Dépose', quantity: 1, id: 9 },
        ],
        terms: { rule: 'days', value: 5, days: 5 },
      }),
    ).toEqual(['lines.1.id', 'terms.days', 'version']);
  });

  it('says nothing of values that are not objects (a transformed or scalar value)', () => {
    expect(unknownFields('a', 'b')).toEqual([]);
    expect(unknownFields({ a: { b: 1 } }, { a: 'flattened' })).toEqual([]);
  });
});
