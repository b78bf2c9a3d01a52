import { describe, expect, it } from 'vitest';
import {
  CreditNoteLineInputSchema,
  EditInvoiceSchema,
  RevertInvoiceSchema,
  SimpleLineInputSchema,
} from '../../server/src/schemas/invoicing';
import { invoiceTextLimits } from './invoiceLines';

/** The editor stops typing at these lengths: the server must take exactly that much, not one more. */
describe('the invoice texts’ lengths, the same on both sides', () => {
  const line = { label: 'Pose', quantityMilli: 1000, unitPriceCents: 100, vatRateId: 1 };
  const accepts = (schema: { safeParse: (value: unknown) => { success: boolean } }, value: unknown) =>
    schema.safeParse(value).success;

  it.each([
    ['label', invoiceTextLimits.label],
    ['chapter', invoiceTextLimits.chapter],
    ['unit', invoiceTextLimits.unit],
  ] as const)('a line’s %s: %i characters', (field, max) => {
    expect(accepts(SimpleLineInputSchema, { ...line, [field]: 'x'.repeat(max) })).toBe(true);
    expect(accepts(SimpleLineInputSchema, { ...line, [field]: 'x'.repeat(max + 1) })).toBe(false);
  });

  it('the title, and a credit note line’s label', () => {
    const edit = { id: 1, version: 1 };
    expect(accepts(EditInvoiceSchema, { ...edit, title: 'x'.repeat(invoiceTextLimits.title) })).toBe(true);
    expect(accepts(EditInvoiceSchema, { ...edit, title: 'x'.repeat(invoiceTextLimits.title + 1) })).toBe(
      false,
    );
    expect(accepts(CreditNoteLineInputSchema, { ...line, label: 'x'.repeat(invoiceTextLimits.label) })).toBe(
      true,
    );
    expect(
      accepts(CreditNoteLineInputSchema, { ...line, label: 'x'.repeat(invoiceTextLimits.label + 1) }),
    ).toBe(false);
  });

  it('the reason of a revert', () => {
    const max = invoiceTextLimits.revertReason;
    expect(accepts(RevertInvoiceSchema, { version: 1, reason: 'x'.repeat(max) })).toBe(true);
    expect(accepts(RevertInvoiceSchema, { version: 1, reason: 'x'.repeat(max + 1) })).toBe(false);
    expect(accepts(RevertInvoiceSchema, { version: 1, reason: '  ' })).toBe(false);
  });
});
