/**
 * The reporting (issue 24, « Suivi d'activité »): the period picker, the figures with the previous
 * period's beside them, and the charts, each with its figures as a table and a CSV download.
 * `ReportingView` draws what it is given (stories and tests give their own); `Reporting` reads the
 * stores of the data layer.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { ReportingMargins, ReportingSeries, ReportingSummary, ReportingVat } from '../../api/reporting';
import {
  formatCents,
  formatCsvAmount,
  formatCsvPercent,
  formatIsoDate,
  formatPercent,
} from '../../contract/format';
import { changeRate, type Period, type PeriodKind, periodKinds } from '../../contract/reporting';
import { DateField } from '../../ui/DateField';
import { ListFailed } from '../../ui/ListPages';
import { Spinner } from '../../ui/Spinner';
import * as screen from '../../ui/screen.css';
import { BarChart, type ChartSeries } from './BarChart';
import { ChartSection } from './ChartSection';
import { agedBucketLabels, reportingMessages as m, periodKindLabels } from './messages';
import * as styles from './reporting.css';
import {
  $reportingChoice,
  $reportingMargins,
  $reportingPeriod,
  $reportingSeries,
  $reportingSummary,
  $reportingVat,
  chooseReporting,
  type ReportingChoice,
} from './reportingStores';

/** What a store gives a part of the screen: its answer, or where it stands. */
export interface Loaded<T> {
  data: T | undefined;
  failed: boolean;
}

export interface ReportingViewProps {
  choice: ReportingChoice;
  /** The period shown; null while a typed one is incomplete or refused. */
  period: Period | null;
  summary: Loaded<ReportingSummary>;
  series: Loaded<ReportingSeries>;
  margins: Loaded<ReportingMargins>;
  vat: Loaded<ReportingVat>;
  onChoose: (changes: Partial<ReportingChoice>) => void;
  onRetry: () => void;
}

/** The theme's amber (bars) and dark grey (lines): canvas reads colours, not CSS variables. */
const colours = { bars: '#d97706', line: '#374151' };

const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
const days = (n: number | null) => (n === null ? m.none : m.days(n));
const rate = (bp: number | null) => (bp === null ? m.none : formatPercent(bp));
const csvRate = (bp: number | null) => (bp === null ? '' : formatCsvPercent(bp));

function PeriodPicker({ choice, onChoose }: Pick<ReportingViewProps, 'choice' | 'onChoose'>) {
  return (
    <div className={styles.picker}>
      <label className={screen.field}>
        <span className={screen.label}>{m.period}</span>
        <select
          className={screen.control}
          value={choice.kind}
          onChange={(event) => onChoose({ kind: event.target.value as PeriodKind })}
        >
          {periodKinds.map((kind) => (
            <option key={kind} value={kind}>
              {periodKindLabels[kind]}
            </option>
          ))}
        </select>
      </label>
      {choice.kind === 'custom' ? (
        <>
          <DateField label={m.from} value={choice.from} onChange={(from) => onChoose({ from })} />
          <DateField label={m.to} value={choice.to} onChange={(to) => onChoose({ to })} />
        </>
      ) : null}
    </div>
  );
}

/** A figure, the previous period's and the change between them. */
function Figure({
  label,
  value,
  previous,
  show = formatCents,
}: {
  label: string;
  value: number | null | undefined;
  previous: number | null | undefined;
  show?: (value: number) => string;
}) {
  const change = value != null && previous != null ? changeRate(value, previous) : null;
  return (
    <div className={styles.card}>
      <dt className={styles.cardLabel}>{label}</dt>
      <dd className={styles.cardValue}>
        {value === undefined ? '…' : value === null ? m.none : show(value)}
      </dd>
      <dd className={styles.cardPrevious}>
        {previous == null
          ? m.noPrevious
          : m.previous(
              `${show(previous)}${change === null ? '' : ` (${change > 0 ? '+' : ''}${formatPercent(change)})`}`,
            )}
      </dd>
    </div>
  );
}

function Figures({ summary, vat }: { summary: ReportingSummary; vat: Loaded<ReportingVat> }) {
  const p = summary.previous;
  return (
    <dl className={styles.cards}>
      <Figure
        label={m.invoicedExclTax}
        value={summary.invoicedExclTaxCents}
        previous={p.invoicedExclTaxCents}
      />
      <Figure
        label={m.invoicedInclTax}
        value={summary.invoicedInclTaxCents}
        previous={p.invoicedInclTaxCents}
      />
      <Figure label={m.received} value={summary.receivedCents} previous={p.receivedCents} />
      <Figure label={m.outstanding} value={summary.outstandingCents} previous={p.outstandingCents} />
      <Figure label={m.overdue} value={summary.overdueCents} previous={p.overdueCents} />
      <Figure
        label={m.collectedVat}
        value={vat.failed ? null : vat.data?.collectedVatCents}
        previous={vat.data?.previous.collectedVatCents}
      />
      <Figure
        label={m.dso}
        value={summary.daysSalesOutstanding}
        previous={p.daysSalesOutstanding}
        show={days}
      />
    </dl>
  );
}

function Charts({ series, period }: { series: ReportingSeries; period: Period }) {
  const suffix = `${period.from}_${period.to}`;
  const months = series.months;
  const monthly = useMemo(
    () => ({
      categories: months.map((row) => monthLabel(row.month)),
      series: [
        { label: m.invoicedHt, values: months.map((row) => row.invoicedExclTaxCents), color: colours.bars },
        { label: m.received, values: months.map((row) => row.receivedCents), color: colours.line },
      ] satisfies ChartSeries[],
    }),
    [months],
  );
  const { buckets, retainageDueCents, retainageHeldCents } = series.receivables;
  const aged = useMemo(
    () => ({
      categories: buckets.map((b) => agedBucketLabels[b.bucket]),
      series: [{ label: m.amount, values: buckets.map((b) => b.cents), color: colours.bars }],
    }),
    [buckets],
  );
  const agedRows = [
    ...buckets.map((b) => ({
      key: b.bucket,
      label: agedBucketLabels[b.bucket],
      cents: b.cents,
      count: String(b.count),
    })),
    { key: 'retainageDue', label: m.retainageDue, cents: retainageDueCents, count: '' },
    { key: 'retainageHeld', label: m.retainageHeld, cents: retainageHeldCents, count: '' },
  ];
  const q = series.quotes;
  const quoteRows = [
    { key: 'sent', label: m.sent, count: q.sent, cents: q.sentExclTaxCents },
    { key: 'accepted', label: m.accepted, count: q.accepted, cents: q.acceptedExclTaxCents },
    { key: 'refused', label: m.refused, count: q.refused, cents: q.refusedExclTaxCents },
    { key: 'pending', label: m.pending, count: q.pending, cents: q.pendingExclTaxCents },
  ];
  const quotesChart = useMemo(
    () => ({
      categories: [m.accepted, m.refused, m.pending],
      series: [
        {
          label: m.amountHt,
          values: [q.acceptedExclTaxCents, q.refusedExclTaxCents, q.pendingExclTaxCents],
          color: colours.bars,
        },
      ],
    }),
    [q],
  );
  const customers = series.topCustomers;
  const customersChart = useMemo(
    () => ({
      categories: customers.map((c) => c.customerName),
      series: [
        { label: m.invoicedHt, values: customers.map((c) => c.invoicedExclTaxCents), color: colours.bars },
      ],
    }),
    [customers],
  );
  const anyMonth = months.some((row) => row.invoicedExclTaxCents !== 0 || row.receivedCents !== 0);
  return (
    <>
      <ChartSection
        title={m.monthly}
        chart={<BarChart label={m.chartOf(m.monthly)} {...monthly} />}
        columns={[
          { header: m.month, cell: (row) => monthLabel(row.month) },
          {
            header: m.invoicedHt,
            cell: (row) => formatCents(row.invoicedExclTaxCents),
            csv: (row) => formatCsvAmount(row.invoicedExclTaxCents),
            numeric: true,
          },
          {
            header: m.invoicedTtc,
            cell: (row) => formatCents(row.invoicedInclTaxCents),
            csv: (row) => formatCsvAmount(row.invoicedInclTaxCents),
            numeric: true,
          },
          {
            header: m.received,
            cell: (row) => formatCents(row.receivedCents),
            csv: (row) => formatCsvAmount(row.receivedCents),
            numeric: true,
          },
        ]}
        rows={anyMonth ? months : []}
        rowKey={(row) => row.month}
        filename={`facture-encaisse_${suffix}`}
      />
      <ChartSection
        title={m.aged}
        note={m.agedNote}
        chart={<BarChart label={m.chartOf(m.aged)} {...aged} />}
        columns={[
          { header: m.bucket, cell: (row) => row.label },
          {
            header: m.amount,
            cell: (row) => formatCents(row.cents),
            csv: (row) => formatCsvAmount(row.cents),
            numeric: true,
          },
          { header: m.count, cell: (row) => row.count, numeric: true },
        ]}
        rows={agedRows.some((row) => row.cents !== 0) ? agedRows : []}
        rowKey={(row) => row.key}
        filename={`creances-anciennete_${suffix}`}
      />
      <ChartSection
        title={m.quotes}
        note={m.conversion(rate(q.conversionRateBasisPoints))}
        chart={<BarChart label={m.chartOf(m.quotes)} {...quotesChart} />}
        columns={[
          { header: m.quoteState, cell: (row) => row.label },
          { header: m.quoteCount, cell: (row) => String(row.count), numeric: true },
          {
            header: m.amountHt,
            cell: (row) => formatCents(row.cents),
            csv: (row) => formatCsvAmount(row.cents),
            numeric: true,
          },
        ]}
        rows={q.sent > 0 ? quoteRows : []}
        rowKey={(row) => row.key}
        filename={`devis_${suffix}`}
      />
      <ChartSection
        title={m.customers}
        chart={<BarChart label={m.chartOf(m.customers)} {...customersChart} />}
        columns={[
          { header: m.customer, cell: (row) => row.customerName },
          {
            header: m.invoicedHt,
            cell: (row) => formatCents(row.invoicedExclTaxCents),
            csv: (row) => formatCsvAmount(row.invoicedExclTaxCents),
            numeric: true,
          },
          {
            header: m.invoicedTtc,
            cell: (row) => formatCents(row.invoicedInclTaxCents),
            csv: (row) => formatCsvAmount(row.invoicedInclTaxCents),
            numeric: true,
          },
        ]}
        rows={customers}
        rowKey={(row) => String(row.customerId)}
        filename={`meilleurs-clients_${suffix}`}
      />
    </>
  );
}

function Margins({ margins, period }: { margins: ReportingMargins; period: Period }) {
  const jobs = margins.jobs;
  const chart = useMemo(
    () => ({
      categories: jobs.map((job) => job.businessJobName),
      series: [
        { label: m.sale, values: jobs.map((job) => job.saleExclTaxCents), color: colours.bars },
        { label: m.margin, values: jobs.map((job) => job.marginCents), color: colours.line },
      ],
    }),
    [jobs],
  );
  return (
    <ChartSection
      title={m.margins}
      note={jobs.length === 0 ? m.noMargins : m.marginsNote}
      chart={<BarChart label={m.chartOf(m.margins)} {...chart} />}
      columns={[
        { header: m.job, cell: (job) => job.businessJobName },
        {
          header: m.sale,
          cell: (job) => formatCents(job.saleExclTaxCents),
          csv: (job) => formatCsvAmount(job.saleExclTaxCents),
          numeric: true,
        },
        {
          header: m.cost,
          cell: (job) => formatCents(job.costCents),
          csv: (job) => formatCsvAmount(job.costCents),
          numeric: true,
        },
        {
          header: m.margin,
          cell: (job) => formatCents(job.marginCents),
          csv: (job) => formatCsvAmount(job.marginCents),
          numeric: true,
        },
        {
          header: m.marginRate,
          cell: (job) => rate(job.marginRateBasisPoints),
          csv: (job) => csvRate(job.marginRateBasisPoints),
          numeric: true,
        },
        { header: m.withoutCost, cell: (job) => String(job.linesWithoutCost), numeric: true },
      ]}
      rows={jobs}
      rowKey={(job) => String(job.businessJobId)}
      filename={`marges-affaires_${period.from}_${period.to}`}
    />
  );
}

export function ReportingView({
  choice,
  period,
  summary,
  series,
  margins,
  vat,
  onChoose,
  onRetry,
}: ReportingViewProps) {
  const previous = summary.data?.previous.period;
  return (
    <div className={styles.root}>
      <div className={screen.header}>
        <h2 className={screen.title}>{m.title}</h2>
        <PeriodPicker choice={choice} onChoose={onChoose} />
      </div>
      {period === null ? (
        choice.kind === 'custom' ? (
          <p className={styles.error} role="alert">
            {m.periodInvalid}
          </p>
        ) : (
          <Spinner />
        )
      ) : (
        <>
          <p className={screen.subtitle}>
            {m.shownPeriod(formatIsoDate(period.from), formatIsoDate(period.to))}
            {previous ? `, ${m.comparedWith(formatIsoDate(previous.from), formatIsoDate(previous.to))}` : ''}
          </p>
          {summary.failed ? <ListFailed message={m.figuresFailed} onRetry={onRetry} /> : null}
          {summary.data ? <Figures summary={summary.data} vat={vat} /> : summary.failed ? null : <Spinner />}
          {series.failed ? <ListFailed message={m.seriesFailed} onRetry={onRetry} /> : null}
          {series.data ? <Charts series={series.data} period={period} /> : null}
          {margins.failed ? <ListFailed message={m.marginsFailed} onRetry={onRetry} /> : null}
          {margins.data ? <Margins margins={margins.data} period={period} /> : null}
          {vat.failed ? <p className={styles.error}>{m.vatFailed}</p> : null}
        </>
      )}
    </div>
  );
}

/** A store's answer (its `data`) and whether it failed (not while asking again). */
const loaded = <T,>(store: { data?: { data: T }; error?: unknown; loading: boolean }): Loaded<T> => ({
  data: store.data?.data,
  failed: Boolean(store.error) && !store.loading,
});

/** The reporting over the data layer: the period chosen and its figures. */
export function Reporting() {
  const choice = useStore($reportingChoice);
  const period = useStore($reportingPeriod);
  const summary = useStore($reportingSummary);
  const series = useStore($reportingSeries);
  const margins = useStore($reportingMargins);
  const vat = useStore($reportingVat);
  return (
    <ReportingView
      choice={choice}
      period={period}
      summary={loaded(summary)}
      series={loaded(series)}
      margins={loaded(margins)}
      vat={loaded(vat)}
      onChoose={chooseReporting}
      onRetry={() => {
        for (const store of [$reportingSummary, $reportingSeries, $reportingMargins, $reportingVat])
          store.invalidate();
      }}
    />
  );
}
