import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import { saveFile } from '../../api/client';
import { downloadExport } from '../../api/exports';
import { $companyPath } from '../../api/query';
import {
  type ActivityKind,
  type ActivityObjectType,
  activityKindLabels,
  activityKinds,
  activityObjectTypeLabels,
  activityObjectTypes,
} from '../../contract/activity';
import { errorMessageFor } from '../../i18n/serverErrors';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import { DataTable } from '../../ui/DataTable';
import { ListBody } from '../../ui/ListBody';
import { DateFilter, FilterBar, SelectFilter, useSearchText } from '../../ui/ListFilters';
import { InlineSpinner } from '../../ui/Spinner';
import * as screen from '../../ui/screen.css';
import * as listStyles from '../../ui/table.css';
import { addToast } from '../../ui/toasts/toastStore';
import {
  $activityUsers,
  ACTIVITY_PAGE_SIZE,
  type ActivityLogQuery,
  type ActivityObject,
  createActivityLog,
  periodInvalid,
} from './activityLog';
import * as styles from './activityLog.css';
import { type ActivityEventRow, type ActivityPage, activityObjectLink } from './api';
import { activityMessages as m } from './messages';

/** « 27/11/2026 14:05 », Paris time (the company's day, whatever the browser's zone). */
const dateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
export const formatOccurredAt = (iso: string) => dateTime.format(new Date(iso)).replace(',', '');

const column = createColumnHelper<ActivityEventRow>();

const columns = [
  column.accessor('occurredAt', {
    header: m.columns.date,
    cell: ({ getValue }) => <time dateTime={getValue()}>{formatOccurredAt(getValue())}</time>,
    meta: { numeric: true },
  }),
  column.accessor((event) => event.userName ?? m.system, {
    id: 'user',
    header: m.columns.user,
    meta: { priority: 2 },
  }),
  column.accessor((event) => activityKindLabels[event.kind], {
    id: 'kind',
    header: m.columns.kind,
    meta: { priority: 3 },
  }),
  column.accessor('label', {
    header: m.columns.label,
    cell: ({ row, getValue }) => {
      const to = activityObjectLink(row.original);
      return to ? (
        <RouteLink to={to} className={screen.link} aria-label={m.open(getValue())}>
          {getValue()}
        </RouteLink>
      ) : (
        getValue()
      );
    },
    meta: { grow: true, rowHeader: true },
  }),
  column.accessor((event) => activityObjectTypeLabels[event.objectType], {
    id: 'object',
    header: m.columns.object,
    meta: { priority: 3 },
  }),
];

const kindChoices = activityKinds.map((kind) => [kind, activityKindLabels[kind]] as const);
const objectChoices = activityObjectTypes.map((type) => [type, activityObjectTypeLabels[type]] as const);

export interface ActivityLogViewProps {
  page: ActivityPage | undefined;
  loading: boolean;
  failed: boolean;
  query: ActivityLogQuery;
  onQuery: (changes: Partial<ActivityLogQuery>) => void;
  onClear: () => void;
  onRetry: () => void;
  /** The company's people for the user filter (id, name). */
  users: readonly (readonly [string, string])[];
  /** One object's history: no object filter, « Historique » for a title. */
  object: ActivityObject | null;
  onDownload: () => void;
  downloading: boolean;
  headingLevel?: 1 | 2 | 3;
}

/** The log, driven by its state (stories and tests give their own). */
export function ActivityLogView({
  page,
  loading,
  failed,
  query,
  onQuery,
  onClear,
  onRetry,
  users,
  object,
  onDownload,
  downloading,
  headingLevel = 2,
}: ActivityLogViewProps) {
  // No search box: FilterBar's Enter and « Effacer les filtres » only.
  const search = useSearchText('', () => {});
  const filtered =
    query.kind !== '' ||
    query.userId !== '' ||
    query.objectType !== '' ||
    query.from !== '' ||
    query.to !== '';
  const badPeriod = periodInvalid(query);
  const Heading = `h${headingLevel}` as const;
  const view =
    page === undefined
      ? failed
        ? 'failed'
        : badPeriod
          ? 'empty'
          : 'loading'
      : page.total === 0
        ? 'empty'
        : 'rows';
  return (
    <section aria-label={object ? m.historyTitle : m.title}>
      <div className={screen.header}>
        <Heading className={screen.title}>{object ? m.historyTitle : m.title}</Heading>
        <button
          type="button"
          className={button.secondary}
          onClick={onDownload}
          disabled={downloading || badPeriod}
          aria-busy={downloading}
        >
          {downloading ? <InlineSpinner /> : null}
          {downloading ? m.downloading : m.download}
        </button>
      </div>
      <FilterBar className={listStyles.toolbar} search={search} filtered={filtered} onClear={onClear}>
        <SelectFilter
          className={styles.userFilter}
          label={m.userFilter}
          value={query.userId}
          labels={users}
          onChange={(userId) => onQuery({ userId })}
        />
        <SelectFilter
          label={m.kindFilter}
          value={query.kind}
          labels={kindChoices}
          onChange={(kind) => onQuery({ kind: kind as ActivityKind | '' })}
        />
        {object ? null : (
          <SelectFilter
            label={m.objectFilter}
            value={query.objectType}
            labels={objectChoices}
            onChange={(objectType) => onQuery({ objectType: objectType as ActivityObjectType | '' })}
          />
        )}
        <DateFilter label={m.from} value={query.from} onChange={(from) => onQuery({ from })} />
        <DateFilter label={m.to} value={query.to} onChange={(to) => onQuery({ to })} />
      </FilterBar>
      {badPeriod ? (
        <p role="alert" className={listStyles.alert}>
          {m.periodInvalid}
        </p>
      ) : null}
      <ListBody
        view={view}
        failed={failed ? { message: m.listFailed, onRetry } : null}
        empty={{
          title: filtered ? m.noMatchTitle : m.emptyTitle,
          text: filtered ? m.noMatchText : m.emptyText,
        }}
        rows={() =>
          page && (
            <DataTable
              caption={m.caption}
              columns={columns}
              rows={page.data}
              rowKey={(event) => String(event.id)}
              busy={loading}
              pager={{
                page: query.page,
                pageSize: ACTIVITY_PAGE_SIZE,
                hits: page.total,
                onPage: (number) => onQuery({ ...query, page: number }),
                label: m.pagerLabel,
              }}
            />
          )
        }
      />
    </section>
  );
}

export interface ActivityLogProps {
  /** One object's history (the customer and job sheets); the whole log without it. */
  object?: ActivityObject | null;
  headingLevel?: 1 | 2 | 3;
}

/** The log over the data layer: its own query and page (one per element), the CSV download. */
export function ActivityLog({ object = null, headingLevel }: ActivityLogProps) {
  const [log] = useState(() => createActivityLog(object));
  const query = useStore(log.$query);
  const { data, error, loading } = useStore(log.$page);
  const people = useStore($activityUsers).data?.data ?? [];
  const companyPath = useStore($companyPath);
  // Another filter or page is another key, without data at first: the rows shown stay meanwhile.
  const shown = useRef<ActivityPage | undefined>(undefined);
  if (data) shown.current = data;
  const [downloading, setDownloading] = useState(false);

  async function download() {
    if (!companyPath) return;
    setDownloading(true);
    try {
      const file = await downloadExport(log.exportPath(companyPath), () => {});
      // Without the server's name (a proxy that hides Content-Disposition), the log's own.
      saveFile(file.filename === 'export' ? { ...file, filename: 'suivi-activite.csv' } : file);
      addToast(m.downloaded, { type: 'success' });
    } catch (failure) {
      addToast(errorMessageFor(failure), { type: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <ActivityLogView
      page={periodInvalid(query) ? undefined : (data ?? shown.current)}
      loading={loading}
      failed={Boolean(error) && !loading}
      query={query}
      onQuery={log.setQuery}
      onClear={log.clear}
      onRetry={() => log.$page.invalidate()}
      users={people.map((user) => [
        String(user.id),
        `${user.firstName} ${user.lastName}`.trim() || user.email,
      ])}
      object={object}
      onDownload={download}
      downloading={downloading}
      headingLevel={headingLevel}
    />
  );
}
