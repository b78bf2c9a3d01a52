/**
 * The quote editor's draft: the quote's tree (chapters, sub-chapters, priced, option and text lines)
 * and its header as typed (French decimals, dd/MM/yyyy), so nothing is lost while a value is not a
 * number yet or a save is refused. It becomes the API's integers only when it is sent, and its live
 * totals come from the contract's `quoteAmounts`: the very function the server stores its totals with.
 */
import type { VatRate } from '../../../api/invoices';
import type {
  EditorQuoteItem,
  EditQuoteInput,
  QuoteEditorDetail,
  QuoteLineComposition,
  QuoteLineMeasure,
} from '../../../api/quotes';
import { formatDecimal, formatIsoDate, parseFrenchDate, parseFrenchDecimal } from '../../../contract/format';
import {
  type ContentIssues,
  MAX_CHAPTER_DEPTH,
  type QuoteAmounts,
  type QuoteContent,
  type QuoteLineMargin,
  type QuoteMargins,
  quoteAmounts,
  quoteContentIssues,
  quoteMargins,
  quoteTextLimits,
} from '../../../contract/quotes';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { validationMessages } from '../../../i18n/validationMessages';
import type { GridRow } from '../../invoices/editor/LineGrid';
import { quoteEditorMessages as m } from './messages';

export const QUANTITY_SCALE = 3;
export const PRICE_SCALE = 2;
export const PERCENT_SCALE = 2;

/**
 * One item of the tree as typed. Every item has the grid's fields (a chapter's title and a text
 * line's text are its `label`); `items` holds a chapter's content and stays empty on a line.
 */
export interface QuoteRow extends GridRow {
  kind: 'chapter' | 'line' | 'text';
  /** A line shown with its amount but not in the total (« Option »). */
  option: boolean;
  /** The VAT rate's percentage when the line was written (a later change of the rate does not move it). */
  vatRate: number | null;
  /**
   * Déboursé sec of one unit, copied from the price library when the line was inserted from it
   * (issue 22); null: unknown. Never typed: the margin view reads it, the PDF never prints it.
   */
  costCents: number | null;
  /**
   * Issue 23: the quantity is the sum of these measures (« Insérer un métré »); typing another
   * quantity drops it. Null: typed.
   */
  measure: QuoteLineMeasure | null;
  /** Issue 22: the library work's composition, copied into this quote (its figures make the line's). */
  composition: QuoteLineComposition | null;
  /** What the line shows of its measured source (never sent: the server answers it, `measureSources`). */
  source?: MeasureSourceView | null;
  items: QuoteRow[];
}

/** A measured line's source as shown: its group, how many measures, and whether they changed since. */
export interface MeasureSourceView {
  groupName: string;
  count: number;
  storedValueMilli: number;
  /** Null: one of its measures was removed. */
  currentValueMilli: number | null;
  changed: boolean;
}

export interface QuoteDraft {
  title: string;
  /** dd/MM/yyyy as typed. */
  date: string;
  validUntil: string;
  /** Empty: not announced. */
  startDate: string;
  durationDays: string;
  /** Percentages as typed ("5", "12,5"). */
  discount: string;
  deposit: string;
  paymentTerms: string;
  /** « Devis gratuit »; otherwise `fee` (euros as typed) is what the quote costs. */
  free: boolean;
  fee: string;
  reverseCharge: boolean;
  items: QuoteRow[];
}

export type QuoteField =
  | 'title'
  | 'date'
  | 'validUntil'
  | 'startDate'
  | 'durationDays'
  | 'discount'
  | 'deposit'
  | 'paymentTerms'
  | 'fee';
export type RowField = 'label' | 'quantity' | 'unit' | 'unitPrice' | 'vatRateId';

export interface QuoteDraftErrors {
  fields: Partial<Record<QuoteField, string>>;
  rows: Record<string, Partial<Record<RowField, string>>>;
  /** About the whole content (too many items). */
  items?: string;
}

let nextKey = 1;
const newKey = () => `q-${nextKey++}`;
const typed = { grouping: false } as const;

function row(kind: QuoteRow['kind'], changes: Partial<QuoteRow> = {}): QuoteRow {
  return {
    key: newKey(),
    kind,
    label: '',
    quantity: '',
    unit: '',
    unitPrice: '',
    vatRateId: null,
    vatRate: null,
    costCents: null,
    measure: null,
    composition: null,
    option: false,
    items: [],
    ...changes,
  };
}

export const chapterRow = (label = '') => row('chapter', { label });
export const textRow = (label = '') => row('text', { label });
export function emptyLine(rate: VatRate | null, option = false): QuoteRow {
  return row('line', {
    quantity: '1',
    unit: 'u',
    vatRateId: rate?.id ?? null,
    vatRate: rate?.basisPoints ?? null,
    option,
  });
}

/** The company's default rate (else its first), for a new line. */
export const defaultRate = (rates: readonly VatRate[]) =>
  rates.find((rate) => rate.isDefault) ?? rates[0] ?? null;

function rowFromItem(item: EditorQuoteItem): QuoteRow {
  switch (item.kind) {
    case 'chapter':
      return row('chapter', { label: item.title, items: item.items.map(rowFromItem) });
    case 'text':
      return row('text', { label: item.text });
    default:
      return row('line', {
        option: item.kind === 'option',
        label: item.designation,
        unit: item.unit,
        quantity: formatDecimal(item.quantityMilli, QUANTITY_SCALE, typed),
        unitPrice: formatDecimal(item.unitPriceCents, PRICE_SCALE, typed),
        vatRateId: item.vatRateId,
        vatRate: item.vatRate,
        costCents: item.costCents ?? null,
        measure: item.measure ?? null,
        composition: item.composition ?? null,
      });
  }
}

/** What the price library gives a line (src/api/library.ts `LibraryItemSummary`'s fields). */
export interface LibraryPick {
  designation: string;
  unit: string;
  salePriceCents: number;
  costCents: number;
  vatRateId: number | null;
}

/**
 * A line filled from a library item: its designation, unit, sale price as the unit price, its
 * default VAT rate when it has one (among the company's), and its cost kept with the line. The
 * quote copies these figures: a later change in the library does not move it (issue 22).
 */
export function lineFromLibrary(item: LibraryPick, rates: readonly VatRate[]): Partial<QuoteRow> {
  const rate = item.vatRateId === null ? undefined : rates.find((vat) => vat.id === item.vatRateId);
  return {
    label: item.designation,
    unit: item.unit,
    unitPrice: formatDecimal(item.salePriceCents, PRICE_SCALE, typed),
    costCents: item.costCents,
    // Another item: the composition of the one before goes (a work's comes with its detail).
    composition: null,
    ...(rate ? { vatRateId: rate.id, vatRate: rate.basisPoints } : {}),
  };
}

const percentText = (basisPoints: number) =>
  basisPoints === 0 ? '' : formatDecimal(basisPoints, PERCENT_SCALE, typed);

export function draftFromQuote(quote: QuoteEditorDetail): QuoteDraft {
  return {
    title: quote.title,
    date: formatIsoDate(quote.date),
    validUntil: quote.validUntil ? formatIsoDate(quote.validUntil) : '',
    startDate: quote.startDate ? formatIsoDate(quote.startDate) : '',
    durationDays: quote.durationDays === null ? '' : String(quote.durationDays),
    discount: percentText(quote.discountBasisPoints),
    deposit: percentText(quote.depositBasisPoints),
    paymentTerms: quote.paymentTerms,
    free: quote.feeCents === 0,
    fee: quote.feeCents === 0 ? '' : formatDecimal(quote.feeCents, PRICE_SCALE, typed),
    reverseCharge: quote.reverseCharge,
    items: withSources(quote.items.map(rowFromItem), quote.measureSources),
  };
}

/** The server's `measureSources` on the rows they name by path (rows read from an answer: one row per item). */
function withSources(rows: QuoteRow[], sources: QuoteEditorDetail['measureSources']): QuoteRow[] {
  if (sources.length === 0) return rows;
  const byPath = new Map(sources.map((source) => [source.path.join('.'), source]));
  const walk = (list: QuoteRow[], path: string): QuoteRow[] =>
    list.map((row, index) => {
      const at = path === '' ? `${index}` : `${path}.${index}`;
      if (row.kind === 'chapter') return { ...row, items: walk(row.items, at) };
      const source = byPath.get(at);
      if (!source || !row.measure) return row;
      return {
        ...row,
        source: {
          groupName: source.groupName,
          count: source.measureIds.length,
          storedValueMilli: source.storedValueMilli,
          currentValueMilli: source.currentValueMilli,
          changed: source.changed,
        },
      };
    });
  return walk(rows, '');
}

/**
 * What typing in a line changes beyond the field typed: another quantity than the measured one
 * drops the measured source (issue 23: the quantity is no longer the measures' sum); a unit price
 * typed on a composed line stops following its composition (`priceTyped`, issue 22).
 */
export function typedChanges(row: QuoteRow, changes: Partial<QuoteRow>): Partial<QuoteRow> {
  let full = changes;
  if (dropsMeasure(row, changes)) full = { ...full, measure: null, source: null };
  if (
    changes.unitPrice !== undefined &&
    changes.composition === undefined &&
    row.composition &&
    !row.composition.priceTyped
  ) {
    full = { ...full, composition: { ...row.composition, priceTyped: true } };
  }
  return full;
}

/** A quantity typed that is not the measures' sum: the line's measured source goes. */
export function dropsMeasure(row: QuoteRow, changes: Partial<QuoteRow>): boolean {
  return (
    changes.quantity !== undefined &&
    changes.measure === undefined &&
    row.measure !== null &&
    parseFrenchDecimal(changes.quantity, QUANTITY_SCALE) !== row.measure.valueMilli
  );
}

/** The line's quantity and source from measures (« Insérer un métré »); the unit when the line has none. */
export function lineFromMeasures(
  row: QuoteRow,
  picked: { groupId: number; groupName: string; measureIds: number[]; valueMilli: number; unit: string },
): Partial<QuoteRow> {
  return {
    quantity: formatDecimal(picked.valueMilli, QUANTITY_SCALE, typed),
    ...(row.unit.trim() === '' ? { unit: picked.unit } : {}),
    measure: { groupId: picked.groupId, measureIds: picked.measureIds, valueMilli: picked.valueMilli },
    source: {
      groupName: picked.groupName,
      count: picked.measureIds.length,
      storedValueMilli: picked.valueMilli,
      currentValueMilli: picked.valueMilli,
      changed: false,
    },
  };
}

/** « Mettre à jour »: the measures' current sum becomes the line's quantity (a draft only). */
export function lineFromCurrentMeasures(row: QuoteRow): Partial<QuoteRow> | null {
  const current = row.source?.currentValueMilli;
  if (!row.measure || !row.source || current === null || current === undefined) return null;
  return {
    quantity: formatDecimal(current, QUANTITY_SCALE, typed),
    measure: { ...row.measure, valueMilli: current },
    source: { ...row.source, storedValueMilli: current, changed: false },
  };
}

// The tree, by row key

/** Where a row sits: the list holding it and its index there, and its depth (0: top level). */
interface Place {
  list: QuoteRow[];
  index: number;
  depth: number;
  parent: QuoteRow | null;
}

export function findRow(
  items: QuoteRow[],
  key: string,
  depth = 0,
  parent: QuoteRow | null = null,
): Place | null {
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as QuoteRow;
    if (item.key === key) return { list: items, index, depth, parent };
    if (item.kind === 'chapter') {
      const found = findRow(item.items, key, depth + 1, item);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The tree with the list holding `key` replaced by `change(list)`; the chapters above it are new
 * objects, every other row keeps its identity (the grid's memoised rows do not render again).
 */
function updateList(
  items: QuoteRow[],
  key: string,
  change: (list: QuoteRow[], index: number) => QuoteRow[],
): QuoteRow[] {
  const index = items.findIndex((item) => item.key === key);
  if (index >= 0) return change(items, index);
  let changed = false;
  const next = items.map((item) => {
    if (changed || item.kind !== 'chapter') return item;
    const inner = updateList(item.items, key, change);
    if (inner === item.items) return item;
    changed = true;
    return { ...item, items: inner };
  });
  return changed ? next : items;
}

export function updateRow(draft: QuoteDraft, key: string, changes: Partial<QuoteRow>): QuoteDraft {
  return {
    ...draft,
    items: updateList(draft.items, key, (list, index) =>
      list.map((item, i) => (i === index ? { ...item, ...changes } : item)),
    ),
  };
}

export function removeRow(draft: QuoteDraft, key: string): QuoteDraft {
  return {
    ...draft,
    items: updateList(draft.items, key, (list, index) => list.filter((_, i) => i !== index)),
  };
}

/**
 * A new row after `afterKey` (null: at the end of the quote). A line goes after the row, inside the
 * chapter when the row is a chapter (as its first item); a chapter goes after it at its level, or
 * as a sub-chapter when asked (`inside`) and the depth allows it.
 */
export function insertRow(
  draft: QuoteDraft,
  afterKey: string | null,
  added: QuoteRow,
  inside = false,
): QuoteDraft {
  if (afterKey === null) return { ...draft, items: [...draft.items, added] };
  const place = findRow(draft.items, afterKey);
  if (!place) return { ...draft, items: [...draft.items, added] };
  const target = place.list[place.index] as QuoteRow;
  const intoChapter =
    target.kind === 'chapter' &&
    (added.kind !== 'chapter' || (inside && place.depth + 1 < MAX_CHAPTER_DEPTH));
  if (intoChapter) {
    return updateRow(draft, afterKey, { items: [added, ...target.items] });
  }
  // A chapter after a line inside a sub-chapter would be a third level: it goes after the sub-chapter.
  if (added.kind === 'chapter' && place.depth >= MAX_CHAPTER_DEPTH && place.parent) {
    return insertRow(draft, place.parent.key, added);
  }
  return {
    ...draft,
    items: updateList(draft.items, afterKey, (list, index) => [
      ...list.slice(0, index + 1),
      added,
      ...list.slice(index + 1),
    ]),
  };
}

/**
 * Moves a row (a chapter with its content) one place up or down among its siblings; at the edge of
 * its chapter, a line leaves it (up: before the chapter; down: after it). False when it cannot move.
 */
export function moveRow(draft: QuoteDraft, key: string, direction: -1 | 1): QuoteDraft | null {
  const place = findRow(draft.items, key);
  if (!place) return null;
  const moved = place.list[place.index] as QuoteRow;
  const to = place.index + direction;
  if (to >= 0 && to < place.list.length) {
    const neighbour = place.list[to] as QuoteRow;
    // A line moving onto a chapter goes into it (its last item going up, its first going down).
    if (moved.kind !== 'chapter' && neighbour.kind === 'chapter') {
      const without = removeRow(draft, key);
      const items = direction === -1 ? [...neighbour.items, moved] : [moved, ...neighbour.items];
      return updateRow(without, neighbour.key, { items });
    }
    return {
      ...draft,
      items: updateList(draft.items, key, (list, index) => {
        const next = [...list];
        next[index] = list[to] as QuoteRow;
        next[to] = moved;
        return next;
      }),
    };
  }
  // At the edge of its chapter: out of it, beside the chapter.
  if (!place.parent || moved.kind === 'chapter') return null;
  const parentKey = place.parent.key;
  const without = removeRow(draft, key);
  return {
    ...without,
    items: updateList(without.items, parentKey, (list, index) => {
      const at = direction === -1 ? index : index + 1;
      return [...list.slice(0, at), moved, ...list.slice(at)];
    }),
  };
}

/** Rows in reading order with their depth, as the grid shows them. */
export interface FlatRow {
  row: QuoteRow;
  depth: number;
}

export function flatRows(items: readonly QuoteRow[], depth = 0, into: FlatRow[] = []): FlatRow[] {
  for (const item of items) {
    into.push({ row: item, depth });
    if (item.kind === 'chapter') flatRows(item.items, depth + 1, into);
  }
  return into;
}

// What is sent, its checks and its amounts

/** A row just added and still empty: not sent, no message (as the invoice editor's rows). */
export function isBlank(item: QuoteRow): boolean {
  if (item.kind === 'chapter') return item.label.trim() === '' && item.items.every(isBlank);
  if (item.kind === 'text') return item.label.trim() === '';
  return item.label.trim() === '' && item.unitPrice.trim() === '';
}

/** The content as the API takes it, and which row each of its paths is (`items.0.items.2` → key). */
export interface BuiltContent {
  content: QuoteContent;
  /** "0.2" (the path's indexes) → row key. */
  keys: Map<string, string>;
  /** Values that do not read as numbers yet, by row key. */
  unreadable: Record<string, Partial<Record<RowField, string>>>;
}

/**
 * A line row as the API's item, with what does not read: kept per row object (a row not changed
 * keeps its object, see updateList), so a keystroke in a 500-line quote parses one line, not 500.
 */
const parsedLines = new WeakMap<
  QuoteRow,
  { item: EditorQuoteItem; unreadable: Partial<Record<RowField, string>> | null }
>();

function parseLine(item: QuoteRow) {
  const cached = parsedLines.get(item);
  if (cached) return cached;
  const quantityMilli = parseFrenchDecimal(item.quantity, QUANTITY_SCALE);
  const unitPriceCents = parseFrenchDecimal(item.unitPrice, PRICE_SCALE);
  const found: Partial<Record<RowField, string>> = {};
  if (quantityMilli === null) found.quantity = validationMessages.number;
  if (unitPriceCents === null) found.unitPrice = validationMessages.number;
  if (item.vatRateId === null) found.vatRateId = validationMessages.required;
  const parsed = {
    item: {
      kind: item.option ? 'option' : 'priced',
      designation: item.label.trim(),
      unit: item.unit.trim(),
      quantityMilli: quantityMilli ?? 0,
      unitPriceCents: unitPriceCents ?? 0,
      vatRateId: item.vatRateId ?? 0,
      vatRate: item.vatRate ?? 0,
      ...(item.costCents === null ? {} : { costCents: item.costCents }),
      ...(item.measure ? { measure: item.measure } : {}),
      ...(item.composition ? { composition: item.composition } : {}),
    } satisfies EditorQuoteItem,
    unreadable: Object.keys(found).length > 0 ? found : null,
  };
  parsedLines.set(item, parsed);
  return parsed;
}

export function buildContent(draft: QuoteDraft): BuiltContent {
  const keys = new Map<string, string>();
  const unreadable: BuiltContent['unreadable'] = {};
  const build = (rows: readonly QuoteRow[], path: string): EditorQuoteItem[] => {
    const items: EditorQuoteItem[] = [];
    for (const item of rows) {
      if (isBlank(item)) continue;
      const at = path === '' ? `${items.length}` : `${path}.${items.length}`;
      keys.set(at, item.key);
      if (item.kind === 'chapter') {
        items.push({ kind: 'chapter', title: item.label.trim(), items: build(item.items, at) });
      } else if (item.kind === 'text') {
        items.push({ kind: 'text', text: item.label.trim() });
      } else {
        const parsed = parseLine(item);
        if (parsed.unreadable) unreadable[item.key] = parsed.unreadable;
        items.push(parsed.item);
      }
    }
    return items;
  };
  const items = build(draft.items, '');
  return {
    content: {
      items,
      discountRate: parseFrenchDecimal(draft.discount.trim() || '0', PERCENT_SCALE) ?? 0,
      depositRate: parseFrenchDecimal(draft.deposit.trim() || '0', PERCENT_SCALE) ?? 0,
      reverseCharge: draft.reverseCharge,
    },
    keys,
    unreadable,
  };
}

/** The contract's field of an item → the grid's column. */
const rowFields: Record<string, RowField> = {
  title: 'label',
  designation: 'label',
  text: 'label',
  unit: 'unit',
  quantityMilli: 'quantity',
  unitPriceCents: 'unitPrice',
  vatRateId: 'vatRateId',
  vatRate: 'vatRateId',
};

/** The French sentence of a contract code on a row's field (lengths say their limit). */
function rowMessage(code: string, field: RowField, item: QuoteRow | undefined): string {
  if (code === 'too_long') {
    const limit =
      field === 'unit'
        ? quoteTextLimits.unit
        : item?.kind === 'chapter'
          ? quoteTextLimits.chapter
          : item?.kind === 'text'
            ? quoteTextLimits.text
            : quoteTextLimits.designation;
    return m.tooLong(limit);
  }
  return fieldCodeMessage(code);
}

/**
 * Places issues named by the API's paths (`items.0.items.2.unit`, the contract's check or a 422's
 * `fields`) on the rows and fields of the grid.
 */
export function issuesOnRows(
  issues: ContentIssues | Record<string, string>,
  built: Pick<BuiltContent, 'keys'>,
  draft: QuoteDraft,
  errors: QuoteDraftErrors,
): QuoteDraftErrors {
  const rows = { ...errors.rows };
  let itemsMessage = errors.items;
  for (const [path, code] of Object.entries(issues)) {
    if (path === 'items') {
      itemsMessage = code === 'too_long' ? m.tooManyItems : fieldCodeMessage(code);
      continue;
    }
    const match = /^items\.((?:\d+\.items\.)*\d+)(?:\.(\w+))?$/.exec(path);
    if (!match) continue;
    const key = built.keys.get((match[1] as string).replaceAll('.items.', '.'));
    if (!key) continue;
    const field = rowFields[match[2] ?? 'designation'] ?? 'label';
    const place = findRow(draft.items, key);
    const item = place ? place.list[place.index] : undefined;
    rows[key] = { [field]: rowMessage(code, field, item), ...rows[key] };
  }
  return { ...errors, rows, ...(itemsMessage ? { items: itemsMessage } : {}) };
}

function percentError(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const value = parseFrenchDecimal(text, PERCENT_SCALE);
  return value === null || value < 0 || value > 10_000 ? m.percent : undefined;
}

function dateError(text: string, required: boolean): string | undefined {
  if (text.trim() === '') return required ? validationMessages.required : undefined;
  return parseFrenchDate(text) ? undefined : validationMessages.date;
}

/** The French message under each value that cannot be sent as it is (the contract's checks included). */
export function draftErrors(
  draft: QuoteDraft,
  built: BuiltContent = buildContent(draft),
  vatRateIds?: ReadonlySet<number>,
): QuoteDraftErrors {
  const fields: QuoteDraftErrors['fields'] = {};
  if (draft.title.trim() === '') fields.title = validationMessages.required;
  else if (draft.title.length > quoteTextLimits.title) fields.title = m.tooLong(quoteTextLimits.title);
  const date = dateError(draft.date, true);
  if (date) fields.date = date;
  const validUntil = dateError(draft.validUntil, true);
  if (validUntil) fields.validUntil = validUntil;
  else {
    const from = parseFrenchDate(draft.date);
    const until = parseFrenchDate(draft.validUntil);
    if (from && until && until < from) fields.validUntil = m.validUntilBeforeDate;
  }
  const startDate = dateError(draft.startDate, false);
  if (startDate) fields.startDate = startDate;
  if (draft.durationDays.trim() !== '') {
    const days = parseFrenchDecimal(draft.durationDays, 0);
    if (days === null || days < 1 || days > 3650) fields.durationDays = m.durationDaysRange;
  }
  const discount = percentError(draft.discount);
  if (discount) fields.discount = discount;
  const deposit = percentError(draft.deposit);
  if (deposit) fields.deposit = deposit;
  if (draft.paymentTerms.length > quoteTextLimits.paymentTerms)
    fields.paymentTerms = m.tooLong(quoteTextLimits.paymentTerms);
  if (!draft.free) {
    const fee = parseFrenchDecimal(draft.fee, PRICE_SCALE);
    if (fee === null || fee <= 0) fields.fee = m.feeRequired;
  }
  const errors: QuoteDraftErrors = { fields, rows: { ...built.unreadable } };
  const issues = quoteContentIssues(built.content, vatRateIds);
  // A value that does not read yet says so; the contract's check (sent as 0) would say another thing.
  for (const [path, code] of Object.entries(issues)) {
    if (path === 'discountRate' || path === 'depositRate') delete issues[path];
    else if (code === 'number' || code === 'required') {
      const key = built.keys.get(
        path
          .replace(/^items\./, '')
          .replace(/\.\w+$/, '')
          .replaceAll('.items.', '.'),
      );
      if (key && built.unreadable[key]) delete issues[path];
    }
  }
  return issuesOnRows(issues, built, draft, errors);
}

export const hasErrors = (errors: QuoteDraftErrors) =>
  Boolean(errors.items) || Object.keys(errors.fields).length > 0 || Object.keys(errors.rows).length > 0;

/** The live amounts: per line and per chapter by row key, and the quote's (the contract's rule). */
export interface DraftTotals {
  amounts: QuoteAmounts;
  /** Row key → its line's amount excl. VAT (options too). */
  lines: Record<string, number>;
  /** Chapter row key → its subtotal and its options'. */
  chapters: Record<string, { ht: number; optionsHt: number }>;
  /**
   * The firm's margin view (never printed): the quote's, and each line's by row key; null while
   * the view is off (a keystroke in a 500-line quote computes no margin nobody reads).
   */
  margins: { quote: QuoteMargins; lines: Record<string, QuoteLineMargin> } | null;
}

export function draftTotals(built: BuiltContent, withMargins = false): DraftTotals {
  const amounts = quoteAmounts(built.content);
  const lines: DraftTotals['lines'] = {};
  for (const line of amounts.lines) {
    const key = built.keys.get(line.path.join('.'));
    if (key) lines[key] = line.ht;
  }
  const chapters: DraftTotals['chapters'] = {};
  for (const chapter of amounts.chapters) {
    const key = built.keys.get(chapter.path.join('.'));
    if (key) chapters[key] = { ht: chapter.ht, optionsHt: chapter.optionsHt };
  }
  return { amounts, lines, chapters, margins: withMargins ? marginsOf(built) : null };
}

function marginsOf(built: BuiltContent): NonNullable<DraftTotals['margins']> {
  const quote = quoteMargins(built.content);
  const lines: Record<string, QuoteLineMargin> = {};
  for (const line of quote.lines) {
    const key = built.keys.get(line.path.join('.'));
    if (key) lines[key] = line;
  }
  return { quote, lines };
}

/** The API body of a valid draft (check draftErrors first). */
export function draftToInput(draft: QuoteDraft, built: BuiltContent = buildContent(draft)): EditQuoteInput {
  const date = parseFrenchDate(draft.date);
  const durationDays = draft.durationDays.trim() === '' ? null : parseFrenchDecimal(draft.durationDays, 0);
  return {
    title: draft.title.trim(),
    ...(date ? { date } : {}),
    items: built.content.items,
    discountBasisPoints: built.content.discountRate,
    depositBasisPoints: built.content.depositRate,
    ...(parseFrenchDate(draft.validUntil) ? { validUntil: parseFrenchDate(draft.validUntil) as string } : {}),
    startDate: parseFrenchDate(draft.startDate),
    durationDays,
    paymentTerms: draft.paymentTerms.trim(),
    feeCents: draft.free ? 0 : (parseFrenchDecimal(draft.fee, PRICE_SCALE) ?? 0),
    reverseCharge: draft.reverseCharge,
  };
}
