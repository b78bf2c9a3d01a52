import { describe, expect, it } from 'vitest';
import { editInvoiceSchema } from '../../../contract/invoiceInputs';
import { progressDraft, simpleDraft } from '../testing/invoiceFixtures';
import {
  chapterRow,
  draftErrors,
  draftFromInvoice,
  draftToInput,
  emptyLine,
  hasErrors,
  insertRow,
  roundTyped,
  setAllProgress,
  updateRow,
} from './invoiceDraft';

describe('invoice draft', () => {
  it('shows stored decimals as a user types them: no thousands separator, no useless zero', () => {
    const draft = draftFromInvoice({
      ...simpleDraft,
      lines: [{ ...simpleDraft.lines[0]!, quantityMilli: 1_234_500, unitPriceCents: 123_450 }],
    });
    expect(draft.lines.find((row) => row.kind === 'line')).toMatchObject({
      quantity: '1234,5',
      unitPrice: '1234,5',
    });
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

  it('refuses under its field what the server’s body rules refuse, and sends nothing they refuse', () => {
    let draft = draftFromInvoice(simpleDraft);
    const line = draft.lines.find((row) => row.kind === 'line')!;
    draft = updateRow(draft, line.key, {
      label: 'x'.repeat(501),
      unit: 'y'.repeat(21),
      quantity: '1000001',
      unitPrice: '1000000000,01',
    });
    draft = { ...draft, date: '01/01/2101' };
    const errors = draftErrors(draft, 'simple');
    expect(errors.date).toBe('La date doit être au plus tard le 31/12/2100.');
    expect(errors.lines[line.key]).toEqual({
      label: 'Ce texte est trop long : 500 caractères au maximum.',
      unit: 'Ce texte est trop long : 20 caractères au maximum.',
      quantity: 'Ce champ doit être un nombre.',
      unitPrice: 'Ce champ doit être un nombre.',
    });
    // At the limits, the body is one the server's own schema takes.
    draft = updateRow(draft, line.key, {
      label: 'x'.repeat(500),
      unit: 'y'.repeat(20),
      quantity: '1000000',
      unitPrice: '1000000000',
    });
    draft = { ...draft, date: '31/12/2100' };
    expect(hasErrors(draftErrors(draft, 'simple'))).toBe(false);
    const body = { id: 1, version: 1, ...draftToInput(draft, 'simple') };
    expect(editInvoiceSchema.safeParse(body).success).toBe(true);
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
      worksDate: null,
      paymentDeadline: { rule: 'days', value: 30 },
      paymentModes: ['transfer', 'check'],
    });
  });
});

describe('precisions, payment terms and reverse charge in the draft', () => {
  const atZero = { quantityPrecision: 0, unitPricePrecision: 0 };

  it('rounds a typed quantity or unit price to its precision as the server keeps it, and shows fixed decimals', () => {
    const precisions = { quantityPrecision: 2, unitPricePrecision: 2 };
    expect(roundTyped('1,555', 'quantity', precisions)).toBe('1,56');
    expect(roundTyped('1,554', 'quantity', precisions)).toBe('1,55');
    expect(roundTyped('1,5', 'quantity', precisions)).toBe('1,5');
    expect(roundTyped('1,5', 'quantity', atZero)).toBe('2');
    expect(roundTyped('12,34', 'unitPrice', atZero)).toBe('12');
    expect(roundTyped('douze', 'unitPrice', atZero)).toBe('douze');
  });

  it('sends quantities and unit prices at the precisions: changing a setting changes the body', () => {
    const draft = updateRow(draftFromInvoice(simpleDraft), 'line-1', {
      quantity: '12,555',
      unitPrice: '30,5',
    });
    expect(draftToInput(draft, 'simple').lines?.[0]).toMatchObject({
      quantityMilli: 12_560,
      unitPriceCents: 3_050,
    });
    expect(draftToInput(draft, 'simple', atZero).lines?.[0]).toMatchObject({
      quantityMilli: 13_000,
      unitPriceCents: 3_100,
    });
  });

  it('reads and checks the deadline and modes like the customer form, and sends them', () => {
    const draft = draftFromInvoice(simpleDraft);
    expect(draft).toMatchObject({
      deadlineRule: 'days',
      deadlineValue: '30',
      paymentModes: ['transfer', 'check'],
    });
    const dated = {
      ...draft,
      deadlineRule: 'date',
      deadlineValue: '31/01/2027',
      paymentModes: ['card' as const],
    };
    expect(hasErrors(draftErrors(dated, 'simple'))).toBe(false);
    expect(draftToInput(dated, 'simple')).toMatchObject({
      paymentDeadline: { rule: 'date', value: '2027-01-31' },
      paymentModes: ['card'],
    });
    expect(
      draftErrors({ ...draft, deadlineRule: 'dayOfMonth', deadlineValue: '40' }, 'simple').deadlineValue,
    ).toBe('Ce champ doit être un nombre.');
    expect(draftErrors({ ...draft, deadlineValue: 'trente' }, 'simple').deadlineValue).toBe(
      'Ce champ doit être un nombre.',
    );
    expect(
      draftErrors({ ...draft, deadlineRule: 'date', deadlineValue: '2027' }, 'simple').deadlineValue,
    ).toBe('La date doit respecter le format JJ/MM/AAAA.');
    expect(draftErrors({ ...draft, paymentModes: [] }, 'simple').paymentModes).toBe(
      'Ce champ est obligatoire.',
    );
  });

  it('sends reverse charge on a simple invoice only (an invoice of a quote has the quote’s)', () => {
    const draft = { ...draftFromInvoice(simpleDraft), reverseCharge: true };
    expect(draftToInput(draft, 'simple').reverseCharge).toBe(true);
    expect(draftToInput(draft, 'deposit')).not.toHaveProperty('reverseCharge');
    expect(draftFromInvoice({ ...simpleDraft, reverseCharge: true }).reverseCharge).toBe(true);
  });

  it('reads, checks and sends the works date: typed as a French date, empty clears it, a deposit has none', () => {
    const draft = draftFromInvoice({ ...simpleDraft, worksDate: '2026-05-15' });
    expect(draft.worksDate).toBe('15/05/2026');
    expect(draftToInput(draft, 'simple').worksDate).toBe('2026-05-15');
    expect(draftToInput({ ...draft, worksDate: '' }, 'simple').worksDate).toBeNull();
    expect(draftToInput(draft, 'deposit')).not.toHaveProperty('worksDate');
    expect(draftErrors({ ...draft, worksDate: '' }, 'simple').worksDate).toBeUndefined();
    const wrong = draftErrors({ ...draft, worksDate: '31/02/2026' }, 'simple');
    expect(wrong.worksDate).toBe('La date doit respecter le format JJ/MM/AAAA.');
    expect(hasErrors(wrong)).toBe(true);
    expect(draftFromInvoice(simpleDraft).worksDate).toBe('');
  });
});
