/**
 * « Gestion chantier » (issue 24): choose a job, then its budget against actual with the margin as
 * it stands, its planning and team, a weekly timesheet quick to fill on a phone, its purchases
 * (typed, or a supplier's Factur-X / CII / UBL file read and shown before it is saved, the file kept
 * to download), the progress per chapter of its accepted quote; and for an admin, each person's
 * hourly cost. Data from
 * the data layer (./api.ts stores), forms with react-hook-form, lists in the one DataTable.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { saveFile } from '../../api/client';
import { ApiError } from '../../api/errors';
import { formatCents, formatIsoDate, parseCents } from '../../contract/format';
import { lazy } from '../../contract/lazy';
import { isValidSupplierId, purchaseSourceLabels, siteRules } from '../../contract/siteManagement';
import { fieldCodeMessage } from '../../i18n/fieldCodeMessages';
import { errorMessageFor } from '../../i18n/serverErrors';
import { validationMessages } from '../../i18n/validationMessages';
import { button } from '../../ui/button.css';
import { Combobox, type ComboboxChoice } from '../../ui/Combobox';
import { DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { FormDateField } from '../../ui/FormDateField';
import { ListBody } from '../../ui/ListBody';
import { actions, panel, panelHeader, sectionTitle } from '../../ui/panel.css';
import { Spinner } from '../../ui/Spinner';
import { subtitle, title as titleStyle } from '../../ui/screen.css';
import { addToast } from '../../ui/toasts/toastStore';
import { useJobChoices } from '../applications/useJobChoices';
import {
  $budget,
  $companyUsers,
  $planning,
  $purchases,
  $siteJob,
  $siteWeek,
  $weekEntries,
  addDays,
  type Budget,
  fetchPurchaseFile,
  type ImportAnswer,
  importPurchaseFile,
  type Planning,
  type Purchase,
  savePlanning,
  savePurchase,
  saveTimeEntries,
  type TimeEntry,
} from './api';
import { HourlyCostsPanel } from './HourlyCostsPanel';
import { formatHours, parseHours } from './hours';
import { siteMessages as m } from './messages';
import { ProgressPanel } from './ProgressPanel';
import * as styles from './siteManagement.css';

type Heading = 'h2' | 'h3';

const todayIso = () => new Date().toISOString().slice(0, 10);

export interface SiteManagementProps {
  /** The screen's title level (2 on a platform page under its own h1). */
  headingLevel?: 1 | 2;
}

export function SiteManagement({ headingLevel = 1 }: SiteManagementProps) {
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const Section: Heading = headingLevel === 1 ? 'h2' : 'h3';
  const jobs = useJobChoices();
  // The job chosen is the screen's state (the store), not a form's value: nothing is submitted.
  const job = useStore($siteJob);
  return (
    <div className={styles.screen}>
      <div>
        <Title className={titleStyle}>{m.title}</Title>
        <p className={subtitle}>{m.subtitle}</p>
      </div>
      <Field label={m.job} hint={m.jobHint} className={styles.jobField}>
        {(control) => (
          <Combobox
            value={job}
            onChange={(chosen: ComboboxChoice | null) => $siteJob.set(chosen)}
            control={control}
            choices={jobs.choices}
            loading={jobs.loading}
            onSearch={jobs.onSearch}
            placeholder={m.jobPlaceholder}
            emptyText={m.jobNoMatch}
            loadingText={m.jobSearching}
          />
        )}
      </Field>
      {job ? (
        <>
          <BudgetPanel heading={Section} />
          <div className={styles.panels}>
            <PlanningPanel heading={Section} jobId={job.id} />
            <TimesheetPanel heading={Section} jobId={job.id} />
          </div>
          <PurchasesPanel heading={Section} jobId={job.id} />
          <ProgressPanel heading={Section} jobId={job.id} />
        </>
      ) : (
        <p className={styles.muted}>{m.chooseJob}</p>
      )}
      <HourlyCostsPanel heading={Section} />
    </div>
  );
}

/** A panel whose data is loading, failed or there. */
function Loaded<T>({
  store,
  children,
}: {
  store: { data?: T; error?: unknown; loading: boolean; revalidate?: () => void };
  children: (data: T) => ReactNode;
}) {
  if (store.data !== undefined) return <>{children(store.data)}</>;
  if (store.error) return <p role="alert">{errorMessageFor(store.error)}</p>;
  return <Spinner label={m.loading} />;
}

// ---------------------------------------------------------------------------------------------

function BudgetPanel({ heading: H }: { heading: Heading }) {
  const budget = useStore($budget);
  const id = useId();
  return (
    <section className={panel} aria-labelledby={id}>
      <H id={id} className={sectionTitle}>
        {m.budget}
      </H>
      <Loaded store={budget}>{({ data }) => <BudgetFigures budget={data} />}</Loaded>
    </section>
  );
}

export function BudgetFigures({ budget }: { budget: Budget }) {
  const amount = (cents: number, signed = false) => (
    <dd className={`${styles.figureValue} ${signed ? (cents < 0 ? styles.negative : styles.positive) : ''}`}>
      {formatCents(cents)}
    </dd>
  );
  return (
    <>
      {budget.acceptedQuotes.length === 0 ? <p className={styles.muted}>{m.noAcceptedQuote}</p> : null}
      <dl className={styles.figures}>
        <dt>{m.sale}</dt>
        {amount(budget.saleExclTaxCents)}
        <dt>{m.budgetCost}</dt>
        {amount(budget.budgetCostCents)}
        <dt>
          {m.labour} ({m.hours.toLowerCase()} : {formatHours(budget.minutes) || '0'} h)
        </dt>
        {amount(budget.labourCostCents)}
        <dt>{m.purchasesCost}</dt>
        {amount(budget.purchasesCents)}
        <dt>{m.actualCost}</dt>
        {amount(budget.actualCostCents)}
        <dt>{m.remaining}</dt>
        {amount(budget.remainingBudgetCents, true)}
        <dt>
          <strong>{m.margin}</strong>
        </dt>
        {amount(budget.marginCents, true)}
      </dl>
      {budget.linesWithoutCost > 0 ? (
        <p className={styles.muted}>{m.linesWithoutCost(budget.linesWithoutCost)}</p>
      ) : null}
    </>
  );
}

// ---------------------------------------------------------------------------------------------

const planningFormSchema = lazy(() =>
  z
    .object({ startDate: z.string(), endDate: z.string(), team: z.array(z.string()) })
    .refine((p) => !p.startDate || !p.endDate || p.startDate <= p.endDate, {
      path: ['endDate'],
      message: fieldCodeMessage('invalid'),
    }),
);
type PlanningValues = z.infer<typeof planningFormSchema>;

function PlanningPanel({ heading: H, jobId }: { heading: Heading; jobId: number }) {
  const planning = useStore($planning);
  const id = useId();
  return (
    <section className={panel} aria-labelledby={id}>
      <H id={id} className={sectionTitle}>
        {m.planning}
      </H>
      <Loaded store={planning}>
        {({ data }) => <PlanningForm key={`${jobId}-${data.version}`} jobId={jobId} planning={data} />}
      </Loaded>
    </section>
  );
}

function PlanningForm({ jobId, planning }: { jobId: number; planning: Planning }) {
  const users = useStore($companyUsers);
  const form = useForm<PlanningValues>({
    resolver: zodResolver(planningFormSchema),
    defaultValues: {
      startDate: planning.startDate ?? '',
      endDate: planning.endDate ?? '',
      team: planning.team.map((member) => String(member.userId)),
    },
  });
  const [error, setError] = useState<string | null>(null);
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await savePlanning(jobId, {
        startDate: values.startDate || null,
        endDate: values.endDate || null,
        teamUserIds: values.team.map(Number),
        version: planning.version,
      });
      addToast(m.planningSaved, { type: 'success' });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.key === 'stale_version'
          ? m.staleVersion
          : errorMessageFor(failure),
      );
    }
  });
  const people = (users.data?.data ?? []).filter((user) => !user.locked);
  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.row}>
        <FormDateField form={form.control} name="startDate" label={m.startDate} />
        <FormDateField form={form.control} name="endDate" label={m.endDate} />
      </div>
      <fieldset className={styles.team}>
        <legend>{m.team}</legend>
        <p className={styles.muted}>{m.teamHint}</p>
        {people.map((user) => (
          <label key={user.id}>
            <input type="checkbox" value={String(user.id)} {...form.register('team')} />{' '}
            {`${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email}
          </label>
        ))}
      </fieldset>
      {error ? <p role="alert">{error}</p> : null}
      <div className={actions}>
        <button type="submit" className={button.primary} disabled={isSubmitting}>
          {m.savePlanning}
        </button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------

const weekdayFormat = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});
const dayLabel = (day: string) => weekdayFormat.format(new Date(`${day}T00:00:00Z`));

function TimesheetPanel({ heading: H, jobId }: { heading: Heading; jobId: number }) {
  const week = useStore($siteWeek);
  const planning = useStore($planning);
  const entries = useStore($weekEntries);
  const id = useId();
  const to = addDays(week, 6);
  return (
    <section className={panel} aria-labelledby={id}>
      <div className={panelHeader}>
        <H id={id} className={sectionTitle}>
          {m.timesheet}
        </H>
      </div>
      <div className={styles.weekBar}>
        <button type="button" className={button.secondary} onClick={() => $siteWeek.set(addDays(week, -7))}>
          {m.previousWeek}
        </button>
        <span aria-live="polite">{m.weekOf(formatIsoDate(week), formatIsoDate(to))}</span>
        <button type="button" className={button.secondary} onClick={() => $siteWeek.set(addDays(week, 7))}>
          {m.nextWeek}
        </button>
      </div>
      <Loaded store={planning}>
        {({ data: plan }) =>
          plan.team.length === 0 ? (
            <p className={styles.muted}>{m.noTeam}</p>
          ) : (
            <Loaded store={entries}>
              {({ data }) => (
                <WeekForm
                  key={`${jobId}-${week}-${data.map((e) => `${e.id}:${e.minutes}`).join(',')}`}
                  jobId={jobId}
                  week={week}
                  team={plan.team}
                  entries={data}
                />
              )}
            </Loaded>
          )
        }
      </Loaded>
    </section>
  );
}

export function WeekForm({
  jobId,
  week,
  team,
  entries,
}: {
  jobId: number;
  week: string;
  team: Planning['team'];
  entries: TimeEntry[];
}) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const loaded = new Map(entries.map((e) => [`${e.userId}|${e.day}`, e.minutes]));
  const cell = (userId: number, day: string) => `h_${userId}_${day}`;
  const defaults = Object.fromEntries(
    team.flatMap((member) =>
      days.map((day) => [cell(member.userId, day), formatHours(loaded.get(`${member.userId}|${day}`) ?? 0)]),
    ),
  );
  const form = useForm<Record<string, string>>({ defaultValues: defaults });
  const [error, setError] = useState<string | null>(null);
  const { isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    const sent: { userId: number; day: string; minutes: number }[] = [];
    for (const member of team)
      for (const day of days) {
        const minutes = parseHours(values[cell(member.userId, day)] ?? '');
        if (minutes === false) {
          form.setError(cell(member.userId, day), { message: m.badHours }, { shouldFocus: true });
          setError(m.badHours);
          return;
        }
        const before = loaded.get(`${member.userId}|${day}`) ?? 0;
        if ((minutes ?? 0) !== before) sent.push({ userId: member.userId, day, minutes: minutes ?? 0 });
      }
    if (sent.length === 0) return;
    try {
      await saveTimeEntries(jobId, { entries: sent.slice(0, siteRules.maxEntriesPerPost) });
      addToast(m.weekSaved, { type: 'success' });
    } catch (failure) {
      setError(errorMessageFor(failure));
    }
  });
  const total = (userId: number) => days.reduce((sum, day) => sum + (loaded.get(`${userId}|${day}`) ?? 0), 0);
  return (
    <form onSubmit={submit} noValidate>
      <p className={styles.muted}>{m.timesheetHint}</p>
      {team.map((member) => (
        <fieldset key={member.userId} className={styles.person}>
          <legend className={styles.personName}>
            {member.name} — {m.weekTotal} {formatHours(total(member.userId)) || '0'} h
          </legend>
          <div className={styles.days}>
            {days.map((day) => (
              <Field
                key={day}
                label={dayLabel(day)}
                error={form.formState.errors[cell(member.userId, day)] ? ' ' : undefined}
              >
                {(control) => (
                  <input
                    {...control}
                    className={`${control.className} ${styles.hoursInput}`}
                    inputMode="decimal"
                    autoComplete="off"
                    aria-label={m.hoursOf(member.name, dayLabel(day))}
                    {...form.register(cell(member.userId, day))}
                  />
                )}
              </Field>
            ))}
          </div>
        </fieldset>
      ))}
      {error ? <p role="alert">{error}</p> : null}
      <div className={actions}>
        <button type="submit" className={button.primary} disabled={isSubmitting}>
          {m.saveWeek}
        </button>
      </div>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------

const column = createColumnHelper<Purchase>();
const purchaseColumns = [
  column.accessor('invoiceDate', {
    header: m.invoiceDate,
    cell: (c) => formatIsoDate(c.getValue()),
    meta: { priority: 2 },
  }),
  column.accessor('supplierName', { header: m.supplier, meta: { grow: true, rowHeader: true } }),
  column.accessor('invoiceNumber', { header: m.invoiceNumber, meta: { priority: 3 } }),
  column.accessor('exclTaxCents', {
    header: m.exclTax,
    cell: (c) => formatCents(c.getValue()),
    meta: { numeric: true },
  }),
  column.accessor('vatCents', {
    header: m.vat,
    cell: (c) => formatCents(c.getValue()),
    meta: { numeric: true, priority: 3 },
  }),
  column.accessor('inclTaxCents', {
    header: m.inclTax,
    cell: (c) => formatCents(c.getValue()),
    meta: { numeric: true, priority: 2 },
  }),
  column.accessor('source', {
    header: m.source,
    cell: (c) => purchaseSourceLabels[c.getValue()],
    meta: { priority: 4 },
  }),
  column.display({
    id: 'file',
    header: m.fileColumn,
    cell: (c) => <PurchaseFileButton purchase={c.row.original} />,
    meta: { priority: 2 },
  }),
];

/** The supplier's file kept with an import, downloaded with the session's token. */
export function PurchaseFileButton({ purchase }: { purchase: Purchase }) {
  const job = useStore($siteJob);
  const [busy, setBusy] = useState(false);
  if (!purchase.fileName || !job) return <span title={m.noFile}>—</span>;
  async function download() {
    setBusy(true);
    try {
      saveFile(await fetchPurchaseFile(job!.id, purchase));
    } catch (failure) {
      addToast(errorMessageFor(failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      className={button.secondary}
      onClick={() => void download()}
      disabled={busy}
      aria-label={m.downloadFile(purchase.invoiceNumber, purchase.fileName)}
    >
      {m.download}
    </button>
  );
}

function PurchasesPanel({ heading: H, jobId }: { heading: Heading; jobId: number }) {
  const purchases = useStore($purchases);
  const [typing, setTyping] = useState(false);
  const id = useId();
  const rows = purchases.data?.data;
  return (
    <section className={panel} aria-labelledby={id}>
      <div className={panelHeader}>
        <H id={id} className={sectionTitle}>
          {m.purchases}
        </H>
        <button type="button" className={button.secondary} onClick={() => setTyping(true)} disabled={typing}>
          {m.newPurchase}
        </button>
      </div>
      {typing ? <PurchaseForm key={jobId} jobId={jobId} onDone={() => setTyping(false)} /> : null}
      <ImportPanel key={`import-${jobId}`} jobId={jobId} />
      <ListBody
        view={
          rows === undefined ? (purchases.error ? 'failed' : 'loading') : rows.length === 0 ? 'empty' : 'rows'
        }
        failed={
          purchases.error && rows === undefined
            ? { message: m.loadFailed, onRetry: () => $purchases.revalidate() }
            : null
        }
        empty={{ title: m.noPurchases, text: m.noPurchasesText }}
        rows={() => (
          <DataTable
            caption={m.purchasesCaption}
            columns={purchaseColumns}
            rows={rows ?? []}
            rowKey={(p) => String(p.id)}
          />
        )}
      />
    </section>
  );
}

const amountText = lazy(() => z.string().refine((text) => parseCents(text) !== null, m.badAmount));
const purchaseFormSchema = lazy(() =>
  z
    .object({
      supplierName: z
        .string()
        .trim()
        .min(1, validationMessages.required)
        .max(siteRules.supplierNameMax, validationMessages.tooLong),
      supplierId: z
        .string()
        .transform((text) => text.replace(/\s/g, '').toUpperCase())
        .refine(isValidSupplierId, fieldCodeMessage('invalid')),
      invoiceNumber: z
        .string()
        .trim()
        .min(1, validationMessages.required)
        .max(siteRules.invoiceNumberMax, validationMessages.tooLong),
      invoiceDate: z.string().min(1, validationMessages.required),
      exclTax: amountText,
      vat: amountText,
      inclTax: amountText,
    })
    .refine((p) => (parseCents(p.exclTax) ?? 0) + (parseCents(p.vat) ?? 0) === parseCents(p.inclTax), {
      path: ['inclTax'],
      message: m.amountsMismatch,
    }),
);
type PurchaseValues = z.input<typeof purchaseFormSchema>;

function PurchaseForm({ jobId, onDone }: { jobId: number; onDone: () => void }) {
  const form = useForm<PurchaseValues, unknown, z.output<typeof purchaseFormSchema>>({
    resolver: zodResolver(purchaseFormSchema),
    defaultValues: {
      supplierName: '',
      supplierId: '',
      invoiceNumber: '',
      invoiceDate: todayIso(),
      exclTax: '',
      vat: '',
      inclTax: '',
    },
  });
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await savePurchase(jobId, {
        supplierName: values.supplierName,
        supplierId: values.supplierId,
        invoiceNumber: values.invoiceNumber,
        invoiceDate: values.invoiceDate,
        exclTaxCents: parseCents(values.exclTax)!,
        vatCents: parseCents(values.vat)!,
        inclTaxCents: parseCents(values.inclTax)!,
      });
      addToast(m.purchaseSaved, { type: 'success' });
      onDone();
    } catch (failure) {
      setError(errorMessageFor(failure));
    }
  });
  const text = (name: keyof PurchaseValues, label: string, props: { inputMode?: 'decimal' } = {}) => (
    <Field label={label} required={name !== 'supplierId'} error={errors[name]?.message}>
      {(control) => <input {...control} {...props} autoComplete="off" {...form.register(name)} />}
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate aria-label={m.newPurchase}>
      <div className={styles.row}>
        {text('supplierName', m.supplier)}
        {text('supplierId', m.supplierId)}
        {text('invoiceNumber', m.invoiceNumber)}
        <FormDateField form={form.control} name="invoiceDate" label={m.invoiceDate} required />
      </div>
      <div className={styles.row}>
        {text('exclTax', m.exclTax, { inputMode: 'decimal' })}
        {text('vat', m.vat, { inputMode: 'decimal' })}
        {text('inclTax', m.inclTax, { inputMode: 'decimal' })}
      </div>
      {error ? <p role="alert">{error}</p> : null}
      <div className={actions}>
        <button type="submit" className={button.primary} disabled={isSubmitting}>
          {m.savePurchase}
        </button>
        <button type="button" className={button.secondary} onClick={onDone}>
          {m.cancel}
        </button>
      </div>
    </form>
  );
}

function ImportPanel({ jobId }: { jobId: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<ImportAnswer['read'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const readId = useId();
  async function choose(chosen: File | null) {
    setFile(chosen);
    setRead(null);
    setError(null);
    if (!chosen) return;
    setBusy(true);
    try {
      setRead((await importPurchaseFile(jobId, chosen, true)).read);
    } catch (failure) {
      setError(errorMessageFor(failure));
    } finally {
      setBusy(false);
    }
  }
  async function save() {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await importPurchaseFile(jobId, file, false);
      addToast(m.purchaseSaved, { type: 'success' });
      setFile(null);
      setRead(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      setError(errorMessageFor(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <Field label={m.importFile} hint={m.importHint}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            accept=".pdf,.xml,application/pdf,application/xml,text/xml"
            onChange={(event) => void choose(event.currentTarget.files?.[0] ?? null)}
          />
        )}
      </Field>
      {busy ? <Spinner label={m.reading} /> : null}
      {error ? <p role="alert">{error}</p> : null}
      {read ? (
        <section aria-labelledby={readId}>
          <p id={readId}>
            <strong>{m.readTitle}</strong> ({purchaseSourceLabels[read.source]})
          </p>
          <dl className={styles.figures}>
            <dt>{m.supplier}</dt>
            <dd className={styles.figureValue}>{read.supplierName}</dd>
            <dt>{m.supplierId}</dt>
            <dd className={styles.figureValue}>{read.supplierId || '—'}</dd>
            <dt>{m.invoiceNumber}</dt>
            <dd className={styles.figureValue}>{read.invoiceNumber}</dd>
            <dt>{m.invoiceDate}</dt>
            <dd className={styles.figureValue}>{formatIsoDate(read.invoiceDate)}</dd>
            <dt>{m.exclTax}</dt>
            <dd className={styles.figureValue}>{formatCents(read.exclTaxCents)}</dd>
            <dt>{m.vat}</dt>
            <dd className={styles.figureValue}>{formatCents(read.vatCents)}</dd>
            <dt>{m.inclTax}</dt>
            <dd className={styles.figureValue}>{formatCents(read.inclTaxCents)}</dd>
          </dl>
          <div className={actions}>
            <button type="button" className={button.primary} onClick={() => void save()} disabled={busy}>
              {m.saveImported}
            </button>
            <button
              type="button"
              className={button.secondary}
              onClick={() => void choose(null)}
              disabled={busy}
            >
              {m.cancel}
            </button>
          </div>
        </section>
      ) : null}
    </div>
  );
}
