import { describe, expect, it } from 'vitest';
import { validationMessages } from '../../../i18n/validationMessages';
import { quoteEditorMessages as m } from './messages';
import {
  buildContent,
  chapterRow,
  draftErrors,
  draftFromQuote,
  draftToInput,
  emptyLine,
  flatRows,
  insertRow,
  lineFromLibrary,
  moveRow,
  type QuoteDraft,
  removeRow,
  updateRow,
} from './quoteDraft';
import { editorQuote, vatRates } from './testing/quoteEditorFixtures';

const draft = () => draftFromQuote(editorQuote());
const outline = (d: QuoteDraft) =>
  flatRows(d.items).map(({ row, depth }) => `${'  '.repeat(depth)}${row.label}`);
const keyOf = (d: QuoteDraft, label: string) => flatRows(d.items).find((e) => e.row.label === label)!.row.key;

describe('quote draft', () => {
  it('a line from the library takes its figures and keeps its cost; sent with it, read back with it', () => {
    const item = {
      designation: 'Plaque BA13',
      unit: 'm²',
      salePriceCents: 2_450,
      costCents: 1_130,
      vatRateId: 3,
    };
    expect(lineFromLibrary(item, vatRates)).toEqual({
      label: 'Plaque BA13',
      composition: null,
      unit: 'm²',
      unitPrice: '24,5',
      costCents: 1_130,
      vatRateId: 3,
      vatRate: 550,
    });
    // No default rate, or one the company no longer has: the line keeps its own.
    expect(lineFromLibrary({ ...item, vatRateId: null }, vatRates)).not.toHaveProperty('vatRateId');
    expect(lineFromLibrary({ ...item, vatRateId: 99 }, vatRates)).not.toHaveProperty('vatRateId');
    const d = draft();
    const key = keyOf(d, 'Siphon de sol');
    const sent = draftToInput(updateRow(d, key, lineFromLibrary(item, vatRates))).items;
    expect(JSON.stringify(sent)).toContain('"designation":"Plaque BA13","unit":"m²","quantityMilli":2000');
    expect(JSON.stringify(sent)).toContain('"costCents":1130');
    const back = draftFromQuote(editorQuote('draft', sent));
    expect(flatRows(back.items).find((e) => e.row.label === 'Plaque BA13')?.row.costCents).toBe(1_130);
    expect(
      flatRows(back.items).find((e) => e.row.label === 'Dépose carrelage mural')?.row.costCents,
    ).toBeNull();
  });

  it("reads the server's tree and gives it back as sent, blank rows left out", () => {
    const d = insertRow(draft(), null, emptyLine(vatRates[0]!));
    expect(draftToInput(d).items).toEqual(editorQuote().items);
    expect(draftToInput(d)).toMatchObject({
      title: 'Salle de bains',
      date: '2026-11-20',
      validUntil: '2026-12-20',
      startDate: '2027-01-11',
      durationDays: 10,
      feeCents: 0,
      depositBasisPoints: 3000,
    });
  });

  it('moves a line within its chapter, out of it at its edge, and into the chapter it meets', () => {
    let d = draft();
    d = moveRow(d, keyOf(d, 'Siphon de sol'), -1)!;
    expect(outline(d).slice(3, 8)).toEqual([
      'Plomberie',
      '  Receveur de douche extra-plat',
      '  Siphon de sol',
      '  Évacuations',
      '  Paroi de douche en verre',
    ]);
    d = moveRow(d, keyOf(d, 'Siphon de sol'), 1)!;
    expect(outline(d)[6]).toBe('    Siphon de sol');
    d = moveRow(d, keyOf(d, 'Dépose carrelage mural'), -1)!;
    expect(outline(d).slice(0, 2)).toEqual(['Dépose carrelage mural', 'Démolition']);
    expect(moveRow(d, keyOf(d, 'Dépose carrelage mural'), -1)).toBeNull();
    // A chapter moves with its content.
    d = moveRow(d, keyOf(d, 'Carrelage'), -1)!;
    expect(outline(d).slice(3, 5)).toEqual(['Carrelage', '  Faïence murale 30 × 60']);
  });

  it("adds a line under a row, as a chapter's first item; never a third level of chapters", () => {
    let d = draft();
    const line = emptyLine(vatRates[1]!);
    d = insertRow(d, keyOf(d, 'Plomberie'), line);
    expect(flatRows(d.items)[4]).toMatchObject({ depth: 1, row: { key: line.key } });
    const sub = chapterRow('Trop profond');
    d = insertRow(d, keyOf(d, 'Siphon de sol'), sub);
    expect(outline(d)).toContain('  Trop profond');
    d = removeRow(d, sub.key);
    expect(outline(d)).not.toContain('  Trop profond');
  });

  it('says what cannot be sent: unread numbers, a missing designation, dates, percentages, the fee', () => {
    let d = draft();
    d = updateRow(d, keyOf(d, 'Siphon de sol'), { quantity: 'deux' });
    d = updateRow(d, keyOf(d, 'Paroi de douche en verre'), { label: '  ' });
    d = { ...d, validUntil: '01/11/2026', discount: '120', free: false, fee: '', durationDays: '0' };
    const errors = draftErrors(d, buildContent(d), new Set([1, 2, 3]));
    expect(errors.rows[keyOf(d, 'Siphon de sol')]).toEqual({ quantity: validationMessages.number });
    expect(Object.values(errors.rows)).toContainEqual({ label: validationMessages.required });
    expect(errors.fields).toEqual({
      validUntil: m.validUntilBeforeDate,
      discount: m.percent,
      fee: m.feeRequired,
      durationDays: m.durationDaysRange,
    });
  });
});
