import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, type ReactNode, useLayoutEffect, useMemo, useRef } from 'react';
import type { InvoiceKind, Precisions, VatRate } from '../../../api/invoices';
import { formatCents, formatDecimal, formatPercent, parseFrenchDecimal } from '../../../contract/format';
import { invoiceTextLimits } from '../../../contract/invoiceLines';
import { button, iconButton } from '../../../ui/button.css';
import { visuallyHidden } from '../../../ui/theme.css';
import * as shared from '../invoices.css';
import { invoiceMessages as m } from '../messages';
import * as styles from './editor.css';
import {
  chapterRow,
  type DraftErrors,
  type DraftLine,
  editableParts,
  emptyLine,
  hasProgress,
  type InvoiceDraft,
  insertRow,
  PRICE_SCALE,
  QUANTITY_SCALE,
  removeRow,
  roundTyped,
  updateRow,
} from './invoiceDraft';
import { type GridDraftOps, useGridEditing } from './useGridEditing';

/**
 * One grid for every document's lines (issue 21: « one grid, not two »). `LineTable` is the grid
 * itself, on rows of any document that have these fields; `LineGrid` below is the invoice editor's
 * use of it. The quote editor (src/features/quotes/editor) uses `LineTable` with its chapters,
 * sub-chapters (`depth`), text lines, options, subtotals and moves.
 */
export interface GridRow {
  /** Stable for React and focus across saves. */
  key: string;
  /** A chapter heading, a priced line, or free text (one field across the columns). */
  kind: 'chapter' | 'line' | 'text';
  /** A line's designation, a chapter's title, a text line's text. */
  label: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vatRateId: number | null;
  /** Progress statements: the cumulative progress as typed. */
  progress?: string;
  /** Quotes: a line shown with its amount but not in the total. */
  option?: boolean;
}

export type GridField = 'label' | 'quantity' | 'unit' | 'unitPrice' | 'vatRateId' | 'progress';
type TextField = Exclude<GridField, 'vatRateId'>;
export type RowErrors = Partial<Record<GridField, string>>;

/** A row in reading order and its level (0: top; a quote's sub-chapter's lines are at 2). */
export interface GridEntry<Row extends GridRow> {
  row: Row;
  depth: number;
}

/** The words of the grid (the invoice's by default). */
export interface GridLabels {
  caption: string;
  designation: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  vatRate: string;
  lineTotal: string;
  progress: string;
  option: string;
  text: string;
  keyboardHint: string;
  noLines: string;
  removeRow: (label: string) => string;
  moveUp: (label: string) => string;
  moveDown: (label: string) => string;
  atMaxLength: (max: number) => string;
  /** Under a chapter's subtotal: its options' amount. */
  chapterOptions: (amount: string) => string;
}

export const invoiceGridLabels: GridLabels = {
  caption: m.lines,
  designation: m.designation,
  quantity: m.quantity,
  unit: m.unit,
  unitPrice: m.unitPrice,
  vatRate: m.vatRate,
  lineTotal: m.lineTotal,
  progress: m.progress,
  option: 'Option',
  text: 'Texte',
  keyboardHint: m.keyboardHint,
  noLines: m.noLines,
  removeRow: m.removeRow,
  moveUp: (label) => `Monter « ${label} »`,
  moveDown: (label) => `Descendre « ${label} »`,
  atMaxLength: m.atMaxLength,
  chapterOptions: (amount) => `dont options : ${amount}`,
};

/** The longest texts the server keeps (a chapter's title, a line's designation, a text, a unit). */
export interface GridTextLimits {
  chapter: number;
  line: number;
  text: number;
  unit: number;
}

const invoiceLimits: GridTextLimits = {
  chapter: invoiceTextLimits.chapter,
  line: invoiceTextLimits.label,
  text: invoiceTextLimits.comment,
  unit: invoiceTextLimits.unit,
};

/**
 * What a line's designation input needs from the grid when the caller draws it (the quote editor's
 * search in the price library): its id, class, accessible name, messages and value; `onChange`
 * writes the designation as typed.
 */
export interface DesignationFieldProps {
  rowKey: string;
  id: string;
  className: string;
  label: string;
  maxLength: number | undefined;
  invalid: boolean;
  describedBy: string | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** More columns after the line's total (the quote's margins): their headers and each line's texts. */
export interface GridExtraColumns {
  headers: readonly string[];
  /** By row key; a line without its texts shows « — ». */
  cells: Record<string, readonly string[] | undefined>;
  /** On each of their headers and cells (the quote hides them on a narrow editor). */
  className?: string;
}

/**
 * What a caller draws around a line beyond the grid's cells (the quote's measured source, its
 * « Insérer un métré » action, its unfolded composition). The functions are stable; a row draws
 * again when its own row object changes, or when the caller gives a new `LineAddons` object.
 */
export interface LineAddons<Row extends GridRow = GridRow> {
  /** Under a line's designation (a source, a mark, a toggle). */
  below?: (row: Row, editLines: boolean) => ReactNode;
  /** In an editable line's actions cell, before its buttons. */
  actions?: (row: Row) => ReactNode;
  /** A row across the grid under the line (null: none). */
  after?: (row: Row, editLines: boolean) => ReactNode;
}

/** A button under the grid that adds a row (`kind` is the caller's word, given back to onInsert). */
export interface GridAddAction {
  label: string;
  kind: string;
}

export interface LineTableProps<Row extends GridRow> {
  entries: readonly GridEntry<Row>[];
  /** Messages under the fields, by row key. */
  errors: Record<string, RowErrors | undefined>;
  /** A line's amount excl. VAT by row key ('—' without one); a chapter's subtotal when given. */
  totals: Record<string, number | undefined>;
  /** A chapter's options' amount, shown under its subtotal. */
  chapterOptions?: Record<string, number | undefined>;
  vatRates: VatRate[];
  /** Decimals shown on quantities and unit prices (document settings). */
  precisions: Precisions;
  /** Lines can be written, added, removed (false: plain text). */
  editLines: boolean;
  /** Which rows' progress can be typed (progress statements). */
  progressEditable?: (row: Row) => boolean;
  showProgress?: boolean;
  /** Quotes: each line has an « Option » checkbox. */
  optionColumn?: boolean;
  /** -1: amounts stored negative (credit notes), shown positive. */
  sign?: 1 | -1;
  /** Quantities and unit prices rounded on leaving the field to the precision setting. */
  roundOnBlur?: boolean;
  labels?: GridLabels;
  textLimits?: GridTextLimits;
  /** The accessible name of each row's fields: « Chapitre 2 », « ligne 3 ». */
  rowName?: (entry: GridEntry<Row>, index: number, lineNumber: number) => string;
  onChange: (key: string, changes: Partial<Row>) => void;
  /**
   * Adds a row after `afterKey` (null: from a button under the grid); answers the new row's key
   * (the focus goes to it), or null when nothing was added.
   */
  onInsert: (afterKey: string | null, kind: string) => string | null;
  onRemove: (key: string) => void;
  /** Moves a row one place (Alt + arrow, or its buttons); false when it cannot go there. */
  onMove?: (key: string, direction: -1 | 1) => boolean;
  /** The buttons under the grid (editLines only). */
  addActions?: GridAddAction[];
  /** More under the grid, after the add buttons. */
  footer?: ReactNode;
  /**
   * Draws a line's designation input (editable lines only; the grid's keyboard still applies, so
   * a suggestion list stops the keys it uses). A stable function: the rows are memoised on it.
   */
  designationField?: (props: DesignationFieldProps) => ReactNode;
  /** Columns after the line's total, for lines; chapters and texts leave them empty. */
  extraColumns?: GridExtraColumns;
  /** What the caller draws around its lines (see LineAddons). */
  lineAddons?: LineAddons<Row>;
  /**
   * From this many rows on, only the rows in view (and a margin) are in the DOM, in a scrolling box
   * (TanStack Virtual, as ui/DataTable): a 500-line quote lays out and paints 40 rows, not 500.
   */
  virtualFrom?: number;
}

export const vatRateLabel = formatPercent;

/**
 * A quantity with the quantity precision's decimals: "12,5" at 2 → "12,50". `sign` -1: a credit
 * note's, stored negative (it cancels), shown positive as its PDF prints it.
 */
function shownQuantity(text: string, precisions: Precisions, sign = 1) {
  const value = parseFrenchDecimal(text, QUANTITY_SCALE);
  return value === null
    ? text
    : formatDecimal(sign * value, QUANTITY_SCALE, {
        decimals: precisions.quantityPrecision,
        grouping: false,
      });
}

/** A unit price in euros with the unit price precision's decimals (the API keeps cents, so 2 at most). */
function shownUnitPrice(text: string, precisions: Precisions) {
  const cents = parseFrenchDecimal(text, PRICE_SCALE) ?? 0;
  return formatCents(cents, precisions.unitPricePrecision);
}

/** Each field's width: the designation takes the row's room, the others their content's. */
const fieldClasses: Record<TextField, string> = {
  label: styles.cellInput,
  quantity: `${styles.quantityInput} ${shared.amount}`,
  unit: styles.unitInput,
  unitPrice: `${styles.priceInput} ${shared.amount}`,
  progress: `${styles.progressInput} ${shared.amount}`,
};

/** The columns beside the designation: as wide as their content, amounts to the right. */
const fit = styles.fitCell;
const fitAmount = `${shared.amount} ${styles.fitCell}`;

/** The column a cell edits, for keyboard moves between rows. */
const cellSelector = (key: string, column: string) => `[data-row="${key}"][data-column="${column}"]`;

/** The invoice's names: « Chapitre N » (its place among the rows), « ligne N » (among the lines). */
const invoiceRowName = (entry: GridEntry<GridRow>, index: number, lineNumber: number) =>
  entry.row.kind === 'chapter' ? `${m.chapter} ${index + 1}` : `ligne ${lineNumber}`;

/** A sub-level's indent: its first cell starts further in. */
const indent = (depth: number) =>
  depth > 0 ? { paddingInlineStart: `calc(${depth} * 1.25rem + 0.5rem)` } : undefined;

interface RowActions {
  change: (key: string, changes: Partial<GridRow>) => void;
  remove: (key: string) => void;
  move: (key: string, direction: -1 | 1) => void;
  round: (key: string, field: 'quantity' | 'unitPrice', text: string) => void;
}

interface RowViewProps {
  row: GridRow;
  /** Virtual rows: the row's place (measured by the virtualiser, announced as aria-rowindex). */
  index?: number | undefined;
  measure?: ((element: HTMLTableRowElement | null) => void) | undefined;
  depth: number;
  name: string;
  total: number | undefined;
  optionsTotal: number | undefined;
  error: RowErrors | undefined;
  editLines: boolean;
  editProgress: boolean;
  showProgress: boolean;
  optionColumn: boolean;
  canMove: boolean;
  sign: number;
  columnCount: number;
  vatRates: VatRate[];
  precisions: Precisions;
  labels: GridLabels;
  limits: GridTextLimits;
  actions: RowActions;
  designationField: LineTableProps<GridRow>['designationField'];
  /** The extra columns' count, and this row's texts in them. */
  extraCount: number;
  extra: readonly string[] | undefined;
  addons: LineAddons | undefined;
  extraClass: string | undefined;
}

const sameTexts = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((t, i) => t === b[i]));

/** Same messages on the row's fields (a new errors object each keystroke, the same words). */
function sameErrors(a: RowErrors | undefined, b: RowErrors | undefined) {
  if (a === b) return true;
  if (!a || !b) return false;
  const keys = Object.keys(a) as GridField[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * One row, rendered again only when its own props change: typing in one line of a 500-line quote
 * renders that line and the totals, not the other 499 (bench/quote-editor.ts measures it).
 */
const RowView = memo(
  function RowView(props: RowViewProps) {
    const { row, depth, name, total, error, editLines, labels, limits, actions, columnCount, sign } = props;
    const addons = row.kind === 'line' ? props.addons : undefined;
    const actionsCell = editLines ? (
      <td className={fit}>
        {addons?.actions ? (
          <span style={{ display: 'inline-flex', alignItems: 'center' }}>
            {addons.actions(row)}
            {rowButtons(props)}
          </span>
        ) : (
          rowButtons(props)
        )}
      </td>
    ) : null;

    const extraCells =
      props.extraCount > 0 ? (
        <td colSpan={props.extraCount} className={`${fit} ${props.extraClass ?? ''}`} />
      ) : null;
    if (row.kind === 'chapter') {
      const withTotal = total !== undefined;
      const span =
        columnCount - (editLines ? 1 : 0) - (withTotal ? 1 : 0) - (withTotal ? props.extraCount : 0);
      return (
        <tr className={styles.chapterRow} data-depth={depth} {...virtualProps(props)}>
          <td colSpan={span} style={indent(depth)}>
            {editLines ? field(props, 'label', name, limits.chapter) : row.label}
          </td>
          {withTotal ? (
            <td className={fitAmount} aria-live="off">
              {formatCents(sign * total)}
              {props.optionsTotal ? (
                <span className={styles.hint} style={{ display: 'block', fontWeight: 400, margin: 0 }}>
                  {labels.chapterOptions(formatCents(sign * props.optionsTotal))}
                </span>
              ) : null}
            </td>
          ) : null}
          {withTotal ? extraCells : null}
          {actionsCell}
        </tr>
      );
    }

    if (row.kind === 'text') {
      return (
        <tr data-depth={depth} {...virtualProps(props)}>
          <td colSpan={columnCount - (editLines ? 1 : 0)} style={indent(depth)}>
            {editLines ? (
              field(props, 'label', `${labels.text}, ${name}`, limits.text)
            ) : (
              <span style={{ whiteSpace: 'pre-wrap' }}>{row.label}</span>
            )}
          </td>
          {actionsCell}
        </tr>
      );
    }

    const rate = props.vatRates.find((vat) => vat.id === row.vatRateId);
    const after = addons?.after?.(row, editLines);
    const line = (
      <tr data-depth={depth} data-option={row.option ? 'true' : undefined} {...virtualProps(props)}>
        <td style={indent(depth)}>
          {editLines ? field(props, 'label', `${labels.designation}, ${name}`, limits.line) : row.label}
          {row.option && !props.optionColumn ? <span className={styles.hint}> ({labels.option})</span> : null}
          {addons?.below?.(row, editLines)}
        </td>
        {props.optionColumn ? (
          <td className={fit}>
            {editLines ? (
              <input
                type="checkbox"
                data-row={row.key}
                data-column="option"
                aria-label={`${labels.option}, ${name}`}
                checked={Boolean(row.option)}
                onChange={(event) => actions.change(row.key, { option: event.target.checked })}
              />
            ) : row.option ? (
              labels.option
            ) : (
              ''
            )}
          </td>
        ) : null}
        <td className={fitAmount}>
          {editLines
            ? field(props, 'quantity', `${labels.quantity}, ${name}`)
            : shownQuantity(row.quantity, props.precisions, sign)}
        </td>
        <td className={fit}>
          {editLines ? field(props, 'unit', `${labels.unit}, ${name}`, limits.unit) : row.unit}
        </td>
        <td className={fitAmount}>
          {editLines
            ? field(props, 'unitPrice', `${labels.unitPrice}, ${name}`)
            : shownUnitPrice(row.unitPrice, props.precisions)}
        </td>
        <td className={fit}>
          {editLines ? (
            <select
              className={styles.rateSelect}
              data-row={row.key}
              data-column="vatRateId"
              aria-label={`${labels.vatRate}, ${name}`}
              aria-invalid={error?.vatRateId ? true : undefined}
              value={row.vatRateId ?? ''}
              onChange={(event) => actions.change(row.key, { vatRateId: Number(event.target.value) })}
            >
              {row.vatRateId === null || !rate ? <option value={row.vatRateId ?? ''}>—</option> : null}
              {props.vatRates.map((vat) => (
                <option key={vat.id} value={vat.id}>
                  {vatRateLabel(vat.basisPoints)}
                </option>
              ))}
            </select>
          ) : rate ? (
            vatRateLabel(rate.basisPoints)
          ) : (
            ''
          )}
        </td>
        {props.showProgress ? (
          <td className={fitAmount}>
            {props.editProgress
              ? field(props, 'progress', `${labels.progress}, ${name}`)
              : row.progress && `${row.progress} %`}
          </td>
        ) : null}
        <td className={fitAmount} aria-live="off">
          {total === undefined ? '—' : formatCents(sign * total)}
        </td>
        {Array.from({ length: props.extraCount }, (_, i) => (
          <td key={i} className={`${fitAmount} ${props.extraClass ?? ''}`}>
            {props.extra?.[i] ?? '—'}
          </td>
        ))}
        {actionsCell}
      </tr>
    );
    if (!after) return line;
    return (
      <>
        {line}
        <tr data-depth={depth} data-details={row.key}>
          <td colSpan={columnCount} style={indent(depth + 1)}>
            {after}
          </td>
        </tr>
      </>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.index === b.index &&
    a.measure === b.measure &&
    a.depth === b.depth &&
    a.name === b.name &&
    a.total === b.total &&
    a.optionsTotal === b.optionsTotal &&
    sameErrors(a.error, b.error) &&
    a.editLines === b.editLines &&
    a.editProgress === b.editProgress &&
    a.showProgress === b.showProgress &&
    a.optionColumn === b.optionColumn &&
    a.canMove === b.canMove &&
    a.sign === b.sign &&
    a.columnCount === b.columnCount &&
    a.vatRates === b.vatRates &&
    a.precisions === b.precisions &&
    a.labels === b.labels &&
    a.limits === b.limits &&
    a.actions === b.actions &&
    a.designationField === b.designationField &&
    a.extraCount === b.extraCount &&
    a.addons === b.addons &&
    a.extraClass === b.extraClass &&
    sameTexts(a.extra, b.extra),
);

/** A virtual row's attributes: measured by the virtualiser, its place announced (header = row 1). */
const virtualProps = ({ index, measure }: RowViewProps) =>
  index === undefined ? {} : { 'data-index': index, 'aria-rowindex': index + 2, ref: measure };

/** A cell's input; values stay as typed, an invalid one shows its message under it. */
function field(
  { row, error, labels, actions, designationField }: RowViewProps,
  name: TextField,
  label: string,
  maxLength?: number,
) {
  const numeric = name !== 'label' && name !== 'unit';
  const message = error?.[name];
  const id = `${row.key}-${name}`;
  const value = row[name] ?? '';
  // The server's lengths: typing stops there, and says so (a refused autosave would not).
  const atLimit = !message && maxLength !== undefined && value.length >= maxLength;
  const describedBy = message ? `${id}-error` : atLimit ? `${id}-limit` : undefined;
  const custom =
    name === 'label' && row.kind === 'line' && designationField
      ? designationField({
          rowKey: row.key,
          id,
          className: fieldClasses.label,
          label,
          maxLength,
          invalid: Boolean(message),
          describedBy,
          value,
          onChange: (typed) => actions.change(row.key, { label: typed }),
        })
      : null;
  return (
    <>
      {custom ?? (
        <input
          id={id}
          className={fieldClasses[name]}
          data-row={row.key}
          data-column={name}
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          inputMode={numeric ? 'decimal' : undefined}
          maxLength={numeric ? undefined : maxLength}
          value={value}
          onChange={(event) => actions.change(row.key, { [name]: event.target.value })}
          onBlur={
            name === 'quantity' || name === 'unitPrice'
              ? (event) => actions.round(row.key, name, event.target.value)
              : undefined
          }
        />
      )}
      {message ? (
        <p id={`${id}-error`} className={shared.error}>
          {message}
        </p>
      ) : null}
      {atLimit ? (
        <p id={`${id}-limit`} className={styles.hint}>
          {labels.atMaxLength(maxLength)}
        </p>
      ) : null}
    </>
  );
}

function rowButtons({ row, labels, actions, canMove }: RowViewProps) {
  return (
    <span style={{ display: 'inline-flex' }}>
      {canMove ? (
        <>
          <button
            type="button"
            className={iconButton}
            aria-label={labels.moveUp(row.label)}
            onClick={() => actions.move(row.key, -1)}
          >
            ↑
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={labels.moveDown(row.label)}
            onClick={() => actions.move(row.key, 1)}
          >
            ↓
          </button>
        </>
      ) : null}
      <button
        type="button"
        className={iconButton}
        aria-label={labels.removeRow(row.label)}
        onClick={() => actions.remove(row.key)}
      >
        ×
      </button>
    </span>
  );
}

/**
 * The lines, keyboard first: Enter adds a line under the current one (without editable lines, goes
 * to the next editable row), the up and down arrows move to the same column of the row above or
 * below, Alt + up or down moves the row itself (when the document allows it).
 */
export function LineTable<Row extends GridRow>(props: LineTableProps<Row>) {
  const {
    entries,
    errors,
    totals,
    chapterOptions,
    vatRates,
    precisions,
    editLines,
    progressEditable,
    showProgress = false,
    optionColumn = false,
    sign = 1,
    labels = invoiceGridLabels,
    textLimits = invoiceLimits,
    rowName = invoiceRowName,
    addActions = [],
    footer,
    virtualFrom = Number.POSITIVE_INFINITY,
    designationField,
    extraColumns,
    lineAddons,
  } = props;
  const extraCount = extraColumns?.headers.length ?? 0;
  const tableRef = useRef<HTMLTableElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = entries.length >= virtualFrom;
  const virtualizer = useVirtualizer({
    count: virtual ? entries.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 41,
    overscan: 12,
    getItemKey: (index) => entries[index]?.row.key ?? index,
    initialRect: { width: 1200, height: 720 },
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const before = items?.[0]?.start ?? 0;
  const after = items ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  /** A cell to focus whose row is not drawn yet (virtual rows): tried again after the next renders. */
  const focusTries = useRef(0);
  /** Where the focus goes once the rows change: a cell, or the first add button when none is left. */
  const pendingFocus = useRef<{ key: string; column: string } | 'addLine' | null>(null);
  const addLineRef = useRef<HTMLButtonElement>(null);
  // The handlers read the latest props, so the rows get one stable object (their memo holds).
  const latest = useRef(props);
  latest.current = props;

  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    if (target === 'addLine') {
      pendingFocus.current = null;
      addLineRef.current?.focus();
    } else if (focusCell(target.key, target.column) || focusTries.current >= 5) {
      pendingFocus.current = null;
      focusTries.current = 0;
    } else focusTries.current += 1;
  });

  /** Focuses a row's cell (its first field without that column); a virtual row out of view is scrolled to first. */
  const focusCell = (key: string, column: string): boolean => {
    const cell =
      tableRef.current?.querySelector<HTMLElement>(cellSelector(key, column)) ??
      tableRef.current?.querySelector<HTMLElement>(`[data-row="${key}"]`);
    if (cell) {
      cell.focus();
      return true;
    }
    const index = latest.current.entries.findIndex((entry) => entry.row.key === key);
    if (virtual && index >= 0) {
      virtualizer.scrollToIndex(index, { align: 'auto' });
      pendingFocus.current = { key, column };
    }
    return false;
  };

  const actions = useMemo<RowActions>(
    () => ({
      change: (key, changes) => latest.current.onChange(key, changes as Partial<Row>),
      remove: (key) => {
        // The removed row's button leaves the page: the focus goes to the row now in its place
        // (after a chapter's content, which goes with it), else the one before, else « add ».
        const list = latest.current.entries;
        const index = list.findIndex((entry) => entry.row.key === key);
        const depth = list[index]?.depth ?? 0;
        let after = index + 1;
        while ((list[after]?.depth ?? -1) > depth) after += 1;
        const neighbour = list[after] ?? list[index - 1];
        pendingFocus.current = neighbour ? { key: neighbour.row.key, column: 'label' } : 'addLine';
        latest.current.onRemove(key);
      },
      move: (key, direction) => {
        const active = tableRef.current?.ownerDocument.activeElement as HTMLElement | null;
        const column = active?.dataset.row === key ? (active.dataset.column ?? 'label') : null;
        if (latest.current.onMove?.(key, direction) && column) pendingFocus.current = { key, column };
        else if (!column) pendingFocus.current = null;
      },
      round: (key, field, text) => {
        if (latest.current.roundOnBlur === false) return;
        const kept = roundTyped(text, field, latest.current.precisions);
        if (kept !== text) latest.current.onChange(key, { [field]: kept } as Partial<Row>);
      },
    }),
    [],
  );

  function insert(afterKey: string | null, kind: string) {
    const key = props.onInsert(afterKey, kind);
    if (key) pendingFocus.current = { key, column: 'label' };
  }

  const isProgressEditable = (row: Row) => Boolean(progressEditable?.(row));

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const cell = event.target as HTMLElement;
    const key = cell.dataset.row;
    const column = cell.dataset.column;
    if (!key || !column || event.ctrlKey || event.metaKey) return;
    const arrow = event.key === 'ArrowDown' || event.key === 'ArrowUp';
    if (event.altKey) {
      // Alt + arrow: the row moves, the focus stays in its cell.
      if (arrow && editLines && props.onMove) {
        event.preventDefault();
        actions.move(key, event.key === 'ArrowDown' ? 1 : -1);
      }
      return;
    }
    const rows = editLines ? entries : entries.filter((entry) => isProgressEditable(entry.row));
    const position = rows.findIndex((entry) => entry.row.key === key);
    if (event.key === 'Enter' && cell.tagName !== 'BUTTON') {
      event.preventDefault();
      if (editLines) insert(key, 'line');
      else {
        const next = rows[position + 1];
        if (next) focusCell(next.row.key, column);
      }
    } else if (arrow && cell.tagName !== 'SELECT') {
      const next = rows[position + (event.key === 'ArrowDown' ? 1 : -1)];
      if (next) {
        event.preventDefault();
        focusCell(next.row.key, column);
      }
    }
  }

  const columnCount = 6 + (showProgress ? 1 : 0) + (optionColumn ? 1 : 0) + (editLines ? 1 : 0) + extraCount;
  const canMove = editLines && Boolean(props.onMove);
  let lineNumber = 0;

  return (
    <div>
      {editLines || progressEditable ? <p className={styles.hint}>{labels.keyboardHint}</p> : null}
      <div
        ref={scrollRef}
        className={shared.scroller}
        style={
          virtual ? { maxHeight: 'calc(100vh - 160px)', minHeight: 240, position: 'relative' } : undefined
        }
      >
        <table
          ref={tableRef}
          className={`${shared.table} ${styles.grid}`}
          onKeyDown={onKeyDown}
          aria-rowcount={virtual ? entries.length + 1 : undefined}
        >
          <caption className={visuallyHidden}>{labels.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{labels.designation}</th>
              {optionColumn ? (
                <th scope="col" className={fit}>
                  {labels.option}
                </th>
              ) : null}
              <th scope="col" className={fitAmount}>
                {labels.quantity}
              </th>
              <th scope="col" className={fit}>
                {labels.unit}
              </th>
              <th scope="col" className={fitAmount}>
                {labels.unitPrice}
              </th>
              <th scope="col" className={fit}>
                {labels.vatRate}
              </th>
              {showProgress ? (
                <th scope="col" className={`${fitAmount} ${styles.wrapHeader}`}>
                  {labels.progress}
                </th>
              ) : null}
              <th scope="col" className={fitAmount}>
                {labels.lineTotal}
              </th>
              {extraColumns?.headers.map((header) => (
                <th
                  key={header}
                  scope="col"
                  className={`${fitAmount} ${styles.wrapHeader} ${extraColumns.className ?? ''}`}
                >
                  {header}
                </th>
              ))}
              {editLines ? (
                <th scope="col" className={fit}>
                  <span className={visuallyHidden}>Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 ? (
              <tr>
                <td colSpan={columnCount}>{labels.noLines}</td>
              </tr>
            ) : null}
            {before > 0 ? (
              <tr data-spacer="">
                <td colSpan={columnCount} style={{ height: before, padding: 0, border: 0 }} />
              </tr>
            ) : null}
            {entries.map((entry, index) => {
              if (entry.row.kind !== 'chapter') lineNumber += 1;
              // Virtual: the names still count every row; only the rows in view are drawn.
              if (items && (index < (items[0]?.index ?? 0) || index > (items.at(-1)?.index ?? -1)))
                return null;
              const { row } = entry;
              return (
                <RowView
                  key={row.key}
                  index={items ? index : undefined}
                  measure={items ? virtualizer.measureElement : undefined}
                  row={row}
                  depth={entry.depth}
                  name={rowName(entry, index, lineNumber)}
                  total={totals[row.key]}
                  optionsTotal={chapterOptions?.[row.key]}
                  error={errors[row.key]}
                  editLines={editLines}
                  editProgress={isProgressEditable(row)}
                  showProgress={showProgress}
                  optionColumn={optionColumn}
                  canMove={canMove}
                  sign={sign}
                  columnCount={columnCount}
                  vatRates={vatRates}
                  precisions={precisions}
                  labels={labels}
                  limits={textLimits}
                  actions={actions}
                  designationField={designationField as LineTableProps<GridRow>['designationField']}
                  extraCount={extraCount}
                  extra={extraColumns?.cells[row.key]}
                  addons={lineAddons as LineAddons | undefined}
                  extraClass={extraColumns?.className}
                />
              );
            })}
            {after > 0 ? (
              <tr data-spacer="">
                <td colSpan={columnCount} style={{ height: after, padding: 0, border: 0 }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      {editLines && addActions.length > 0 ? (
        <div className={styles.gridActions}>
          {addActions.map((action, index) => (
            <button
              key={action.kind}
              ref={index === 0 ? addLineRef : undefined}
              type="button"
              className={button.secondary}
              onClick={() => insert(null, action.kind)}
            >
              {action.label}
            </button>
          ))}
        </div>
      ) : null}
      {footer}
    </div>
  );
}

// The invoice editor's grid

export interface LineGridProps {
  kind: InvoiceKind;
  draft: InvoiceDraft;
  errors: DraftErrors;
  lineTotals: Record<string, number>;
  vatRates: VatRate[];
  /** Decimals kept and shown on quantities and unit prices (document settings). */
  precisions: Precisions;
  /** False on a validated invoice, a locked one, or a stale one: plain text. */
  editable: boolean;
  onEdit: (change: (draft: InvoiceDraft) => InvoiceDraft) => void;
}

const invoiceAddActions: GridAddAction[] = [
  { label: m.addLine, kind: 'line' },
  { label: m.addChapter, kind: 'chapter' },
];

/** The invoice's lines in one level, for the grid's one wiring (useGridEditing). */
const invoiceGridOps: GridDraftOps<InvoiceDraft, DraftLine> = {
  update: updateRow,
  remove: removeRow,
  insertAfter: (draft, afterKey, row) =>
    insertRow(
      draft,
      draft.lines.findIndex((line) => line.key === afterKey),
      row,
    ),
  append: (draft, _kind, row) => insertRow(draft, draft.lines.length - 1, row),
  find: (draft, key) => draft.lines.find((line) => line.key === key),
  create: (kind, rate) => (kind === 'chapter' ? chapterRow() : emptyLine(rate?.id ?? null)),
};

/**
 * The invoice's lines: chapters and lines in one level. Enter adds a line under the current one
 * (on a progress statement, goes to the next line); a progress statement types its progress only.
 */
export function LineGrid({
  kind,
  draft,
  errors,
  lineTotals,
  vatRates,
  precisions,
  editable,
  onEdit,
}: LineGridProps) {
  const parts = editableParts(kind);
  const editLines = editable && parts.lines;
  const entries = useMemo(() => draft.lines.map((row) => ({ row, depth: 0 })), [draft.lines]);
  const handlers = useGridEditing({ draft, vatRates, onEdit, ops: invoiceGridOps });
  return (
    <LineTable<DraftLine>
      entries={entries}
      errors={errors.lines}
      totals={lineTotals}
      vatRates={vatRates}
      precisions={precisions}
      editLines={editLines}
      progressEditable={editable && parts.progress ? hasProgress : undefined}
      showProgress={kind === 'progress' || kind === 'final'}
      // A credit note's quantities and totals are stored negative: shown as its PDF prints them.
      sign={kind === 'credit_note' ? -1 : 1}
      {...handlers}
      addActions={invoiceAddActions}
    />
  );
}
