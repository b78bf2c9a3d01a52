import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/errors';
import {
  type ApplicationType,
  applicationLabels,
  isApplicationType,
  measureKindLabels,
  measureKinds,
  unitOfKind,
} from '../../contract/measures';
import { formatDate } from '../../i18n/format';
import { errorMessageFor } from '../../i18n/serverErrors';
import { logger } from '../../logging/logger';
import { dealPath, measureGroupPath, measureGroupsPath, quotePath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import { DataTable } from '../../ui/DataTable';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { Panel } from '../../ui/Panel';
import { InlineSpinner } from '../../ui/Spinner';
import { addToast } from '../../ui/toasts/toastStore';
import type { Measure, MeasureEventPage, MeasureGroupDetail } from './api';
import * as styles from './applications.css';
import {
  $eventsLimit,
  $group,
  $groupEvents,
  importFile,
  reloadGroup,
  saveGroup,
  showGroup,
  showMoreEvents,
} from './applicationsStores';
import { EventsTimeline } from './EventsTimeline';
import { GroupFields, type GroupFormValues, showFieldRefusal, useGroupForm } from './groupForm';
import { type ImportFile, ImportPanel } from './ImportPanel';
import { formatMeasure } from './measureFormat';
import { groupMessages as m } from './messages';
import { type JobChoices, jobChoice, useJobChoices } from './useJobChoices';

export type GroupState = MeasureGroupDetail | 'loading' | 'notFound' | 'failed';

const measureColumn = createColumnHelper<Measure>();
const measureColumns = [
  measureColumn.accessor('name', { header: m.measureColumns.name, meta: { grow: true, rowHeader: true } }),
  measureColumn.accessor('kind', {
    header: m.measureColumns.kind,
    cell: ({ getValue }) => measureKindLabels[getValue()],
    meta: { priority: 2 },
  }),
  measureColumn.accessor('valueMilli', {
    id: 'value',
    header: m.measureColumns.value,
    cell: ({ row, getValue }) => formatMeasure(getValue(), row.original.unit),
    meta: { numeric: true },
  }),
  measureColumn.accessor('note', {
    header: m.measureColumns.note,
    cell: ({ getValue }) => getValue() || '—',
    meta: { grow: true, priority: 2 },
  }),
];

/** The group's measures, in their order; thousands draw through the virtual table. */
export function MeasuresTable({ measures }: { measures: readonly Measure[] }) {
  return (
    <Panel title={m.measuresTitle} empty={measures.length === 0 && m.noMeasures}>
      <DataTable
        caption={m.measuresTitle}
        columns={measureColumns}
        rows={measures}
        rowKey={(measure) => String(measure.id)}
        virtual={measures.length > 200}
      />
    </Panel>
  );
}

/** The totals per kind, each in its kind's unit (kinds without a measure left out). */
export function TotalsPanel({ group }: { group: MeasureGroupDetail }) {
  const kinds = measureKinds.filter((kind) => group.measures.some((measure) => measure.kind === kind));
  return (
    <Panel title={m.totalsTitle} empty={kinds.length === 0 && m.noTotals}>
      <dl className={styles.totals}>
        {kinds.map((kind) => (
          <div key={kind} style={{ display: 'contents' }}>
            <dt>{measureKindLabels[kind]}</dt>
            <dd>{formatMeasure(group.totals[kind], unitOfKind[kind])}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

/** The quotes whose lines take a quantity from this group. */
export function QuotesPanel({ quotes }: { quotes: MeasureGroupDetail['quotes'] }) {
  return (
    <Panel title={m.quotesTitle} empty={quotes.length === 0 && m.noQuotes}>
      <ul className={styles.plainList}>
        {quotes.map((quote) => (
          <li key={quote.id}>
            <RouteLink to={quotePath(quote.id)} className={styles.link}>
              {quote.number}
            </RouteLink>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

const formValues = (group: MeasureGroupDetail): GroupFormValues => ({
  name: group.name,
  job: group.businessJob ? jobChoice(group.businessJob) : null,
});

/** Whether `next` changed what the form edits (its name or its job) from `base`. */
const editedFieldsDiffer = (base: MeasureGroupDetail, next: MeasureGroupDetail) =>
  base.name !== next.name || (base.businessJob?.id ?? null) !== (next.businessJob?.id ?? null);

export type SaveGroup = (
  from: MeasureGroupDetail,
  values: { name: string; businessJobId: number | null },
) => Promise<MeasureGroupDetail>;

function GroupFormFields({
  base,
  jobs,
  onSave,
  onReload,
}: {
  base: MeasureGroupDetail;
  jobs: JobChoices;
  onSave: (values: { name: string; businessJobId: number | null }) => Promise<void>;
  onReload: () => Promise<void>;
}) {
  const form = useGroupForm(formValues(base));
  const { handleSubmit, formState } = form;
  const [failure, setFailure] = useState<{ message: string; stale: boolean } | null>(null);

  async function submit(values: GroupFormValues) {
    setFailure(null);
    try {
      await onSave({ name: values.name.trim(), businessJobId: values.job?.id ?? null });
    } catch (error) {
      if (showFieldRefusal(form, error)) return;
      setFailure({
        message: errorMessageFor(error),
        stale: error instanceof ApiError && error.key === 'stale_version',
      });
    }
  }

  return (
    <form
      noValidate
      aria-label={m.editTitle}
      aria-busy={formState.isSubmitting}
      className={styles.form}
      onSubmit={handleSubmit(submit)}
    >
      {failure ? (
        <div className={styles.alert} role="alert">
          <p style={{ margin: 0 }}>{failure.message}</p>
          {failure.stale ? (
            <button
              type="button"
              className={button.secondary}
              style={{ marginTop: 8 }}
              onClick={() => void onReload()}
            >
              {m.reload}
            </button>
          ) : null}
        </div>
      ) : null}
      <div className={styles.formRow}>
        <GroupFields
          form={form}
          jobs={jobs}
          text={{
            name: m.name,
            job: m.job,
            jobHint: m.jobHint,
            jobPlaceholder: m.noJob,
            jobNoMatch: m.jobNoMatch,
            jobSearching: m.jobSearching,
          }}
        />
      </div>
      <div className={styles.endActions}>
        <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? <InlineSpinner /> : null}
          {m.save}
        </button>
      </div>
    </form>
  );
}

/**
 * The form keeps the group it started from (`started`: the group shown, saved or reloaded last).
 * Its `base` is derived, not copied in an effect: a newer answer (an import, the connector) that
 * changed neither name nor job is taken in silently, its version with it; one that changed them
 * leaves the form as typed, so its save is a 409 that loses nothing and « Recharger le groupe »
 * starts again from the stored group.
 */
function GroupEditor({
  group,
  jobs,
  onSave,
  onReload,
}: {
  group: MeasureGroupDetail;
  jobs: JobChoices;
  onSave: SaveGroup;
  onReload: (id: number) => Promise<MeasureGroupDetail>;
}) {
  const [started, setStarted] = useState(group);
  const [generation, setGeneration] = useState(0);
  const base = group.version > started.version && !editedFieldsDiffer(started, group) ? group : started;
  return (
    <Panel title={m.editTitle}>
      <GroupFormFields
        key={`${base.id}-${generation}`}
        base={base}
        jobs={jobs}
        onSave={async (values) => {
          setStarted(await onSave(base, values));
          addToast(m.saved, { type: 'success' });
        }}
        onReload={async () => {
          try {
            setStarted(await onReload(base.id));
            setGeneration((count) => count + 1);
          } catch (error) {
            logger.warn('Error reloading measure group', { error, labels: { groupId: base.id } });
          }
        }}
      />
    </Panel>
  );
}

export interface MeasureGroupViewProps {
  /** The application of the address (the group's own wins once it is known). */
  application: string;
  group: GroupState;
  events: MeasureEventPage | undefined;
  eventsFailed: boolean;
  eventsLoading?: boolean;
  onRetryEvents: () => void;
  onMoreEvents: () => void;
  jobs: JobChoices;
  onSave: SaveGroup;
  onReload: (id: number) => Promise<MeasureGroupDetail>;
  onImport: (groupId: number, ...rest: Parameters<ImportFile>) => ReturnType<ImportFile>;
  headingLevel?: 1 | 2;
  /** Stories: the import panel's first state. */
  importPanel?: (group: MeasureGroupDetail) => ReactNode;
}

function GroupProblem({
  application,
  group,
  Heading,
}: {
  application: string;
  group: 'notFound' | 'failed';
  Heading: 'h1' | 'h2';
}) {
  const type = isApplicationType(application) ? application : null;
  return (
    <div>
      <Heading className={styles.title}>{m.title}</Heading>
      <div className={styles.emptyPanel} role="alert">
        <p>{group === 'notFound' ? m.notFound : m.loadFailed}</p>
        {type ? (
          <RouteLink to={measureGroupsPath(type)} className={styles.link}>
            {m.backToGroups(applicationLabels[type])}
          </RouteLink>
        ) : null}
      </div>
    </div>
  );
}

export function MeasureGroupView(props: MeasureGroupViewProps) {
  const { group, headingLevel = 1 } = props;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (group === 'loading') return <LoadingScreen title={m.title} headingLevel={headingLevel} />;
  if (typeof group !== 'object')
    return <GroupProblem application={props.application} group={group} Heading={Heading} />;
  const type: ApplicationType = group.application;
  const label = applicationLabels[type];
  return (
    <div className={styles.stack}>
      <div className={styles.header}>
        <div>
          <Heading className={styles.title}>
            {m.title} : {group.name}
          </Heading>
          <p className={styles.subtitle}>{m.subtitle(label, group.measures.length)}</p>
          {group.businessJob ? (
            <p className={styles.subtitle}>
              <RouteLink to={dealPath(group.businessJob.id)} className={styles.link}>
                {m.openJob(`${group.businessJob.name} (${group.businessJob.customerName})`)}
              </RouteLink>
            </p>
          ) : null}
          {group.lastDataAt ? (
            <p className={styles.subtitle}>{m.lastData(formatDate(group.lastDataAt))}</p>
          ) : null}
          {group.externalId ? <p className={styles.subtitle}>{m.externalId(group.externalId)}</p> : null}
        </div>
        <RouteLink to={measureGroupsPath(type)} className={styles.link}>
          {m.backToGroups(label)}
        </RouteLink>
      </div>
      <div className={styles.groupLayout}>
        <div className={styles.stack}>
          <GroupEditor group={group} jobs={props.jobs} onSave={props.onSave} onReload={props.onReload} />
          <MeasuresTable measures={group.measures} />
        </div>
        <div className={styles.stack}>
          <TotalsPanel group={group} />
          {props.importPanel ? (
            props.importPanel(group)
          ) : (
            <ImportPanel
              application={type}
              onImport={(file, onProgress) => props.onImport(group.id, file, onProgress)}
            />
          )}
          <QuotesPanel quotes={group.quotes} />
          <Panel
            title={m.eventsTitle}
            action={
              <RouteLink to={`${measureGroupPath(type, group.id)}/events`} className={styles.link}>
                {m.allEvents}
              </RouteLink>
            }
          >
            <EventsTimeline
              application={type}
              page={props.events}
              failed={props.eventsFailed}
              loading={props.eventsLoading}
              onRetry={props.onRetryEvents}
              onMore={props.onMoreEvents}
            />
          </Panel>
        </div>
      </div>
    </div>
  );
}

/** What a group's store says, as the view reads it. */
export function groupState(
  id: string | number | undefined,
  { data, error }: { data?: { data: MeasureGroupDetail }; error?: unknown },
): GroupState {
  if (data) return data.data;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return 'notFound';
  if (error) return 'failed';
  return /^\d+$/.test(String(id ?? '')) && Number(id) > 0 ? 'loading' : 'notFound';
}

/** The group's events over the data layer: the events shown stay while more load. */
function useGroupEvents() {
  const { data, error, loading } = useStore($groupEvents);
  const shown = useRef<MeasureEventPage | undefined>(undefined);
  if (data) shown.current = data;
  useStore($eventsLimit);
  return {
    events: data ?? shown.current,
    eventsFailed: Boolean(error) && !loading,
    eventsLoading: loading,
    onRetryEvents: () => $groupEvents.invalidate(),
    onMoreEvents: showMoreEvents,
  };
}

/** The group's page over the data layer (`id` from the address or the element's attribute). */
export function MeasureGroup({
  application,
  id,
  headingLevel,
}: {
  application: string;
  id: string | number | undefined;
  headingLevel?: 1 | 2;
}) {
  useLayoutEffect(() => showGroup(id), [id]);
  const answer = useStore($group);
  const jobs = useJobChoices();
  const events = useGroupEvents();
  return (
    <MeasureGroupView
      application={application}
      group={groupState(id, answer)}
      jobs={jobs}
      onSave={saveGroup}
      onReload={reloadGroup}
      onImport={(groupId, file, onProgress) => importFile(groupId, file, { onProgress })}
      headingLevel={headingLevel}
      {...events}
    />
  );
}

/** `…/groupes-mesures/{id}/events`: the whole timeline of the group. */
export function MeasureGroupEventsView({
  application,
  group,
  ...events
}: {
  application: string;
  group: GroupState;
  events: MeasureEventPage | undefined;
  eventsFailed: boolean;
  eventsLoading?: boolean;
  onRetryEvents: () => void;
  onMoreEvents: () => void;
}) {
  if (group === 'loading') return <LoadingScreen title={m.eventsTitle} />;
  if (typeof group !== 'object') return <GroupProblem application={application} group={group} Heading="h1" />;
  return (
    <div className={styles.stack}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>{m.eventsPageTitle(group.name)}</h1>
          <p className={styles.subtitle}>
            {m.subtitle(applicationLabels[group.application], group.measures.length)}
          </p>
        </div>
        <RouteLink to={measureGroupPath(group.application, group.id)} className={styles.link}>
          {m.backToGroup}
        </RouteLink>
      </div>
      <section className={styles.panel} aria-label={m.eventsTitle}>
        <EventsTimeline
          application={group.application}
          page={events.events}
          failed={events.eventsFailed}
          loading={events.eventsLoading}
          onRetry={events.onRetryEvents}
          onMore={events.onMoreEvents}
        />
      </section>
    </div>
  );
}

export function MeasureGroupEvents({ application, id }: { application: string; id: string }) {
  useLayoutEffect(() => showGroup(id), [id]);
  const answer = useStore($group);
  const events = useGroupEvents();
  return <MeasureGroupEventsView application={application} group={groupState(id, answer)} {...events} />;
}
