import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { formatCents, formatDecimal, parseFrenchDecimal } from '../../../contract/format';
import type { QuoteComposition } from '../../../contract/quotes';
import { visuallyHidden } from '../../../ui/theme.css';
import * as styles from '../../invoices/editor/editor.css';
import * as shared from '../../invoices/invoices.css';
import { $libraryRates } from '../../library/libraryStores';
import { changeComponent, lineFromComposition } from './composition';
import { formatMeasure } from './measures/measureSum';
import { quoteEditorMessages as m } from './messages';
import type { QuoteRow } from './quoteDraft';
import * as own from './quoteEditor.css';

/**
 * Under a measured line's designation (issue 23): « Métré : <groupe> · 3 mesures », and when the
 * group changed since, the mark « Le métré a changé : 12,5 m² → 13,2 m² » with « Mettre à jour »
 * on a draft (a sent quote only shows the mark: nothing changes it).
 */
export function MeasureSourceNote({
  row,
  name,
  editable,
  onUpdate,
}: {
  row: QuoteRow;
  name: string;
  editable: boolean;
  onUpdate: () => void;
}) {
  const { source } = row;
  if (!row.measure) return null;
  const unit = row.unit.trim();
  return (
    <p className={own.lineSource}>
      <span>{m.measureSource(source?.groupName ?? '', source?.count ?? row.measure.measureIds.length)}</span>
      {source?.changed ? (
        <>
          <span className={own.lineMark}>
            {source.currentValueMilli === null
              ? m.measureRemoved
              : m.measureChanged(
                  formatMeasure(source.storedValueMilli, unit),
                  formatMeasure(source.currentValueMilli, unit),
                )}
          </span>
          {editable && source.currentValueMilli !== null ? (
            <button
              type="button"
              className={own.lineAction}
              aria-label={m.measureUpdateFor(name)}
              onClick={onUpdate}
            >
              {m.measureUpdate}
            </button>
          ) : null}
        </>
      ) : null}
    </p>
  );
}

/** « Détailler l'ouvrage » under a composed line's designation: unfolds its composition. */
export function CompositionToggle({
  row,
  open,
  panelId,
  onToggle,
}: {
  row: QuoteRow;
  open: boolean;
  panelId: string;
  onToggle: () => void;
}) {
  if (!row.composition) return null;
  return (
    <p className={own.lineSource}>
      <button
        type="button"
        className={own.lineAction}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={onToggle}
      >
        {open ? m.compositionHide : m.compositionShow(row.composition.components.length)}
      </button>
    </p>
  );
}

/**
 * A composed line's composition unfolded (issue 22): each component's quantity for one unit of the
 * line and its déboursé sec are editable for this quote only; the line's cost and unit price follow
 * (the contract's `compositionPrice`, the server's rule on every save). Read-only on a sent quote.
 */
export function CompositionPanel({
  row,
  name,
  panelId,
  editable,
  onChange,
}: {
  row: QuoteRow;
  name: string;
  panelId: string;
  editable: boolean;
  /** The line's new composition and, when they can be computed, its cost and unit price. */
  onChange: (changes: Partial<QuoteRow>) => void;
}) {
  const rates = useStore($libraryRates);
  const headingId = useId();
  const composition = row.composition;
  if (!composition) return null;
  const figures = lineFromComposition(composition, rates);
  const change = (next: QuoteComposition) =>
    onChange(lineFromComposition(next, rates) ?? { composition: next });
  return (
    <section id={panelId} className={own.composition} aria-labelledby={headingId}>
      {/* Not a heading: the grid sits under an h2 or an h3 depending on the host, and a panel in a row
          must not break the page's outline. The section is named by it all the same. */}
      <p id={headingId} className={own.compositionTitle}>
        {m.compositionTitle(row.label || name)}
      </p>
      <p className={styles.hint}>{m.compositionHint}</p>
      <div className={own.componentHead} aria-hidden="true">
        <span>{m.designation}</span>
        <span style={{ textAlign: 'end' }}>{m.componentQuantityHead}</span>
        <span>{m.unit}</span>
        <span style={{ textAlign: 'end' }}>{m.componentCostHead}</span>
        <span className={own.componentSale}>{m.componentSale}</span>
      </div>
      <ul className={own.componentList}>
        {composition.components.map((component, index) => {
          const label = component.designation;
          return (
            // Components have no id of their own in a quote; their place is theirs (edited in place).
            <li key={index} className={own.componentRow}>
              <span>{label}</span>
              {editable ? (
                <NumberField
                  label={m.componentQuantity(label)}
                  value={component.quantityMilli}
                  scale={3}
                  onValue={(quantityMilli) =>
                    change(changeComponent(composition, index, { quantityMilli }, rates))
                  }
                />
              ) : (
                <span className={shared.amount}>{formatDecimal(component.quantityMilli, 3)}</span>
              )}
              <span>{component.unit}</span>
              {editable ? (
                <NumberField
                  label={m.componentCost(label)}
                  value={component.unitCostCents}
                  scale={2}
                  onValue={(unitCostCents) =>
                    change(changeComponent(composition, index, { unitCostCents }, rates))
                  }
                />
              ) : (
                <span className={shared.amount}>{formatCents(component.unitCostCents)}</span>
              )}
              <span className={own.componentSale}>
                {component.unitSaleCents === undefined ? (
                  <span className={styles.hint}>{m.componentSaleByRule}</span>
                ) : (
                  <>
                    <span className={visuallyHidden}>{m.componentSale} : </span>
                    {formatCents(component.unitSaleCents)}
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p className={own.measureSum} role="status">
        {figures
          ? m.compositionFigures(
              formatCents(figures.costCents),
              figures.unitPrice === undefined
                ? formatCents(parseFrenchDecimal(row.unitPrice, 2) ?? 0)
                : formatCents(parseFrenchDecimal(figures.unitPrice, 2) ?? 0),
            )
          : m.compositionRatesMissing}
      </p>
      {composition.priceTyped ? <p className={styles.hint}>{m.compositionPriceTyped}</p> : null}
    </section>
  );
}

/**
 * A French decimal typed in place: what is typed stays as typed, a value that reads is given at
 * once, one that does not says so under the field (nothing given).
 */
function NumberField({
  label,
  value,
  scale,
  onValue,
}: {
  label: string;
  value: number;
  scale: number;
  onValue: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(() => formatDecimal(value, scale, { grouping: false }));
  const parsed = parseFrenchDecimal(text, scale);
  const invalid = parsed === null || parsed < 0;
  return (
    <span>
      <input
        id={id}
        className={own.componentInput}
        inputMode="decimal"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          const read = parseFrenchDecimal(typed, scale);
          if (read !== null && read >= 0 && read !== value) onValue(read);
        }}
      />
      {invalid ? (
        <span id={`${id}-error`} className={shared.error} style={{ display: 'block' }}>
          {m.componentNumber}
        </span>
      ) : null}
    </span>
  );
}
