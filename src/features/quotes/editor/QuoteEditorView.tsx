import { type ReactNode, useCallback, useId, useMemo, useRef, useState } from 'react';
import type { LibraryItem } from '../../../api/library';
import type { QuoteEditorDetail } from '../../../api/quotes';
import { formatCents, formatDecimal, formatIsoDate, formatPercent } from '../../../contract/format';
import { quoteTextLimits } from '../../../contract/quotes';
import { dealPath } from '../../../routes/paths';
import { RouteLink } from '../../../routes/RouteLink';
import { button } from '../../../ui/button.css';
import { DateField } from '../../../ui/DateField';
import { LoadingScreen } from '../../../ui/LoadingScreen';
import { InlineSpinner } from '../../../ui/Spinner';
import { TextField } from '../../../ui/TextField';
import * as styles from '../../invoices/editor/editor.css';
import {
  type DesignationFieldProps,
  type GridAddAction,
  type GridEntry,
  type GridExtraColumns,
  type GridLabels,
  type GridTextLimits,
  type LineAddons,
  LineTable,
} from '../../invoices/editor/LineGrid';
import { type GridDraftOps, useGridEditing } from '../../invoices/editor/useGridEditing';
import * as shared from '../../invoices/invoices.css';
import { QuoteStatusChip } from '../list/QuoteStatusChip';
import { compositionFromLibrary } from './composition';
import { LibraryDesignation, type LibrarySuggestion } from './LibraryDesignation';
import { CompositionPanel, CompositionToggle, MeasureSourceNote } from './LineSources';
import { MeasurePickerDialog, type PickedMeasures } from './measures/MeasurePickerDialog';
import { closeMeasurePicker, openMeasurePicker } from './measures/measurePickerStores';
import { formatMeasure } from './measures/measureSum';
import { quoteEditorMessages as m } from './messages';
import {
  chapterRow,
  dropsMeasure,
  emptyLine,
  findRow,
  flatRows,
  insertRow,
  lineFromCurrentMeasures,
  lineFromLibrary,
  lineFromMeasures,
  moveRow,
  type QuoteDraft,
  type QuoteRow,
  removeRow,
  textRow,
  typedChanges,
  updateRow,
} from './quoteDraft';
import * as own from './quoteEditor.css';
import { isLocked, type QuoteEditorAction, type QuoteEditorState, type SaveState } from './quoteEditorStore';

export interface QuoteEditorViewProps {
  state: QuoteEditorState;
  /** h1 on its own screen, h2 when a platform page embeds it under its own heading. */
  headingLevel?: 1 | 2;
  onEdit: (change: (draft: QuoteDraft) => QuoteDraft) => void;
  /** Retry a failed save now. */
  onSave: () => void;
  onReload: () => void;
  /** « Modifier » (new revision) or « Dupliquer »: the container opens the new quote. */
  onAction: (action: QuoteEditorAction) => void;
  /** Opens another quote (an earlier or later revision in the list). */
  onOpenQuote: (quoteId: number) => void;
  /** The actions slot beside « Modifier » and « Dupliquer » (send, the customer's answer, « Facturer »). */
  actions?: ReactNode;
  /** Searches the price library as a designation is typed (without it: a plain designation field). */
  searchLibrary?: (text: string) => Promise<LibrarySuggestion[]>;
  /** « Afficher les marges » on or off (without it: no margin view). */
  onShowMargins?: (on: boolean) => void;
  /** A library work chosen: its composition (issue 22; without it, a work comes as one line). */
  loadLibraryItem?: (id: number) => Promise<Pick<LibraryItem, 'id' | 'components'>>;
  /** « Insérer un métré » on draft lines (issue 23; without it, no such action). */
  measures?: boolean;
  /** Every composed line starts unfolded (stories; a user unfolds them one by one). */
  compositionsOpen?: boolean;
}

const saveLabels: Record<SaveState, string | null> = {
  saved: m.saved,
  dirty: m.unsaved,
  saving: m.saving,
  invalid: m.invalid,
  failed: null,
  stale: null,
};

const gridLabels: GridLabels = {
  caption: m.lines,
  designation: m.designation,
  quantity: m.quantity,
  unit: m.unit,
  unitPrice: m.unitPrice,
  vatRate: m.vatRate,
  lineTotal: m.lineTotal,
  progress: '',
  option: m.option,
  text: m.text,
  keyboardHint: m.keyboardHint,
  noLines: m.noLines,
  removeRow: m.removeRow,
  moveUp: m.moveUp,
  moveDown: m.moveDown,
  atMaxLength: m.atMaxLength,
  chapterOptions: m.chapterOptions,
};

const gridLimits: GridTextLimits = {
  chapter: quoteTextLimits.chapter,
  line: quoteTextLimits.designation,
  text: quoteTextLimits.text,
  unit: quoteTextLimits.unit,
};

/** From this many rows, only those in view are drawn (bench/quote-editor.ts: 500 lines stay fluid). */
const VIRTUAL_FROM = 150;

const addActions: GridAddAction[] = [
  { label: m.addLine, kind: 'line' },
  { label: m.addOption, kind: 'option' },
  { label: m.addText, kind: 'text' },
  { label: m.addChapter, kind: 'chapter' },
  { label: m.addSubChapter, kind: 'subchapter' },
];

const marginHeaders = [m.cost, m.coefficient, m.margin, m.marginRate] as const;

/** A coefficient in thousandths, shown with two decimals (« 1,35 »). */
const coefficientText = (milli: number | null) =>
  milli === null ? '—' : formatDecimal(milli, 3, { decimals: 2, grouping: false });
const rateText = (basisPoints: number | null) => (basisPoints === null ? '—' : formatPercent(basisPoints));

/** Why a quote that is not a draft is read-only. */
function readOnlyNotice(quote: QuoteEditorDetail): string | null {
  if (quote.allowed.edit) return null;
  if (quote.status === 'accepted') return m.frozen;
  if (!quote.latest) return m.notLatest;
  if (quote.status === 'sent') return m.readOnlySent;
  if (quote.status === 'refused') return m.readOnlyRefused;
  if (quote.status === 'expired') return m.readOnlyExpired;
  return null;
}

/** « Chapitre 2 », « Sous-chapitre 2.1 », « ligne 7 »: the accessible names of the rows' fields. */
function rowNames(entries: readonly GridEntry<QuoteRow>[]): Map<string, string> {
  const names = new Map<string, string>();
  let chapter = 0;
  let sub = 0;
  let line = 0;
  for (const { row, depth } of entries) {
    if (row.kind === 'chapter' && depth === 0) {
      chapter += 1;
      sub = 0;
      names.set(row.key, `${m.chapter} ${chapter}`);
    } else if (row.kind === 'chapter') {
      sub += 1;
      names.set(row.key, `${m.subChapter} ${chapter}.${sub}`);
    } else {
      line += 1;
      names.set(row.key, `ligne ${line}`);
    }
  }
  return names;
}

/** A new row from a button under the grid: where it goes in the tree. */
function placeAdded(draft: QuoteDraft, kind: string, added: QuoteRow): QuoteDraft {
  if (kind === 'chapter') return insertRow(draft, null, added);
  if (kind === 'subchapter') {
    const lastChapter = [...draft.items].reverse().find((item) => item.kind === 'chapter');
    if (!lastChapter) return insertRow(draft, null, added);
    return updateRow(draft, lastChapter.key, { items: [...lastChapter.items, added] });
  }
  // A line, an option or a text: at the end of the quote, in its last chapter if it ends with one.
  const rows = flatRows(draft.items);
  const last = rows[rows.length - 1]?.row;
  return insertRow(draft, last?.key ?? null, added);
}

/** The quote's tree for the grid's one wiring (useGridEditing, shared with the invoice editor). */
const quoteGridOps: GridDraftOps<QuoteDraft, QuoteRow> = {
  update: (draft, key, changes) => {
    const row = findRow(draft.items, key);
    const at = row?.list[row.index];
    return updateRow(draft, key, at ? typedChanges(at, changes) : changes);
  },
  remove: removeRow,
  insertAfter: (draft, afterKey, row) => insertRow(draft, afterKey, row),
  append: placeAdded,
  find: (draft, key) => {
    const place = findRow(draft.items, key);
    return place?.list[place.index];
  },
  create: (kind, rate) =>
    kind === 'chapter' || kind === 'subchapter'
      ? chapterRow()
      : kind === 'text'
        ? textRow()
        : emptyLine(rate, kind === 'option'),
  move: moveRow,
  // A rate chosen: its percentage is kept with the line (a later change of the rate does not move it).
  withRate: (changes, rate) => ({ ...changes, vatRate: rate.basisPoints }),
};

/** The row of `key` in the draft shown. */
const rowOf = (draft: QuoteDraft | null, key: string | null): QuoteRow | undefined => {
  if (!draft || key === null) return undefined;
  const place = findRow(draft.items, key);
  return place?.list[place.index];
};

/** The quote editor's content, driven by its store's state (stories give their own). */
export function QuoteEditorView({
  state,
  headingLevel = 1,
  onEdit,
  onSave,
  onReload,
  onAction,
  onOpenQuote,
  actions,
  searchLibrary,
  onShowMargins,
  loadLibraryItem,
  measures = false,
  compositionsOpen = false,
}: QuoteEditorViewProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { quote, draft, totals, vatRates } = state;
  /** The line whose « Insérer un métré » dialog is open. */
  const [measureFor, setMeasureFor] = useState<string | null>(null);
  /** Composed lines whose composition is unfolded. */
  const [unfolded, setUnfolded] = useState<ReadonlySet<string>>(
    () =>
      new Set(
        compositionsOpen && draft
          ? flatRows(draft.items)
              .filter(({ row }) => row.composition)
              .map(({ row }) => row.key)
          : [],
      ),
  );
  /** What a change of a line did beyond its field (a measured source dropped, a quantity inserted). */
  const [lineNotice, setLineNotice] = useState('');
  const noticeId = useId();
  const grid = useGridEditing<QuoteDraft, QuoteRow>({
    draft: draft ?? ({ items: [] } as unknown as QuoteDraft),
    vatRates,
    onEdit,
    ops: quoteGridOps,
  });
  const entries = useMemo(() => (draft ? flatRows(draft.items) : []), [draft?.items]);
  const names = useMemo(() => rowNames(entries), [entries]);
  const rowName = useCallback(
    (entry: GridEntry<QuoteRow>, _index: number, lineNumber: number) =>
      names.get(entry.row.key) ?? `ligne ${lineNumber}`,
    [names],
  );
  const gridTotals = useMemo(() => {
    const all: Record<string, number> = { ...totals?.lines };
    for (const [key, chapter] of Object.entries(totals?.chapters ?? {})) all[key] = chapter.ht;
    return all;
  }, [totals]);
  const chapterOptions = useMemo(
    () => Object.fromEntries(Object.entries(totals?.chapters ?? {}).map(([key, c]) => [key, c.optionsHt])),
    [totals],
  );
  // The margin columns: each line's déboursé sec, coefficient and margin (its sale is « Total HT »).
  const marginColumns = useMemo<GridExtraColumns | undefined>(() => {
    if (!state.showMargins || !totals?.margins) return undefined;
    const cells: GridExtraColumns['cells'] = {};
    for (const [key, line] of Object.entries(totals.margins.lines)) {
      if (line.cost === null || line.margin === null) continue;
      cells[key] = [
        formatCents(line.cost),
        coefficientText(line.coefficientMilli),
        formatCents(line.margin),
        rateText(line.marginRate),
      ];
    }
    return { headers: marginHeaders, cells, className: own.marginColumn };
  }, [state.showMargins, totals]);
  // A library item chosen fills its line; the latest rates and edit function, one stable field.
  const jobId = quote?.businessJobId ?? 0;
  const latest = useRef({ onEdit, vatRates, searchLibrary, loadLibraryItem, totals, names, jobId });
  latest.current = { onEdit, vatRates, searchLibrary, loadLibraryItem, totals, names, jobId };
  const designationField = useMemo(
    () =>
      searchLibrary
        ? (field: DesignationFieldProps) => (
            <LibraryDesignation
              {...field}
              search={(text) => latest.current.searchLibrary?.(text) ?? Promise.resolve([])}
              onPick={(key, item) => {
                latest.current.onEdit((current) =>
                  updateRow(current, key, lineFromLibrary(item, latest.current.vatRates)),
                );
                // A work brings its composition, copied into this quote (its figures are the library's).
                const load = latest.current.loadLibraryItem;
                if (item.kind === 'work' && load) {
                  load(item.id)
                    .then((work) =>
                      latest.current.onEdit((current) =>
                        updateRow(current, key, { composition: compositionFromLibrary(work) }),
                      ),
                    )
                    .catch(() => {
                      // The line keeps the work's figures; its composition is just not detailed.
                    });
                }
              }}
            />
          )
        : undefined,
    [Boolean(searchLibrary)],
  );
  const showMargins = Boolean(state.showMargins);
  const editableNow = Boolean(quote?.allowed.edit) && state.save !== 'stale' && !isLocked(state);
  // Around each line: its measured source and mark, « Insérer un métré », its composition, and at
  // 800 px its margin under the designation (the margin columns leave the grid there).
  const lineAddons = useMemo<LineAddons<QuoteRow>>(
    () => ({
      below: (row, editLines) => {
        const name = latest.current.names.get(row.key) ?? '';
        const margin = showMargins ? latest.current.totals?.margins?.lines[row.key] : undefined;
        return (
          <>
            <MeasureSourceNote
              row={row}
              name={name}
              editable={editLines}
              onUpdate={() => {
                const changes = lineFromCurrentMeasures(row);
                if (changes) latest.current.onEdit((current) => updateRow(current, row.key, changes));
              }}
            />
            {measures && editLines ? (
              <p className={own.lineSource}>
                <button
                  type="button"
                  className={own.lineAction}
                  aria-label={m.insertMeasureFor(name)}
                  onClick={() => {
                    openMeasurePicker(latest.current.jobId);
                    setMeasureFor(row.key);
                  }}
                >
                  {m.insertMeasure}
                </button>
              </p>
            ) : null}
            <CompositionToggle
              row={row}
              open={unfolded.has(row.key)}
              panelId={`${row.key}-composition`}
              onToggle={() =>
                setUnfolded((open) => {
                  const next = new Set(open);
                  if (next.has(row.key)) next.delete(row.key);
                  else next.add(row.key);
                  return next;
                })
              }
            />
            {margin && margin.cost !== null && margin.margin !== null ? (
              <span className={`${styles.hint} ${own.narrowMargin}`}>
                {m.narrowMargin(
                  formatCents(margin.cost),
                  coefficientText(margin.coefficientMilli),
                  formatCents(margin.margin),
                  rateText(margin.marginRate),
                )}
              </span>
            ) : null}
          </>
        );
      },
      after: (row, editLines) =>
        row.composition && unfolded.has(row.key) ? (
          <CompositionPanel
            row={row}
            name={latest.current.names.get(row.key) ?? ''}
            panelId={`${row.key}-composition`}
            editable={editLines}
            onChange={(changes) => latest.current.onEdit((current) => updateRow(current, row.key, changes))}
          />
        ) : null,
    }),
    [showMargins, unfolded, measures, editableNow],
  );

  if (state.status === 'loading') return <LoadingScreen title={m.loadingTitle} headingLevel={headingLevel} />;
  if (state.status !== 'ready' || !quote || !draft || !totals) {
    return (
      <div className={styles.editor}>
        <Heading className={shared.title}>{m.loadingTitle}</Heading>
        <div className={shared.emptyPanel} role="alert">
          <p>{state.status === 'notFound' ? m.notFound : m.loadFailed}</p>
          {state.status === 'failed' ? (
            <button type="button" className={button.secondary} onClick={onReload}>
              {m.retry}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  const editable = editableNow;
  const busy = state.busy !== null;
  const saveLabel = quote.allowed.edit ? saveLabels[state.save] : null;
  const notice = readOnlyNotice(quote);

  // Another quantity typed on a measured line: the source goes, and the line says so.
  const change = (key: string, changes: Partial<QuoteRow>) => {
    const row = rowOf(draft, key);
    if (row && dropsMeasure(row, changes)) setLineNotice(m.measureDropped(names.get(key) ?? ''));
    grid.onChange(key, changes);
  };
  const measuredRow = rowOf(draft, measureFor);
  const closeMeasures = () => {
    setMeasureFor(null);
    closeMeasurePicker();
  };
  const insertMeasures = (picked: PickedMeasures) => {
    const key = measureFor;
    const row = rowOf(draft, key);
    closeMeasures();
    if (!row || key === null) return;
    onEdit((current) => updateRow(current, key, lineFromMeasures(row, picked)));
    setLineNotice(m.measureInserted(names.get(key) ?? '', formatMeasure(picked.valueMilli, picked.unit)));
  };
  const locked = isLocked(state);

  return (
    <div className={styles.editor}>
      <div className={shared.header}>
        <div>
          <Heading className={shared.title}>
            {m.editorTitle(quote.number)} <QuoteStatusChip status={quote.status} />
          </Heading>
          <p className={shared.subtitle}>{quote.title}</p>
        </div>
        <div className={shared.actions}>
          {saveLabel ? (
            <p className={styles.saveState} role="status">
              {state.save === 'saving' ? <InlineSpinner /> : null}
              {saveLabel}
            </p>
          ) : null}
          {quote.allowed.revise ? (
            <button
              type="button"
              className={button.primary}
              disabled={busy}
              aria-busy={state.busy === 'revise' || undefined}
              onClick={() => onAction('revise')}
            >
              {state.busy === 'revise' ? <InlineSpinner /> : null}
              {m.revise}
            </button>
          ) : null}
          {quote.allowed.duplicate ? (
            <button
              type="button"
              className={button.secondary}
              disabled={busy}
              aria-busy={state.busy === 'duplicate' || undefined}
              onClick={() => onAction('duplicate')}
            >
              {state.busy === 'duplicate' ? <InlineSpinner /> : null}
              {m.duplicate}
            </button>
          ) : null}
          {actions}
        </div>
      </div>

      {notice ? (
        <p className={own.notice} role="note">
          {notice}
        </p>
      ) : null}
      {locked && quote.allowed.edit ? (
        <p className={shared.alert} role="alert">
          {m.locked}
        </p>
      ) : null}
      {state.message ? (
        <div className={shared.alert} role="alert">
          <p>{state.message}</p>
          {state.save === 'failed' ? (
            <button type="button" className={button.secondary} onClick={onSave}>
              {m.retrySave}
            </button>
          ) : null}
          {state.save === 'stale' ? (
            <button type="button" className={button.secondary} onClick={onReload}>
              {m.reload}
            </button>
          ) : null}
        </div>
      ) : null}

      <section className={shared.panel} aria-label={m.header}>
        <dl className={shared.definitions}>
          <div>
            <dt>{m.customer}</dt>
            <dd>{quote.customerName}</dd>
          </div>
          <div>
            <dt>{m.job}</dt>
            <dd>
              <RouteLink to={dealPath(quote.businessJobId)} className={shared.link}>
                {quote.businessJobName}
              </RouteLink>
            </dd>
          </div>
        </dl>
        {quote.allowed.edit ? (
          // Stale: what was typed stays in its fields, read-only, until the quote is reloaded.
          <HeaderFields draft={draft} errors={state.errors.fields} onEdit={onEdit} readOnly={!editable} />
        ) : (
          <HeaderSummary quote={quote} />
        )}
      </section>

      {state.errors.items ? (
        <p className={shared.alert} role="alert">
          {state.errors.items}
        </p>
      ) : null}

      <div className={own.body}>
        <div className={styles.linesArea}>
          {onShowMargins ? <MarginsToggle on={Boolean(state.showMargins)} onChange={onShowMargins} /> : null}
          <LineTable<QuoteRow>
            entries={entries}
            errors={state.errors.rows}
            totals={gridTotals}
            chapterOptions={chapterOptions}
            vatRates={vatRates}
            precisions={state.precisions}
            editLines={editable}
            optionColumn
            roundOnBlur={false}
            labels={gridLabels}
            textLimits={gridLimits}
            rowName={rowName}
            onChange={change}
            onInsert={grid.onInsert}
            onRemove={grid.onRemove}
            onMove={grid.onMove}
            addActions={addActions}
            virtualFrom={VIRTUAL_FROM}
            designationField={editable ? designationField : undefined}
            extraColumns={marginColumns}
            lineAddons={lineAddons}
          />
          {/* Announced politely; not a second « status » beside the save state's. */}
          <p id={noticeId} className={styles.hint} aria-live="polite">
            {lineNotice}
          </p>
          {measuredRow ? (
            <MeasurePickerDialog
              lineName={[names.get(measuredRow.key), measuredRow.label.trim()].filter(Boolean).join(' – ')}
              lineUnit={measuredRow.unit}
              jobName={quote.businessJobName}
              onClose={closeMeasures}
              onInsert={insertMeasures}
            />
          ) : null}
        </div>
        <div className={styles.totalsArea}>
          <QuoteTotals state={state} headingLevel={headingLevel === 1 ? 2 : 3} />
          {state.showMargins && totals.margins ? (
            <QuoteMarginsPanel margins={totals.margins.quote} headingLevel={headingLevel === 1 ? 2 : 3} />
          ) : null}
        </div>
        {quote.revisions.length > 1 ? (
          <Revisions quote={quote} headingLevel={headingLevel === 1 ? 2 : 3} onOpenQuote={onOpenQuote} />
        ) : null}
      </div>
    </div>
  );
}

/** The header's fields of a draft: dates, duration, terms, the fee, the discount and the deposit. */
function HeaderFields({
  draft,
  errors,
  onEdit,
  readOnly,
}: {
  draft: QuoteDraft;
  errors: QuoteEditorState['errors']['fields'];
  onEdit: QuoteEditorViewProps['onEdit'];
  readOnly: boolean;
}) {
  const ids = { free: useId(), reverse: useId(), terms: useId() };
  const set = (changes: Partial<QuoteDraft>) => onEdit((current) => ({ ...current, ...changes }));
  return (
    <div className={styles.fields} style={{ marginTop: 16 }}>
      <TextField
        readOnly={readOnly}
        label={m.title}
        value={draft.title}
        maxLength={quoteTextLimits.title}
        error={errors.title}
        hint={draft.title.length >= quoteTextLimits.title ? m.atMaxLength(quoteTextLimits.title) : undefined}
        onChange={(title) => set({ title })}
      />
      <DateField
        readOnly={readOnly}
        label={m.date}
        valueFormat="text"
        value={draft.date}
        error={errors.date}
        onChange={(date) => set({ date })}
      />
      <DateField
        readOnly={readOnly}
        label={m.validUntil}
        valueFormat="text"
        value={draft.validUntil}
        error={errors.validUntil}
        onChange={(validUntil) => set({ validUntil })}
      />
      <DateField
        readOnly={readOnly}
        label={m.startDate}
        valueFormat="text"
        value={draft.startDate}
        error={errors.startDate}
        onChange={(startDate) => set({ startDate })}
      />
      <TextField
        readOnly={readOnly}
        label={m.durationDays}
        inputMode="numeric"
        value={draft.durationDays}
        error={errors.durationDays}
        onChange={(durationDays) => set({ durationDays })}
      />
      <TextField
        readOnly={readOnly}
        label={m.discount}
        inputMode="decimal"
        value={draft.discount}
        error={errors.discount}
        onChange={(discount) => set({ discount })}
      />
      <TextField
        readOnly={readOnly}
        label={m.deposit}
        inputMode="decimal"
        value={draft.deposit}
        error={errors.deposit}
        onChange={(deposit) => set({ deposit })}
      />
      <div className={shared.field}>
        <label className={styles.choice} htmlFor={ids.free}>
          <input
            id={ids.free}
            type="checkbox"
            disabled={readOnly}
            checked={draft.free}
            onChange={(event) => set({ free: event.target.checked })}
          />
          {m.free}
        </label>
        {draft.free ? <p className={styles.hint}>{m.feeHint}</p> : null}
      </div>
      {draft.free ? null : (
        <TextField
          readOnly={readOnly}
          label={m.fee}
          inputMode="decimal"
          value={draft.fee}
          error={errors.fee}
          onChange={(fee) => set({ fee })}
        />
      )}
      <div className={shared.field}>
        <label className={styles.choice} htmlFor={ids.reverse}>
          <input
            id={ids.reverse}
            type="checkbox"
            disabled={readOnly}
            checked={draft.reverseCharge}
            onChange={(event) => set({ reverseCharge: event.target.checked })}
          />
          {m.reverseCharge}
        </label>
      </div>
      <div className={`${shared.field} ${own.wide}`}>
        <label className={shared.label} htmlFor={ids.terms}>
          {m.paymentTerms}
        </label>
        <textarea
          id={ids.terms}
          className={shared.control}
          rows={2}
          readOnly={readOnly}
          maxLength={quoteTextLimits.paymentTerms}
          aria-invalid={errors.paymentTerms ? true : undefined}
          aria-describedby={errors.paymentTerms ? `${ids.terms}-error` : undefined}
          value={draft.paymentTerms}
          onChange={(event) => set({ paymentTerms: event.target.value })}
        />
        {errors.paymentTerms ? (
          <p id={`${ids.terms}-error`} className={shared.error}>
            {errors.paymentTerms}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The header of a quote that cannot be written: what it says, as its PDF does. */
function HeaderSummary({ quote }: { quote: QuoteEditorDetail }) {
  const item = (term: string, value: ReactNode) => (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className={shared.definitions} style={{ marginTop: 16 }}>
      {item(m.date, formatIsoDate(quote.date))}
      {item(m.validUntil, quote.validUntil ? formatIsoDate(quote.validUntil) : m.notAnnounced)}
      {item(m.startDate, quote.startDate ? formatIsoDate(quote.startDate) : m.notAnnounced)}
      {item(m.durationDays, quote.durationDays === null ? m.notAnnounced : m.days(quote.durationDays))}
      {quote.discountBasisPoints ? item(m.discount, formatPercent(quote.discountBasisPoints)) : null}
      {item(m.deposit, formatPercent(quote.depositBasisPoints))}
      {item(m.free, quote.feeCents === 0 ? m.yes : m.paidQuote(formatCents(quote.feeCents)))}
      {quote.reverseCharge ? item(m.reverseCharge, m.yes) : null}
      {item(
        m.paymentTerms,
        <span style={{ whiteSpace: 'pre-wrap' }}>{quote.paymentTerms || m.notAnnounced}</span>,
      )}
    </dl>
  );
}

/** The live totals: per VAT rate, the discount, HT, TVA, TTC, the options aside, the deposit. */
function QuoteTotals({ state, headingLevel }: { state: QuoteEditorState; headingLevel: 2 | 3 }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const amounts = state.totals?.amounts;
  if (!amounts) return null;
  const rate = formatPercent;
  return (
    <section className={shared.panel} aria-labelledby={headingId}>
      <Heading id={headingId} className={shared.sectionTitle}>
        {m.totals}
      </Heading>
      <dl className={styles.totals}>
        {amounts.discount !== 0 ? (
          <>
            <dt>{m.grossExclTax}</dt>
            <dd>{formatCents(amounts.grossHt)}</dd>
            <dt>{m.discountAmount(rate(amounts.discountRate))}</dt>
            <dd>{formatCents(-amounts.discount)}</dd>
          </>
        ) : null}
        {amounts.byRate.flatMap((vat) => [
          <dt key={`base-${vat.vatRate}`}>{m.baseAt(rate(vat.vatRate))}</dt>,
          <dd key={`base-${vat.vatRate}-value`}>{formatCents(vat.ht)}</dd>,
          <dt key={`vat-${vat.vatRate}`}>{m.vatAt(rate(vat.vatRate))}</dt>,
          <dd key={`vat-${vat.vatRate}-value`}>{formatCents(vat.vat)}</dd>,
        ])}
        <dt className={styles.grandTotal}>{m.totalExclTax}</dt>
        <dd className={styles.grandTotal}>{formatCents(amounts.ht)}</dd>
        <dt>{m.totalVat}</dt>
        <dd>{formatCents(amounts.vat)}</dd>
        {amounts.reverseCharge ? <dd className={styles.mention}>{m.reverseChargeMention}</dd> : null}
        <dt className={styles.grandTotal}>{m.totalInclTax}</dt>
        <dd className={styles.grandTotal}>{formatCents(amounts.ttc)}</dd>
        {amounts.optionsHt !== 0 ? (
          <>
            <dt>{m.optionsTotal}</dt>
            <dd>{formatCents(amounts.optionsHt)}</dd>
          </>
        ) : null}
        {amounts.deposit.rate !== 0 ? (
          <>
            <dt>{m.depositAmount(rate(amounts.deposit.rate))}</dt>
            <dd>{formatCents(amounts.deposit.ttc)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** « Afficher les marges »: the firm's view, said to stay on screen. */
function MarginsToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className={shared.field} style={{ marginBottom: 8 }}>
      <label className={styles.choice} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={on}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.checked)}
        />
        {m.showMargins}
      </label>
      <p id={`${id}-hint`} className={styles.hint}>
        {m.marginsHint}
      </p>
    </div>
  );
}

/** The quote's margin for the firm (never printed): cost, total HT after discount, margin. */
function QuoteMarginsPanel({
  margins,
  headingLevel,
}: {
  margins: NonNullable<NonNullable<QuoteEditorState['totals']>['margins']>['quote'];
  headingLevel: 2 | 3;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className={shared.panel} aria-labelledby={headingId} style={{ marginTop: 16 }}>
      <Heading id={headingId} className={shared.sectionTitle}>
        {m.margins}
      </Heading>
      <dl className={styles.totals}>
        <dt>{m.totalCost}</dt>
        <dd>{formatCents(margins.cost)}</dd>
        <dt>{m.htAfterDiscount}</dt>
        <dd>{formatCents(margins.ht)}</dd>
        <dt className={styles.grandTotal}>{m.totalMargin}</dt>
        <dd className={styles.grandTotal}>{formatCents(margins.margin)}</dd>
        <dt>{m.totalMarginRate}</dt>
        <dd>{rateText(margins.marginRate)}</dd>
        <dt>{m.totalCoefficient}</dt>
        <dd>{coefficientText(margins.coefficientMilli)}</dd>
      </dl>
      {margins.withoutCost > 0 ? <p className={styles.hint}>{m.withoutCost(margins.withoutCost)}</p> : null}
    </section>
  );
}

/** Every revision of the number, oldest first; the one shown is marked, the others open. */
function Revisions({
  quote,
  headingLevel,
  onOpenQuote,
}: {
  quote: QuoteEditorDetail;
  headingLevel: 2 | 3;
  onOpenQuote: (quoteId: number) => void;
}) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <nav className={`${shared.panel} ${own.revisions}`} aria-labelledby={headingId}>
      <Heading id={headingId} className={shared.sectionTitle}>
        {m.revisions}
      </Heading>
      <ol className={own.revisionList}>
        {quote.revisions.map((revision) => (
          <li key={revision.id}>
            {revision.id === quote.id ? (
              <span aria-current="page" className={own.currentRevision}>
                {revision.number}
              </span>
            ) : (
              <button type="button" className={own.revisionLink} onClick={() => onOpenQuote(revision.id)}>
                {revision.number}
              </button>
            )}{' '}
            <QuoteStatusChip status={revision.status} /> <span>{formatIsoDate(revision.date)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
