import { describe, expect, it } from 'vitest';
import { progressDraft, simpleDraft } from '../testing/invoiceFixtures';
import {
  chapterRow,
  draftErrors,
  draftFromInvoice,
  draftToInput,
  emptyLine,
  formatDecimal,
  hasErrors,
  insertRow,
  parseDecimal,
  setAllProgress,
} from './invoiceDraft';

describe('invoice draft', () => {
  it('reads French decimals as integers of their scale, and writes them back', () => {
    expect(parseDecimal('1 234,5', 2)).toBe(123_450);
    expect(parseDecimal('12.5', 3)).toBe(12_500);
    expect(parseDecimal('-3', 2)).toBe(-300);
    expect(parseDecimal('0,125', 2)).toBeNull();
    expect(parseDecimal('douze', 2)).toBeNull();
    expect(parseDecimal('', 2)).toBeNull();
    expect(formatDecimal(123_450, 2)).toBe('1234,5');
    expect(formatDecimal(-300, 2)).toBe('-3');
    expect(formatDecimal(12_500, 3)).toBe('12,5');
  });

  it('turns a simple draft back into lines under the chapter above them, without the empty rows', () => {
    let draft = draftFromInvoice(simpleDraft);
    draft = insertRow(draft, draft.lines.length - 1, chapterRow());
    draft = insertRow(draft, draft.lines.length - 1, emptyLine(1));
    expect(hasErrors(draftErrors(draft, 'simple'))).toBe(false);
    const input = draftToInput(draft, 'simple');
    expect(input.lines?.map((line) => [line.chapter, line.label])).toEqual([
      ['Démolition', 'Dépose carrelage mural'],
      ['Plomberie', 'Receveur de douche extra-plat'],
      ['Plomberie', 'Main d’œuvre plomberie'],
    ]);
    expect(input).not.toHaveProperty('progress');
  });

  it('checks what each kind may change: progress between 0 and 100 %, a deposit above 0', () => {
    const statement = setAllProgress(draftFromInvoice(progressDraft), '101');
    expect(Object.values(draftErrors(statement, 'progress').lines)).toEqual([
      { progress: 'Ce champ doit être un pourcentage entre 0 et 100.' },
      { progress: 'Ce champ doit être un pourcentage entre 0 et 100.' },
    ]);
    const deposit = { ...draftFromInvoice({ ...simpleDraft, kind: 'deposit', depositBasisPoints: 3000 }) };
    expect(deposit.depositPercent).toBe('30');
    expect(draftToInput(deposit, 'deposit')).toMatchObject({ depositBasisPoints: 3000 });
    expect(draftErrors({ ...deposit, depositPercent: '0' }, 'deposit').depositPercent).toBe(
      'Ce champ doit être un pourcentage entre 0 et 100.',
    );
    expect(draftToInput(draftFromInvoice({ ...simpleDraft, kind: 'final' }), 'final')).toEqual({
      title: simpleDraft.title,
      date: '2026-11-20',
      paymentDeadline: { rule: 'days', value: 30 },
      paymentModes: ['transfer', 'check'],
    });
  });
});
