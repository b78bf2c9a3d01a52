import { useMemo, useRef } from 'react';
import type { VatRate } from '../../../api/invoices';
import type { GridRow, LineTableProps } from './LineGrid';

/**
 * A document's tree as the grid edits it: each editor (invoice, quote) gives its own operations on
 * its draft, the wiring below is the same for both.
 */
export interface GridDraftOps<Draft, Row extends GridRow> {
  update(draft: Draft, key: string, changes: Partial<Row>): Draft;
  remove(draft: Draft, key: string): Draft;
  /** `row` under the row `afterKey` (Enter). */
  insertAfter(draft: Draft, afterKey: string, row: Row): Draft;
  /** `row` from a button under the grid (`kind`: the button's). */
  append(draft: Draft, kind: string, row: Row): Draft;
  /** The row of this key (Enter gives the new line its rate). */
  find(draft: Draft, key: string): Row | undefined;
  /** A new row for `kind` ('line' on Enter) at `rate` (null: the company has none). */
  create(kind: string, rate: VatRate | null): Row;
  /** One place up or down; null when it cannot go there. */
  move?(draft: Draft, key: string, direction: -1 | 1): Draft | null;
  /** What a VAT rate chosen adds to the change (the quote keeps the rate's percentage with the line). */
  withRate?(changes: Partial<Row>, rate: VatRate): Partial<Row>;
}

export interface GridEditingOptions<Draft, Row extends GridRow> {
  /** The draft shown (a move is tried on it first, to say whether the row can go there). */
  draft: Draft;
  vatRates: readonly VatRate[];
  onEdit: (change: (draft: Draft) => Draft) => void;
  ops: GridDraftOps<Draft, Row>;
}

/** The company's default rate, else its first: a line added from a button. */
const defaultRate = (rates: readonly VatRate[]) => rates.find((rate) => rate.isDefault) ?? rates[0] ?? null;

/**
 * The one wiring between an editor's draft and `LineTable` (the invoice and quote editors did it
 * twice): a change of a row's fields, a line added under another at that line's rate (Enter) or
 * from a button at the company's default rate, a removal, a move. The handlers are stable (they
 * read the latest options), so the grid's memoised rows do not draw again because of them.
 */
export function useGridEditing<Draft, Row extends GridRow>(
  options: GridEditingOptions<Draft, Row>,
): Pick<LineTableProps<Row>, 'onChange' | 'onInsert' | 'onRemove' | 'onMove'> {
  const latest = useRef(options);
  latest.current = options;
  const canMove = Boolean(options.ops.move);
  return useMemo(() => {
    const handlers: Pick<LineTableProps<Row>, 'onChange' | 'onInsert' | 'onRemove' | 'onMove'> = {
      onChange: (key, changes) => {
        const { vatRates, onEdit, ops } = latest.current;
        // A rate chosen: its percentage may be kept with the row (a later change of the rate does not move it).
        const rate =
          changes.vatRateId === undefined ? undefined : vatRates.find((vat) => vat.id === changes.vatRateId);
        const full = rate && ops.withRate ? ops.withRate(changes, rate) : changes;
        onEdit((draft) => ops.update(draft, key, full));
      },
      onInsert: (afterKey, kind) => {
        const { vatRates, onEdit, ops } = latest.current;
        if (afterKey === null) {
          const added = ops.create(kind, defaultRate(vatRates));
          onEdit((draft) => ops.append(draft, kind, added));
          return added.key;
        }
        // Enter: a line under the current row, at the current row's rate when it has one.
        const added = ops.create('line', defaultRate(vatRates));
        onEdit((draft) => {
          const at = ops.find(draft, afterKey);
          const rate = at?.kind === 'line' ? vatRates.find((vat) => vat.id === at.vatRateId) : undefined;
          const changes = { vatRateId: rate?.id } as Partial<Row>;
          const line = rate ? { ...added, ...(ops.withRate ? ops.withRate(changes, rate) : changes) } : added;
          return ops.insertAfter(draft, afterKey, line);
        });
        return added.key;
      },
      onRemove: (key) => {
        const { onEdit, ops } = latest.current;
        onEdit((draft) => ops.remove(draft, key));
      },
    };
    if (canMove) {
      handlers.onMove = (key, direction) => {
        const { draft, onEdit, ops } = latest.current;
        if (!ops.move?.(draft, key, direction)) return false;
        onEdit((current) => ops.move?.(current, key, direction) ?? current);
        return true;
      };
    }
    return handlers;
  }, [canMove]);
}
