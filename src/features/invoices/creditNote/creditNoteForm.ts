/**
 * The partial credit note's form (« Créer un avoir »): its values as typed (French decimals), their
 * checks with French messages, the API's lines, and the totals shown while typing. The server
 * computes the credit note's own totals; the preview follows the same rule (each line rounded to
 * the cent, then the VAT of each rate on the sum of its lines, half away from zero).
 */
import { z } from 'zod';
import type { CreditNoteLineInput, InvoiceDetail, Precisions } from '../../../api/invoices';
import { parseFrenchDecimal } from '../../../contract/format';
import { creditNoteLineInputSchema, invoiceBodyLimits } from '../../../contract/invoiceInputs';
import { lazy } from '../../../contract/lazy';
import { roundQuantityMilli, roundUnitPriceCents } from '../../../contract/precision';
import { validationMessages } from '../../../i18n/validationMessages';
import { PRICE_SCALE, QUANTITY_SCALE } from '../editor/invoiceDraft';
import { textBy } from '../inputRules';
import { invoiceMessages as m } from '../messages';

/** gesture: one amount excl. tax at one rate (« Geste commercial »); lines: detailed lines. */
export type CreditNoteMode = 'gesture' | 'lines';

export interface CreditNoteLineValues {
  label: string;
  quantity: string;
  unitPrice: string;
  /** The select's value: a VAT rate id of the invoice. */
  vatRateId: string;
}

export interface CreditNoteFormValues {
  mode: CreditNoteMode;
  gesture: { label: string; amount: string; vatRateId: string };
  lines: CreditNoteLineValues[];
}

/** The most lines a credit note may have (the contract's). */
export const MAX_CREDIT_NOTE_LINES = invoiceBodyLimits.creditNoteLines;
/** The server's rules of a credit note's line (src/contract/invoiceInputs.ts). */
const lineRules = lazy(() => creditNoteLineInputSchema.shape);

/** A VAT rate the credit note may use: one of the invoice's (its lines' snapshot). */
export interface CreditNoteRate {
  vatRateId: number;
  basisPoints: number;
}

/** The invoice's rates, highest first (the first is the default of a new line). */
export function invoiceRates(invoice: Pick<InvoiceDetail, 'lines'>): CreditNoteRate[] {
  const rates = new Map<number, number>();
  for (const line of invoice.lines) rates.set(line.vatRateId, line.vatBasisPoints);
  return [...rates]
    .map(([vatRateId, basisPoints]) => ({ vatRateId, basisPoints }))
    .sort((a, b) => b.basisPoints - a.basisPoints);
}

export function emptyCreditNoteLine(rates: readonly CreditNoteRate[]): CreditNoteLineValues {
  return { label: '', quantity: '1', unitPrice: '', vatRateId: String(rates[0]?.vatRateId ?? '') };
}

export function initialCreditNoteValues(rates: readonly CreditNoteRate[]): CreditNoteFormValues {
  return {
    mode: 'gesture',
    gesture: { label: m.creditNoteGesture, amount: '', vatRateId: String(rates[0]?.vatRateId ?? '') },
    lines: [emptyCreditNoteLine(rates)],
  };
}

const label = () => textBy(lineRules.label);

/** A positive French decimal of `scale` decimals, within the contract's range for its field. */
const positive = (scale: number, rule: z.ZodType) =>
  z.string().superRefine((text, context) => {
    const value = parseFrenchDecimal(text, scale);
    if (text.trim() === '') context.addIssue({ code: 'custom', message: validationMessages.required });
    else if (value === null) context.addIssue({ code: 'custom', message: validationMessages.number });
    else if (value <= 0) context.addIssue({ code: 'custom', message: m.positive });
    else if (!rule.safeParse(value).success)
      context.addIssue({ code: 'custom', message: validationMessages.number });
  });

const rate = () => z.string().min(1, validationMessages.required);

const gestureSchema = lazy(() =>
  z.object({
    label: label(),
    amount: positive(PRICE_SCALE, lineRules.unitPriceCents),
    vatRateId: rate(),
  }),
);
const linesSchema = lazy(() =>
  z
    .array(
      z.object({
        label: label(),
        quantity: positive(QUANTITY_SCALE, lineRules.quantityMilli),
        unitPrice: positive(PRICE_SCALE, lineRules.unitPriceCents),
        vatRateId: rate(),
      }),
    )
    .min(1, m.creditNoteEmpty)
    .max(MAX_CREDIT_NOTE_LINES),
);

const typed = lazy(() => z.string());
/**
 * The values as typed; only the chosen mode's fields are checked (the other mode's typing is
 * kept, not judged), their messages under their fields.
 */
export const creditNoteSchema = lazy(() =>
  z
    .object({
      mode: z.enum(['gesture', 'lines']),
      gesture: z.object({ label: typed, amount: typed, vatRateId: typed }),
      lines: z.array(z.object({ label: typed, quantity: typed, unitPrice: typed, vatRateId: typed })),
    })
    .superRefine((values, context) => {
      const checked =
        values.mode === 'gesture'
          ? gestureSchema.safeParse(values.gesture)
          : linesSchema.safeParse(values.lines);
      if (checked.success) return;
      for (const issue of checked.error.issues)
        context.addIssue({ code: 'custom', message: issue.message, path: [values.mode, ...issue.path] });
    }),
);

/** The API's lines of valid values, quantities and prices at the document precisions (as the server keeps them). */
export function creditNoteLines(values: CreditNoteFormValues, precisions: Precisions): CreditNoteLineInput[] {
  if (values.mode === 'gesture') {
    return [
      {
        label: values.gesture.label.trim(),
        quantityMilli: 1000,
        unitPriceCents: parseFrenchDecimal(values.gesture.amount, PRICE_SCALE) ?? 0,
        vatRateId: Number(values.gesture.vatRateId),
      },
    ];
  }
  return values.lines.map((line) => ({
    label: line.label.trim(),
    quantityMilli: roundQuantityMilli(
      parseFrenchDecimal(line.quantity, QUANTITY_SCALE) ?? 0,
      precisions.quantityPrecision,
    ),
    unitPriceCents: roundUnitPriceCents(
      parseFrenchDecimal(line.unitPrice, PRICE_SCALE) ?? 0,
      precisions.unitPricePrecision,
    ),
    vatRateId: Number(line.vatRateId),
  }));
}

/** round(numerator / denominator), half away from zero (the server's rounding). */
const roundDiv = (numerator: number, denominator: number) =>
  Math.sign(numerator) * Math.round(Math.abs(numerator) / denominator);

export interface CreditNotePreview {
  byRate: { vatRateId: number; basisPoints: number; baseCents: number; vatCents: number }[];
  totalExclTaxCents: number;
  totalVatCents: number;
  totalInclTaxCents: number;
}

/**
 * The totals of the values as typed (a value that is not a number yet counts for 0): each line
 * rounded to the cent, the VAT of each rate on its base; none under reverse charge.
 */
export function creditNotePreview(
  values: CreditNoteFormValues,
  rates: readonly CreditNoteRate[],
  precisions: Precisions,
  reverseCharge: boolean,
): CreditNotePreview {
  const bases = new Map<number, number>();
  for (const line of creditNoteLines(values, precisions)) {
    const total = roundDiv(Math.max(line.quantityMilli, 0) * Math.max(line.unitPriceCents, 0), 1000);
    bases.set(line.vatRateId, (bases.get(line.vatRateId) ?? 0) + total);
  }
  const byRate = rates
    .filter((r) => bases.has(r.vatRateId))
    .map((r) => {
      const baseCents = bases.get(r.vatRateId) ?? 0;
      return {
        ...r,
        baseCents,
        vatCents: reverseCharge ? 0 : roundDiv(baseCents * r.basisPoints, 10_000),
      };
    });
  const totalExclTaxCents = byRate.reduce((sum, r) => sum + r.baseCents, 0);
  const totalVatCents = byRate.reduce((sum, r) => sum + r.vatCents, 0);
  return { byRate, totalExclTaxCents, totalVatCents, totalInclTaxCents: totalExclTaxCents + totalVatCents };
}
