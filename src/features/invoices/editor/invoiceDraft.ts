/**
 * The editor's draft: what the user typed, kept as typed (French decimals, dd/MM/yyyy), so that
 * nothing is lost when a value is not a number yet or the server refuses a save. It becomes the
 * API's integers (cents, thousandths, basis points) only when it is sent.
 */
import type { z } from 'zod';
import type { PaymentMode } from '../../../api/customers';
import type {
  EditInvoiceInput,
  InvoiceDetail,
  InvoiceKind,
  InvoiceLine,
  Precisions,
} from '../../../api/invoices';
import { paymentDeadlineSchema, paymentModesSchema } from '../../../contract/customers';
import { isoDay } from '../../../contract/fields';
import { formatDecimal, formatIsoDate, parseFrenchDate, parseFrenchDecimal } from '../../../contract/format';
import {
  invoiceChangesSchema,
  invoiceCommonFields,
  invoiceLineInputSchema,
  progressInputSchema,
} from '../../../contract/invoiceInputs';
import { lazy } from '../../../contract/lazy';
import { roundQuantityMilli, roundUnitPriceCents } from '../../../contract/precision';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { validationMessages } from '../../../i18n/validationMessages';
import { deadlineFromTexts, deadlineToTexts } from '../../customers/form/deadlineTexts';
import { ruleError } from '../inputRules';
import { invoiceMessages } from '../messages';

/** A row of the grid: a chapter heading, or a line under the chapter above it. */
export interface DraftLine {
  /** Stable for React and focus across saves. */
  key: string;
  kind: 'chapter' | 'line';
  label: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vatRateId: number | null;
  /** Progress statements: the quote line, and its cumulative progress in percent as typed. */
  quoteLineId: number | null;
  progress: string;
}

export interface InvoiceDraft {
  /** dd/MM/yyyy as typed. */
  date: string;
  /** dd/MM/yyyy as typed; empty: none (the documents print the reception, else the invoice's date). */
  worksDate: string;
  title: string;
  /** Deposits: the share of the quote in percent, as typed. */
  depositPercent: string;
  /** The payment deadline's rule and value as typed (spec section 5's four rules). */
  deadlineRule: string;
  deadlineValue: string;
  paymentModes: PaymentMode[];
  /** Autoliquidation (a simple invoice's own; a quote's invoice shows the quote's). */
  reverseCharge: boolean;
  lines: DraftLine[];
}

export type LineField = 'label' | 'quantity' | 'unit' | 'unitPrice' | 'vatRateId' | 'progress';
export interface DraftErrors {
  date?: string;
  title?: string;
  worksDate?: string;
  depositPercent?: string;
  deadlineValue?: string;
  paymentModes?: string;
  lines: Record<string, Partial<Record<LineField, string>>>;
}

let nextKey = 1;
const newKey = () => `row-${nextKey++}`;

/** What a user types: no thousands separator ("1234,5"), so a value shown is a value to edit. */
const typed = { grouping: false } as const;

/** jobs/messages.ts imports the contract's decimal from here. */
export { formatDecimal } from '../../../contract/format';

export const QUANTITY_SCALE = 3;
export const PRICE_SCALE = 2;
export const PERCENT_SCALE = 2;

/** What the user may change on a draft of each kind (the server refuses the rest). */
export const editableParts = (kind: InvoiceKind) => ({
  lines: kind === 'simple',
  progress: kind === 'progress',
  deposit: kind === 'deposit',
  /** A deposit is asked at the order, before any works. */
  worksDate: kind !== 'deposit',
  /** An invoice of a quote has the quote's VAT regime. */
  reverseCharge: kind === 'simple',
});

/** The precisions a company starts with (document settings), until its own are read. */
export const defaultPrecisions: Precisions = { quantityPrecision: 2, unitPricePrecision: 2 };

/**
 * A quantity or unit price as typed, rounded to the precision setting as the server will keep it
 * ("1,555" → "1,56" at 2 decimals); a text that is not a number stays as it is.
 */
export function roundTyped(text: string, field: 'quantity' | 'unitPrice', precisions: Precisions): string {
  const scale = field === 'quantity' ? QUANTITY_SCALE : PRICE_SCALE;
  const value = parseFrenchDecimal(text, scale);
  if (value === null) return text;
  const kept =
    field === 'quantity'
      ? roundQuantityMilli(value, precisions.quantityPrecision)
      : roundUnitPriceCents(value, precisions.unitPricePrecision);
  return kept === value ? text : formatDecimal(kept, scale, typed);
}

function rowFromLine(line: InvoiceLine): DraftLine {
  return {
    key: `line-${line.id}`,
    kind: 'line',
    label: line.label,
    quantity: formatDecimal(line.quantityMilli, QUANTITY_SCALE, typed),
    unit: line.unit,
    unitPrice: formatDecimal(line.unitPriceCents, PRICE_SCALE, typed),
    vatRateId: line.vatRateId,
    quoteLineId: line.quoteLineId,
    progress:
      line.progressBasisPoints === null ? '' : formatDecimal(line.progressBasisPoints, PERCENT_SCALE, typed),
  };
}

export function chapterRow(label = ''): DraftLine {
  return {
    key: newKey(),
    kind: 'chapter',
    label,
    quantity: '',
    unit: '',
    unitPrice: '',
    vatRateId: null,
    quoteLineId: null,
    progress: '',
  };
}

export function emptyLine(vatRateId: number | null): DraftLine {
  return { ...chapterRow(), kind: 'line', quantity: '1', unit: 'u', unitPrice: '', vatRateId };
}

/** The server's lines carry their chapter; the grid shows a chapter row where it changes. */
export function draftFromInvoice(invoice: InvoiceDetail): InvoiceDraft {
  const lines: DraftLine[] = [];
  let chapter = '';
  for (const line of invoice.lines) {
    if (line.chapter !== chapter && line.chapter !== '')
      lines.push({ ...chapterRow(line.chapter), key: `chapter-${line.id}` });
    chapter = line.chapter;
    lines.push(rowFromLine(line));
  }
  const deadline = deadlineToTexts(invoice.paymentDeadline);
  return {
    date: formatIsoDate(invoice.date),
    worksDate: invoice.worksDate ? formatIsoDate(invoice.worksDate) : '',
    title: invoice.title,
    depositPercent:
      invoice.depositBasisPoints === null
        ? ''
        : formatDecimal(invoice.depositBasisPoints, PERCENT_SCALE, typed),
    deadlineRule: deadline.rule,
    deadlineValue: deadline.value,
    paymentModes: [...invoice.paymentModes],
    reverseCharge: invoice.reverseCharge,
    lines,
  };
}

/** A new row right after `index` (-1: at the top). */
export function insertRow(draft: InvoiceDraft, index: number, row: DraftLine): InvoiceDraft {
  const lines = [...draft.lines];
  lines.splice(index + 1, 0, row);
  return { ...draft, lines };
}

export function removeRow(draft: InvoiceDraft, key: string): InvoiceDraft {
  return { ...draft, lines: draft.lines.filter((line) => line.key !== key) };
}

export function updateRow(draft: InvoiceDraft, key: string, changes: Partial<DraftLine>): InvoiceDraft {
  return { ...draft, lines: draft.lines.map((line) => (line.key === key ? { ...line, ...changes } : line)) };
}

/** Sets every line's cumulative progress at once (a statement "at 40 %"). */
export function setAllProgress(draft: InvoiceDraft, progress: string): InvoiceDraft {
  return { ...draft, lines: draft.lines.map((line) => (hasProgress(line) ? { ...line, progress } : line)) };
}

/**
 * A row just added and still empty (no designation, no price): not a line yet, so it neither
 * blocks the autosave with messages nor reaches the server.
 */
export function isBlank(row: DraftLine): boolean {
  return (
    row.quoteLineId === null &&
    row.label.trim() === '' &&
    (row.kind === 'chapter' || row.unitPrice.trim() === '')
  );
}

/** The line rows the server receives, in order (its answer's lines match them one for one). */
export const sentLines = (draft: InvoiceDraft) =>
  draft.lines.filter((row) => row.kind === 'line' && !isBlank(row));

/** A line whose progress the user sets: one that invoices a quote line (not a deposit deduction). */
export function hasProgress(line: DraftLine): boolean {
  return line.kind === 'line' && line.quoteLineId !== null;
}

/** A percent as typed, within the contract's range for its field (basis points), or the message. */
function percentError(text: string, rule: z.ZodType): string | undefined {
  const value = parseFrenchDecimal(text, PERCENT_SCALE);
  return value === null || !rule.safeParse(value).success ? invoiceMessages.percent : undefined;
}

const dayRule = isoDay();

/** A date as typed: dd/MM/yyyy, then the contract's day (no later than 31/12/2100). */
const dateError = (text: string) => {
  const day = parseFrenchDate(text);
  return day ? ruleError(dayRule, day) : validationMessages.date;
};

/** A number as typed (French decimal at `scale`), then the contract's range for its field. */
const amountError = (text: string, scale: number, rule: z.ZodType) => {
  const value = parseFrenchDecimal(text, scale);
  return value === null ? validationMessages.number : ruleError(rule, value);
};

/** The server's rules of a line's values (src/contract/invoiceInputs.ts). */
const lineRules = lazy(() => invoiceLineInputSchema.shape);

/** The French message under each value that cannot be sent as it is. */
/** The typed deadline and modes as the API's, checked by the customers' contract; or their messages. */
export function paymentTerms(draft: InvoiceDraft) {
  const typed = deadlineFromTexts(draft.deadlineRule, draft.deadlineValue);
  const deadline = 'deadline' in typed ? paymentDeadlineSchema.safeParse(typed.deadline) : null;
  const modes = paymentModesSchema.safeParse(draft.paymentModes);
  return {
    paymentDeadline: deadline?.success ? deadline.data : null,
    paymentModes: modes.success ? modes.data : null,
    deadlineError:
      'message' in typed
        ? typed.message
        : deadline && !deadline.success
          ? fieldCodeMessage(deadline.error.issues[0]?.message ?? 'invalid')
          : undefined,
    modesError: modes.success ? undefined : fieldCodeMessage(modes.error.issues[0]?.message ?? 'invalid'),
  };
}

export function draftErrors(draft: InvoiceDraft, kind: InvoiceKind): DraftErrors {
  const editable = editableParts(kind);
  const errors: DraftErrors = { lines: {} };
  const date = dateError(draft.date);
  if (date) errors.date = date;
  const title = ruleError(invoiceCommonFields.title, draft.title);
  if (title) errors.title = title;
  const worksDate = editable.worksDate && draft.worksDate.trim() ? dateError(draft.worksDate) : undefined;
  if (worksDate) errors.worksDate = worksDate;
  const terms = paymentTerms(draft);
  if (terms.deadlineError) errors.deadlineValue = terms.deadlineError;
  if (terms.modesError) errors.paymentModes = terms.modesError;
  if (editable.deposit) {
    const deposit = percentError(
      draft.depositPercent,
      invoiceChangesSchema.shape.depositBasisPoints.unwrap(),
    );
    if (deposit) errors.depositPercent = deposit;
  }
  for (const line of draft.lines) {
    if (isBlank(line)) continue;
    const found: Partial<Record<LineField, string>> = {};
    if (editable.lines) {
      // The server's rules (a chapter row's text is its lines' chapter, required on the row).
      const label =
        line.kind === 'chapter'
          ? line.label.trim()
            ? ruleError(lineRules.chapter, line.label)
            : validationMessages.required
          : ruleError(lineRules.label, line.label);
      if (label) found.label = label;
      if (line.kind === 'line') {
        const unit = ruleError(lineRules.unit, line.unit);
        const quantity = amountError(line.quantity, QUANTITY_SCALE, lineRules.quantityMilli);
        const unitPrice = amountError(line.unitPrice, PRICE_SCALE, lineRules.unitPriceCents);
        if (unit) found.unit = unit;
        if (quantity) found.quantity = quantity;
        if (unitPrice) found.unitPrice = unitPrice;
        if (line.vatRateId === null) found.vatRateId = validationMessages.required;
      }
    }
    if (editable.progress && hasProgress(line)) {
      const progress = percentError(line.progress, progressInputSchema.shape.progressBasisPoints);
      if (progress) found.progress = progress;
    }
    if (Object.keys(found).length > 0) errors.lines[line.key] = found;
  }
  return errors;
}

export const hasErrors = (errors: DraftErrors) =>
  Boolean(
    errors.date ||
      errors.title ||
      errors.worksDate ||
      errors.depositPercent ||
      errors.deadlineValue ||
      errors.paymentModes ||
      Object.keys(errors.lines).length > 0,
  );

/**
 * The API body of a valid draft (check draftErrors first), with only what its kind may change;
 * quantities and unit prices at the precisions (the server rounds the same way).
 */
export function draftToInput(
  draft: InvoiceDraft,
  kind: InvoiceKind,
  precisions: Precisions = defaultPrecisions,
): EditInvoiceInput {
  const editable = editableParts(kind);
  const date = parseFrenchDate(draft.date);
  const terms = paymentTerms(draft);
  const input: EditInvoiceInput = {
    title: draft.title,
    ...(date ? { date } : {}),
    ...(terms.paymentDeadline ? { paymentDeadline: terms.paymentDeadline } : {}),
    ...(terms.paymentModes ? { paymentModes: terms.paymentModes } : {}),
  };
  if (editable.reverseCharge) input.reverseCharge = draft.reverseCharge;
  if (editable.worksDate) {
    input.worksDate = parseFrenchDate(draft.worksDate);
  }
  if (editable.deposit)
    input.depositBasisPoints = parseFrenchDecimal(draft.depositPercent, PERCENT_SCALE) ?? 0;
  if (editable.progress) {
    input.progress = draft.lines.flatMap((line) =>
      line.kind === 'line' && line.quoteLineId !== null
        ? [
            {
              quoteLineId: line.quoteLineId,
              progressBasisPoints: parseFrenchDecimal(line.progress, PERCENT_SCALE) ?? 0,
            },
          ]
        : [],
    );
  }
  if (editable.lines) {
    let chapter = '';
    input.lines = draft.lines.flatMap((line) => {
      if (isBlank(line)) return [];
      if (line.kind === 'chapter') {
        chapter = line.label.trim();
        return [];
      }
      return [
        {
          chapter,
          label: line.label.trim(),
          unit: line.unit.trim() || 'u',
          quantityMilli: roundQuantityMilli(
            parseFrenchDecimal(line.quantity, QUANTITY_SCALE) ?? 0,
            precisions.quantityPrecision,
          ),
          unitPriceCents: roundUnitPriceCents(
            parseFrenchDecimal(line.unitPrice, PRICE_SCALE) ?? 0,
            precisions.unitPricePrecision,
          ),
          vatRateId: line.vatRateId ?? 0,
        },
      ];
    });
  }
  return input;
}
