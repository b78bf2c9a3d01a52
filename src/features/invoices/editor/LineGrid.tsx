import { type KeyboardEvent, useLayoutEffect, useRef } from 'react';
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
  type LineField,
  PRICE_SCALE,
  QUANTITY_SCALE,
  removeRow,
  roundTyped,
  updateRow,
} from './invoiceDraft';

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

const defaultRate = (rates: VatRate[]) => (rates.find((rate) => rate.isDefault) ?? rates[0])?.id ?? null;

/** Each field's width: the designation takes the row's room, the others their content's. */
const fieldClasses: Record<Exclude<LineField, 'vatRateId'>, string> = {
  label: styles.cellInput,
  quantity: `${styles.quantityInput} ${shared.amount}`,
  unit: styles.unitInput,
  unitPrice: `${styles.priceInput} ${shared.amount}`,
  progress: `${styles.progressInput} ${shared.amount}`,
};

/** The columns beside the designation: as wide as their content, amounts to the right. */
const fit = styles.fitCell;
const fitAmount = `${shared.amount} ${styles.fitCell}`;

/** The longest text the server keeps in a row's field (a chapter row's label is a chapter). */
function textLimit(row: DraftLine, field: 'label' | 'unit' | 'quantity' | 'unitPrice' | 'progress') {
  if (field === 'unit') return invoiceTextLimits.unit;
  if (field === 'label') return row.kind === 'chapter' ? invoiceTextLimits.chapter : invoiceTextLimits.label;
  return undefined;
}

/** The column a cell edits, for keyboard moves between rows. */
const cellSelector = (key: string, column: string) => `[data-row="${key}"][data-column="${column}"]`;

/**
 * The invoice's lines, keyboard first: Enter adds a line under the current one (on a progress
 * statement, goes to the next line), the up and down arrows move to the same column of the line
 * above or below. Values stay as typed; an invalid one shows its message under it.
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
  const tableRef = useRef<HTMLTableElement>(null);
  /** Where the focus goes once the rows change: a cell, or the add button when none is left. */
  const pendingFocus = useRef<{ key: string; column: string } | 'addLine' | null>(null);
  const addLineRef = useRef<HTMLButtonElement>(null);
  const parts = editableParts(kind);
  const editLines = editable && parts.lines;
  const editProgress = editable && parts.progress;
  const showProgress = kind === 'progress' || kind === 'final';
  // A credit note's quantities and totals are stored negative: shown as its PDF prints them.
  const sign = kind === 'credit_note' ? -1 : 1;
  let lineNumber = 0;

  useLayoutEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    if (target === 'addLine') addLineRef.current?.focus();
    else tableRef.current?.querySelector<HTMLElement>(cellSelector(target.key, target.column))?.focus();
  });

  const focusCell = (key: string, column: string) => {
    const cell = tableRef.current?.querySelector<HTMLElement>(cellSelector(key, column));
    if (cell) cell.focus();
    else tableRef.current?.querySelector<HTMLElement>(`[data-row="${key}"]`)?.focus();
  };

  function addRow(afterIndex: number, row: DraftLine) {
    pendingFocus.current = { key: row.key, column: 'label' };
    onEdit((current) => insertRow(current, afterIndex, row));
  }

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const cell = event.target as HTMLElement;
    const key = cell.dataset.row;
    const column = cell.dataset.column;
    if (!key || !column || event.altKey || event.ctrlKey || event.metaKey) return;
    const index = draft.lines.findIndex((row) => row.key === key);
    const editableRows = editLines ? draft.lines : draft.lines.filter(hasProgress);
    const position = editableRows.findIndex((row) => row.key === key);
    if (event.key === 'Enter' && cell.tagName !== 'BUTTON') {
      event.preventDefault();
      if (editLines) addRow(index, emptyLine(draft.lines[index]?.vatRateId ?? defaultRate(vatRates)));
      else {
        const next = editableRows[position + 1];
        if (next) focusCell(next.key, column);
      }
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && cell.tagName !== 'SELECT') {
      const next = editableRows[position + (event.key === 'ArrowDown' ? 1 : -1)];
      if (next) {
        event.preventDefault();
        focusCell(next.key, column);
      }
    }
  }

  /** The removed row's button leaves the page: the focus goes to the row now in its place. */
  function remove(key: string) {
    const index = draft.lines.findIndex((row) => row.key === key);
    const neighbour = draft.lines[index + 1] ?? draft.lines[index - 1];
    pendingFocus.current = neighbour ? { key: neighbour.key, column: 'label' } : 'addLine';
    onEdit((current) => removeRow(current, key));
  }

  const change = (key: string, changes: Partial<DraftLine>) =>
    onEdit((current) => updateRow(current, key, changes));

  function input(row: DraftLine, field: Exclude<LineField, 'vatRateId'>, label: string) {
    const numeric = field !== 'label' && field !== 'unit';
    const message = errors.lines[row.key]?.[field];
    const id = `${row.key}-${field}`;
    // The server's lengths: typing stops there, and says so (a refused autosave would not).
    const maxLength = numeric ? undefined : textLimit(row, field);
    const atLimit = !message && maxLength !== undefined && row[field].length >= maxLength;
    const describedBy = message ? `${id}-error` : atLimit ? `${id}-limit` : undefined;
    return (
      <>
        <input
          id={id}
          className={fieldClasses[field]}
          data-row={row.key}
          data-column={field}
          aria-label={label}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy}
          inputMode={numeric ? 'decimal' : undefined}
          maxLength={maxLength}
          value={row[field]}
          onChange={(event) => change(row.key, { [field]: event.target.value })}
          onBlur={
            field === 'quantity' || field === 'unitPrice'
              ? () => {
                  // Rounded as entered to the precision setting, as the server keeps it.
                  const kept = roundTyped(row[field], field, precisions);
                  if (kept !== row[field]) change(row.key, { [field]: kept });
                }
              : undefined
          }
        />
        {message ? (
          <p id={`${id}-error`} className={shared.error}>
            {message}
          </p>
        ) : null}
        {atLimit ? (
          <p id={`${id}-limit`} className={styles.hint}>
            {m.atMaxLength(maxLength)}
          </p>
        ) : null}
      </>
    );
  }

  const columnCount = 6 + (showProgress ? 1 : 0) + (editLines ? 1 : 0);

  return (
    <div>
      {editable && (parts.lines || parts.progress) ? <p className={styles.hint}>{m.keyboardHint}</p> : null}
      <div className={shared.scroller}>
        <table ref={tableRef} className={`${shared.table} ${styles.grid}`} onKeyDown={onKeyDown}>
          <caption className={visuallyHidden}>{m.lines}</caption>
          <thead>
            <tr>
              <th scope="col">{m.designation}</th>
              <th scope="col" className={fitAmount}>
                {m.quantity}
              </th>
              <th scope="col" className={fit}>
                {m.unit}
              </th>
              <th scope="col" className={fitAmount}>
                {m.unitPrice}
              </th>
              <th scope="col" className={fit}>
                {m.vatRate}
              </th>
              {showProgress ? (
                <th scope="col" className={`${fitAmount} ${styles.wrapHeader}`}>
                  {m.progress}
                </th>
              ) : null}
              <th scope="col" className={fitAmount}>
                {m.lineTotal}
              </th>
              {editLines ? (
                <th scope="col" className={fit}>
                  <span className={visuallyHidden}>Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {draft.lines.length === 0 ? (
              <tr>
                <td colSpan={columnCount}>{m.noLines}</td>
              </tr>
            ) : null}
            {draft.lines.map((row, index) => {
              if (row.kind === 'chapter') {
                return (
                  <tr key={row.key} className={styles.chapterRow}>
                    <td colSpan={columnCount - (editLines ? 1 : 0)}>
                      {editLines ? input(row, 'label', `${m.chapter} ${index + 1}`) : row.label}
                    </td>
                    {editLines ? <td>{removeButton(row)}</td> : null}
                  </tr>
                );
              }
              lineNumber += 1;
              const name = `ligne ${lineNumber}`;
              const total = lineTotals[row.key];
              const rate = vatRates.find((vat) => vat.id === row.vatRateId);
              return (
                <tr key={row.key}>
                  <td>{editLines ? input(row, 'label', `${m.designation}, ${name}`) : row.label}</td>
                  <td className={fitAmount}>
                    {editLines
                      ? input(row, 'quantity', `${m.quantity}, ${name}`)
                      : shownQuantity(row.quantity, precisions, sign)}
                  </td>
                  <td className={fit}>{editLines ? input(row, 'unit', `${m.unit}, ${name}`) : row.unit}</td>
                  <td className={fitAmount}>
                    {editLines
                      ? input(row, 'unitPrice', `${m.unitPrice}, ${name}`)
                      : shownUnitPrice(row.unitPrice, precisions)}
                  </td>
                  <td className={fit}>
                    {editLines ? (
                      <select
                        className={styles.rateSelect}
                        data-row={row.key}
                        data-column="vatRateId"
                        aria-label={`${m.vatRate}, ${name}`}
                        value={row.vatRateId ?? ''}
                        onChange={(event) => change(row.key, { vatRateId: Number(event.target.value) })}
                      >
                        {row.vatRateId === null ? <option value="">—</option> : null}
                        {vatRates.map((vat) => (
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
                  {showProgress ? (
                    <td className={fitAmount}>
                      {editProgress && hasProgress(row)
                        ? input(row, 'progress', `${m.progress}, ${name}`)
                        : row.progress && `${row.progress} %`}
                    </td>
                  ) : null}
                  <td className={fitAmount} aria-live="off">
                    {total === undefined ? '—' : formatCents(sign * total)}
                  </td>
                  {editLines ? <td className={fit}>{removeButton(row)}</td> : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {editLines ? (
        <div className={styles.gridActions}>
          <button
            ref={addLineRef}
            type="button"
            className={button.secondary}
            onClick={() => addRow(draft.lines.length - 1, emptyLine(defaultRate(vatRates)))}
          >
            {m.addLine}
          </button>
          <button
            type="button"
            className={button.secondary}
            onClick={() => addRow(draft.lines.length - 1, chapterRow())}
          >
            {m.addChapter}
          </button>
        </div>
      ) : null}
    </div>
  );

  function removeButton(row: DraftLine) {
    return (
      <button
        type="button"
        className={iconButton}
        aria-label={m.removeRow(row.label)}
        onClick={() => remove(row.key)}
      >
        ×
      </button>
    );
  }
}
