/**
 * The invoices' tests and stories run on hand-written answers: each must be one the API may give.
 * They parse with the contract's schemas, the ones the server declares its answers with, and keep
 * no key the contract does not declare, so a contract change the fixtures do not follow fails here
 * rather than only end to end.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { invoicePageAnswer } from '../../../api/invoices';
import { invoiceSendingsSchema } from '../../../contract/invoiceDocuments';
import { invoiceDetailSchema } from '../../../contract/invoices';
import { unknownFields } from '../../../contract/unknownFields';
import { sampleSendings } from './documentFixtures';
import {
  creditNote,
  invoicePage,
  makeInvoices,
  progressDraft,
  simpleDraft,
  validatedInvoice,
} from './invoiceFixtures';

/** What does not fit: the schema's issues, then the keys it would drop. */
function misfits(schema: z.ZodType, answer: unknown): string[] {
  const result = schema.safeParse(answer);
  if (!result.success) return result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return unknownFields(answer, result.data).map((path) => `${path}: not in the contract`);
}

describe('invoice fixtures', () => {
  it.each([
    ['simpleDraft', simpleDraft],
    ['progressDraft', progressDraft],
    ['validatedInvoice', validatedInvoice],
    ['creditNote', creditNote],
  ])('%s is an invoice detail the API may answer', (_name, invoice) => {
    expect(misfits(invoiceDetailSchema, invoice)).toEqual([]);
  });

  it('a page of every kind and status is a list answer', () => {
    expect(misfits(invoicePageAnswer, invoicePage(makeInvoices(30)))).toEqual([]);
  });

  it('the sendings are the answer of …/sendings', () => {
    expect(misfits(invoiceSendingsSchema, sampleSendings)).toEqual([]);
  });

  it('a fixture out of the contract is caught', () => {
    const drifted = { ...simpleDraft, dueDate: '20/12/2026', note: 'x' };
    expect(misfits(invoiceDetailSchema, drifted)).toEqual([expect.stringMatching(/^dueDate: /)]);
    expect(misfits(invoiceDetailSchema, { ...simpleDraft, note: 'x' })).toEqual([
      'note: not in the contract',
    ]);
  });
});
