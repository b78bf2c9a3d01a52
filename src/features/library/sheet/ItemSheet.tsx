import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { ApiError } from '../../../api/errors';
import type {
  LibraryFamily,
  LibraryItem,
  LibraryItemSummary,
  LibraryItemWrite,
  VatRateChoice,
} from '../../../api/library';
import { formatCents, formatDecimal, formatPercent } from '../../../contract/format';
import { type LibraryKind, libraryKindLabels } from '../../../contract/library';
import type { PricedItem, PricingRates } from '../../../contract/pricing';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { errorMessageFor, serverErrorMessages } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { confirmLeaving, useLeaveGuard } from '../../../routes/leaveGuard';
import { button } from '../../../ui/button.css';
import { Combobox } from '../../../ui/Combobox';
import { DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import * as form from '../../../ui/textField.css';
import { visuallyHidden } from '../../../ui/theme.css';
import * as styles from '../library.css';
import { flatFamilies, indentedName } from '../list/FamilyTree';
import { libraryMessages as m } from '../messages';
import { DeleteItemDialog } from './DeleteItemDialog';
import {
  type ComponentRow,
  changedItemFields,
  componentRow,
  formToPriced,
  type ItemFormValues,
  itemFormFields,
  itemFormResolver,
  itemToForm,
  newItemForm,
  toFormField,
} from './itemForm';
import { liveFigures } from './livePrice';

export interface ItemSheetViewProps {
  /** The stored item; null for a new one of `kind`. */
  item: LibraryItem | null;
  kind: LibraryKind;
  /** A new item's family (the one the list is filtered on). */
  initialFamilyId?: number | null;
  families: readonly LibraryFamily[];
  vatRates: readonly VatRateChoice[];
  /** The company's costs as the prices use them; null while they load. */
  rates: PricingRates | null;
  /** The components (and their sub-works' parts) as the rule reads them; undefined while they load. */
  pricedComponents: Readonly<Record<number, PricedItem>> | undefined;
  /** The composition changed: the ids whose figures the live price needs. */
  onComponentIds: (ids: number[]) => void;
  componentChoices: readonly LibraryItemSummary[];
  componentsLoading?: boolean;
  onComponentSearch: (text: string) => void;
  /** An item taken into the composition (its figures are then known at once). */
  onComponentPicked?: (item: LibraryItemSummary) => void;
  onCreate: (input: LibraryItemWrite) => Promise<LibraryItem>;
  onSave: (from: LibraryItem, changes: Partial<Omit<LibraryItemWrite, 'kind'>>) => Promise<LibraryItem>;
  /** After a stale save, on the user's request: the stored item. */
  onReload: (id: number) => Promise<unknown>;
  onDelete: (id: number) => Promise<void>;
  onBack: () => void;
  /** A save went through (the page says it). */
  onSaved?: (item: LibraryItem, created: boolean) => void;
  /** Something typed is not saved (true), or nothing is (false). */
  onDirtyChange?: (dirty: boolean) => void;
}

const NEW_ID = 0;

/** A component as its row shows it: its place in the form, its quantity's refusal, its unit cost. */
type CompositionRow = ComponentRow & {
  key: string;
  index: number;
  error: string | undefined;
  costCents: number | undefined;
};
const componentColumn = createColumnHelper<CompositionRow>();

/**
 * A work's composition in the one table: each component's quantity typed in place, its cost,
 * « Retirer ». Made once per form (its cells are components to React: columns made again at each
 * render would mount the quantity fields again, and the field being typed in would lose the focus).
 */
function compositionColumns(register: UseFormRegister<ItemFormValues>, onRemove: (index: number) => void) {
  return [
    componentColumn.accessor('code', { header: m.code, meta: { className: styles.code } }),
    componentColumn.accessor('designation', { header: m.designation, meta: { grow: true } }),
    componentColumn.accessor('unit', { header: m.unit }),
    componentColumn.display({
      id: 'quantity',
      header: m.quantity,
      meta: { numeric: true },
      cell: ({ row: { original: row } }) => {
        const { error } = row;
        const errorId = `library-row-${row.key}-error`;
        return (
          <>
            <input
              className={`${form.control} ${styles.quantityInput}`}
              inputMode="decimal"
              autoComplete="off"
              aria-label={m.quantityOf(row.designation)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              {...register(`components.${row.index}.quantity`)}
            />
            {error ? (
              <p id={errorId} className={form.error}>
                {error}
              </p>
            ) : null}
          </>
        );
      },
    }),
    componentColumn.display({
      id: 'cost',
      header: m.cost,
      meta: { numeric: true },
      cell: ({ row: { original: row } }) => (row.costCents === undefined ? '—' : formatCents(row.costCents)),
    }),
    componentColumn.display({
      id: 'remove',
      header: () => <span className={visuallyHidden}>{m.remove}</span>,
      cell: ({ row: { original: row } }) => (
        <button
          type="button"
          className={button.ghost}
          aria-label={m.removeComponent(row.designation)}
          onClick={() => onRemove(row.index)}
        >
          {m.remove}
        </button>
      ),
    }),
  ];
}

/**
 * An item's sheet (create and edit): the fields of its kind, a work's composition with the live
 * déboursé sec and sale price (the server's own rule), the contract's checks and French messages,
 * a versioned save that keeps everything typed when refused, and the delete with its confirmation.
 */
export function ItemSheetView(props: ItemSheetViewProps) {
  const {
    item,
    kind,
    initialFamilyId = null,
    families,
    vatRates,
    rates,
    pricedComponents,
    onComponentIds,
    componentChoices,
    componentsLoading = false,
    onComponentSearch,
    onComponentPicked,
    onCreate,
    onSave,
    onReload,
    onDelete,
    onBack,
    onSaved,
    onDirtyChange,
  } = props;
  const defaultValues = useMemo(
    () => (item ? itemToForm(item) : newItemForm(kind, initialFamilyId)),
    [item, kind, initialFamilyId],
  );
  const { register, control, handleSubmit, formState, setError, reset, getValues, watch } = useForm<
    ItemFormValues,
    unknown,
    LibraryItemWrite
  >({ defaultValues, resolver: itemFormResolver });
  const { fields: rows, append, remove } = useFieldArray({ control, name: 'components', keyName: 'key' });
  const removeRef = useRef(remove);
  removeRef.current = remove;
  const componentColumns = useMemo(
    () =>
      compositionColumns(register, (index) => {
        removeRef.current(index);
        setStatus('');
      }),
    [register],
  );
  const { errors } = formState;
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);
  const [status, setStatus] = useState('');
  const [comboKey, setComboKey] = useState(0);
  const [deleting, setDeleting] = useState(false);
  const titleId = useId();
  useLeaveGuard(formState.isDirty, validationMessages.unsavedChanges);
  // Told once per change of the state.
  useEffect(() => onDirtyChange?.(formState.isDirty), [formState.isDirty]);

  const values = watch();
  const isWork = values.kind === 'work';
  const componentIds = values.components.map((row) => row.itemId);
  const idsKey = componentIds.join(',');
  // The ids' text is their identity (a new array each render).
  useEffect(() => onComponentIds(componentIds), [idsKey]);

  const figures = liveFigures(formToPriced(values, item?.id ?? NEW_ID), pricedComponents, rates);

  async function send(input: LibraryItemWrite) {
    setFailure(null);
    setStatus('');
    try {
      const saved = item ? await onSave(item, changedItemFields(item, input)) : await onCreate(input);
      reset(getValues());
      onSaved?.(saved, item === null);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setFailure({ message: errorMessageFor(error), stale: false });
        return;
      }
      if (error.key === 'stale_version') {
        setFailure({ message: serverErrorMessages.stale_version, stale: true });
        return;
      }
      if (error.key === 'validation' && Object.keys(error.fields).length > 0) {
        const named = Object.entries(error.fields)
          .map(([path, code]) => ({ name: toFormField(path.split('.')[0] ?? path), code }))
          .filter(({ name }) => (itemFormFields as readonly string[]).includes(name))
          .sort(
            (a, b) =>
              itemFormFields.indexOf(a.name as (typeof itemFormFields)[number]) -
              itemFormFields.indexOf(b.name as (typeof itemFormFields)[number]),
          );
        named.forEach(({ name, code }, index) => {
          const field = name === 'components' ? 'components.root' : name;
          setError(
            field as keyof ItemFormValues,
            { message: fieldCodeMessage(code) },
            { shouldFocus: index === 0 },
          );
        });
        if (named.length > 0) return;
      }
      setFailure({ message: errorMessageFor(error), stale: false });
    }
  }

  function pickComponent(choiceId: number) {
    const picked = componentChoices.find((choice) => choice.id === choiceId);
    if (!picked) return;
    setComboKey((k) => k + 1);
    if (getValues('components').some((row) => row.itemId === picked.id)) {
      setStatus(m.alreadyInComposition);
      return;
    }
    onComponentPicked?.(picked);
    // The new row's quantity takes the focus: what the user types next.
    append(componentRow({ ...picked, itemId: picked.id }), {
      focusName: `components.${rows.length}.quantity`,
    });
    setStatus(m.componentAdded(picked.designation));
  }

  const message = (name: keyof ItemFormValues) => errors[name]?.message as string | undefined;
  const ownKind = values.kind;
  const costLabel =
    ownKind === 'supply' ? m.purchasePrice : ownKind === 'labour' ? m.ownHourlyCost : m.equipmentCost;
  const title = item ? item.designation || libraryKindLabels[item.kind] : m.sheetNew(kind);
  const familyOptions = flatFamilies(families);
  const choices = componentChoices
    .filter((choice) => choice.id !== item?.id)
    .map((choice) => ({
      id: choice.id,
      label: `${choice.code ? `${choice.code} — ` : ''}${choice.designation}${choice.unit ? ` (${choice.unit})` : ''}`,
    }));

  return (
    <section aria-labelledby={titleId}>
      <div className={styles.header}>
        <div>
          <h3 id={titleId} className={styles.title}>
            {title}
          </h3>
          <p className={styles.subtitle}>{libraryKindLabels[ownKind]}</p>
        </div>
        <button
          type="button"
          className={button.secondary}
          // Something typed and not saved: the guard's question first.
          onClick={() => {
            if (!formState.isDirty || confirmLeaving()) onBack();
          }}
        >
          {m.back}
        </button>
      </div>
      <form
        className={form.section}
        onSubmit={handleSubmit(send)}
        noValidate
        aria-label={title}
        aria-busy={formState.isSubmitting}
      >
        {failure ? (
          <div className={form.alert} role="alert">
            <p style={{ margin: 0 }}>{failure.message}</p>
            {failure.stale && item ? (
              <button
                type="button"
                className={button.secondary}
                style={{ marginTop: 8 }}
                onClick={() => void onReload(item.id)}
              >
                {m.reload}
              </button>
            ) : null}
          </div>
        ) : null}
        <div className={form.grid}>
          <Field label={m.code} error={message('code')}>
            {(field) => <input {...field} {...register('code')} autoComplete="off" />}
          </Field>
          <Field label={m.designation} required error={message('designation')}>
            {(field) => <input {...field} {...register('designation')} aria-required autoComplete="off" />}
          </Field>
          <Field
            label={m.unit}
            error={message('unit')}
            hint={ownKind === 'labour' ? m.labourUnitHint : undefined}
          >
            {(field) => (
              <input {...field} {...register('unit')} readOnly={ownKind === 'labour'} autoComplete="off" />
            )}
          </Field>
          <Field label={m.family} error={message('familyId')}>
            {(field) => (
              <select {...field} {...register('familyId')}>
                <option value="">{m.noFamily}</option>
                {familyOptions.map((node) => (
                  <option key={node.id} value={String(node.id)}>
                    {indentedName(node)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {ownKind !== 'work' ? (
            <Field
              label={costLabel}
              required={ownKind !== 'labour'}
              error={message('unitCost')}
              hint={
                ownKind === 'labour'
                  ? rates
                    ? m.ownHourlyCostHint(formatCents(rates.hourlyCostCents))
                    : m.ownHourlyCostHintLoading
                  : undefined
              }
            >
              {(field) => (
                <input
                  {...field}
                  {...register('unitCost')}
                  inputMode="decimal"
                  aria-required={ownKind !== 'labour' ? true : undefined}
                  autoComplete="off"
                />
              )}
            </Field>
          ) : null}
          {ownKind === 'supply' ? (
            <>
              <Field label={m.supplier} error={message('supplier')}>
                {(field) => <input {...field} {...register('supplier')} autoComplete="off" />}
              </Field>
              <Field label={m.loss} error={message('loss')} hint={m.lossHint}>
                {(field) => <input {...field} {...register('loss')} inputMode="decimal" autoComplete="off" />}
              </Field>
            </>
          ) : null}
          <Field label={m.vatRate} error={message('vatRateId')}>
            {(field) => (
              <select {...field} {...register('vatRateId')}>
                <option value="">{m.noVatRate}</option>
                {vatRates.map((rate) => (
                  <option key={rate.id} value={String(rate.id)}>
                    {`${rate.internalName} (${formatPercent(rate.basisPoints)})`}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={m.fixedSalePrice} error={message('fixedSalePrice')} hint={m.fixedSalePriceHint}>
            {(field) => (
              <input {...field} {...register('fixedSalePrice')} inputMode="decimal" autoComplete="off" />
            )}
          </Field>
        </div>
        {isWork ? (
          <fieldset className={form.section}>
            <legend className={form.legend}>{m.composition}</legend>
            {rows.length === 0 ? <p className={styles.subtitle}>{m.compositionEmpty}</p> : null}
            {rows.length > 0 ? (
              <DataTable
                caption={m.composition}
                className={styles.composition}
                columns={componentColumns}
                rows={rows.map((row, index) => ({
                  ...row,
                  index,
                  error: (errors.components?.[index] as { quantity?: { message?: string } } | undefined)
                    ?.quantity?.message,
                  costCents: figures.state === 'ready' ? figures.unit(row.itemId)?.costCents : undefined,
                }))}
                rowKey={(row) => row.key}
              />
            ) : null}
            <Field
              label={m.addComponent}
              error={(errors.components?.root?.message ?? errors.components?.message) as string | undefined}
            >
              {(field) => (
                <Combobox
                  key={comboKey}
                  control={field}
                  value={null}
                  onChange={(choice) => {
                    if (choice) pickComponent(choice.id);
                  }}
                  choices={choices}
                  loading={componentsLoading}
                  onSearch={onComponentSearch}
                  placeholder={m.addComponentPlaceholder}
                  emptyText={m.componentNoMatch}
                  loadingText={m.componentSearching}
                />
              )}
            </Field>
          </fieldset>
        ) : null}
        <section aria-label={m.figures}>
          <dl className={styles.figures}>
            <div>
              <dt>{m.liveCost}</dt>
              <dd aria-live="polite">{figureText(figures, 'costCents')}</dd>
            </div>
            <div>
              <dt>{m.liveSale}</dt>
              <dd aria-live="polite">{figureText(figures, 'salePriceCents')}</dd>
            </div>
            {figures.state === 'ready' && figures.costCents > 0 ? (
              <div>
                <dt>{m.liveCoefficient}</dt>
                <dd>
                  {formatDecimal(Math.round((figures.salePriceCents * 1000) / figures.costCents), 3, {
                    minDecimals: 2,
                  })}
                </dd>
              </div>
            ) : null}
          </dl>
          <p className={form.hint}>
            {figures.state === 'cycle'
              ? m.cycle
              : figures.state === 'invalid'
                ? m.notComputable
                : m.figuresHint}
          </p>
        </section>
        <p role="status" className={form.hint}>
          {status}
        </p>
        <div className={form.actions}>
          <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
            {item ? m.save : m.create(kind)}
          </button>
          {item ? (
            <button type="button" className={button.secondary} onClick={() => setDeleting(true)}>
              {m.delete}
            </button>
          ) : null}
        </div>
      </form>
      {item ? (
        <DeleteItemDialog
          open={deleting}
          designation={item.designation}
          onClose={() => setDeleting(false)}
          onConfirm={() => onDelete(item.id)}
        />
      ) : null}
    </section>
  );
}

function figureText(figures: ReturnType<typeof liveFigures>, name: 'costCents' | 'salePriceCents'): string {
  if (figures.state === 'ready') return formatCents(figures[name]);
  if (figures.state === 'loading') return m.calculating;
  return '—';
}
