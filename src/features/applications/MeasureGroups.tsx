import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { type ApplicationType, applicationLabels } from '../../contract/measures';
import { formatDate } from '../../i18n/format';
import { errorMessageFor } from '../../i18n/serverErrors';
import { measureGroupPath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import { Combobox } from '../../ui/Combobox';
import { DataTable } from '../../ui/DataTable';
import { Field } from '../../ui/Field';
import { ListBody, pageView } from '../../ui/ListBody';
import { FilterBar, SearchFilter, useSearchText } from '../../ui/ListFilters';
import { Modal } from '../../ui/modal/Modal';
import { InlineSpinner, Spinner } from '../../ui/Spinner';
import * as listStyles from '../../ui/table.css';
import { addToast } from '../../ui/toasts/toastStore';
import type { MeasureGroup, MeasureGroupDetail, MeasureGroupPage } from './api';
import * as styles from './applications.css';
import {
  $groupsPage,
  $groupsQuery,
  createGroup,
  defaultGroupsQuery,
  GROUP_PAGE_SIZE,
  type GroupsListQuery,
  queryGroups,
  showGroups,
} from './applicationsStores';
import { GroupFields, type GroupFormValues, showFieldRefusal, useGroupForm } from './groupForm';
import { nonZeroTotals } from './measureFormat';
import { groupsMessages as m } from './messages';
import { type JobChoices, useJobChoices } from './useJobChoices';

const column = createColumnHelper<MeasureGroup>();

function groupColumns(application: ApplicationType) {
  return [
    column.accessor('name', {
      header: m.columns.name,
      cell: ({ row, getValue }) => (
        <RouteLink
          to={measureGroupPath(application, row.original.id)}
          className={styles.link}
          aria-label={m.open(getValue())}
        >
          {getValue()}
        </RouteLink>
      ),
      meta: { grow: true, rowHeader: true },
    }),
    column.accessor((group) => group.businessJob?.name ?? m.noJob, {
      id: 'job',
      header: m.columns.job,
      meta: { grow: true, priority: 2 },
    }),
    column.accessor('measureCount', {
      id: 'measures',
      header: m.columns.measures,
      meta: { numeric: true, priority: 3 },
    }),
    column.accessor('totals', {
      header: m.columns.totals,
      cell: ({ getValue }) => {
        const shown = nonZeroTotals(getValue());
        return shown.length === 0 ? '—' : shown.map(({ text }) => text).join(' · ');
      },
      meta: { priority: 2 },
    }),
    column.accessor('lastDataAt', {
      header: m.columns.lastData,
      cell: ({ getValue }) => {
        const at = getValue();
        return at ? formatDate(at) : '—';
      },
      meta: { numeric: true, priority: 3 },
    }),
    // The server's `sort=date` orders by creation (newest first by default).
    column.accessor('createdAt', {
      id: 'date',
      header: m.columns.date,
      cell: ({ getValue }) => formatDate(getValue()),
      meta: { sortKey: 'date', numeric: true },
    }),
  ];
}

export interface MeasureGroupsViewProps {
  application: ApplicationType;
  page: MeasureGroupPage | undefined;
  loading: boolean;
  failed: boolean;
  query: GroupsListQuery;
  onQuery: (changes: Partial<Omit<GroupsListQuery, 'application'>>) => void;
  onRetry: () => void;
  onNew: () => void;
  jobs: JobChoices;
  headingLevel?: 1 | 2;
}

/** The list, driven by its state (stories and tests give their own). */
export function MeasureGroupsView({
  application,
  page,
  loading,
  failed,
  query,
  onQuery,
  onRetry,
  onNew,
  jobs,
  headingLevel = 1,
}: MeasureGroupsViewProps) {
  const label = applicationLabels[application];
  const search = useSearchText(
    query.q,
    useCallback((q: string) => onQuery({ q }), [onQuery]),
  );
  const filtered = query.q.trim() !== '' || query.job !== null;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const newButton = (
    <button type="button" className={button.primary} onClick={onNew}>
      {m.newGroup}
    </button>
  );
  return (
    <div>
      <div className={styles.header}>
        <Heading className={styles.title}>{m.title(label)}</Heading>
        {newButton}
      </div>
      <FilterBar
        className={listStyles.toolbar}
        search={search}
        filtered={filtered}
        onClear={() => onQuery({ ...defaultGroupsQuery(application) })}
      >
        <SearchFilter
          label={m.search}
          placeholder={m.searchPlaceholder}
          className={listStyles.searchField}
          search={search}
        />
        <Field label={m.jobFilter} className={listStyles.searchField}>
          {(control) => (
            <Combobox
              // A cleared filter shows an empty box again.
              key={query.job ? `job-${query.job.id}` : 'no-job'}
              control={control}
              value={query.job}
              onChange={(job) => onQuery({ job })}
              choices={jobs.choices}
              loading={jobs.loading}
              onSearch={jobs.onSearch}
              placeholder={m.jobFilterPlaceholder}
              emptyText={m.jobNoMatch}
              loadingText={m.jobSearching}
            />
          )}
        </Field>
      </FilterBar>

      <ListBody
        view={pageView(page, failed)}
        failed={failed ? { message: m.listFailed, onRetry } : null}
        empty={{
          title: filtered ? m.noMatchTitle : m.emptyTitle,
          text: filtered ? m.noMatchText : m.emptyText(label),
          actions: filtered ? null : newButton,
        }}
        rows={() =>
          page && (
            <DataTable
              caption={m.title(label)}
              columns={groupColumns(application)}
              rows={page.data}
              rowKey={(group) => String(group.id)}
              busy={loading}
              sort="date"
              order={query.sort === 'date' ? 'asc' : 'desc'}
              onSort={() => onQuery({ sort: query.sort === 'date' ? '-date' : 'date' })}
              pager={{
                page: query.page,
                pageSize: GROUP_PAGE_SIZE,
                hits: page.info.hits,
                onPage: (number) => onQuery({ ...query, page: number }),
                label: m.pagerLabel,
              }}
            />
          )
        }
      />
    </div>
  );
}

export interface NewGroupFormProps {
  application: ApplicationType;
  jobs: JobChoices;
  create: (input: {
    application: ApplicationType;
    name: string;
    businessJobId: number | null;
  }) => Promise<MeasureGroupDetail>;
  onCreated: (group: MeasureGroupDetail) => void;
  onCancel: () => void;
}

/** « Nouveau groupe de mesures »: a name and, if wanted, its job. A refusal keeps what was typed. */
export function NewGroupForm({ application, jobs, create, onCreated, onCancel }: NewGroupFormProps) {
  const form = useGroupForm({ name: '', job: null });
  const { handleSubmit, formState } = form;
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: GroupFormValues) {
    setFailure(null);
    try {
      onCreated(
        await create({ application, name: values.name.trim(), businessJobId: values.job?.id ?? null }),
      );
    } catch (error) {
      if (showFieldRefusal(form, error)) return;
      setFailure(errorMessageFor(error));
    }
  }

  return (
    <form
      noValidate
      aria-label={m.newGroup}
      aria-busy={formState.isSubmitting}
      className={styles.form}
      onSubmit={handleSubmit(submit)}
    >
      {failure ? (
        <p className={styles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <GroupFields
        form={form}
        jobs={jobs}
        text={{
          name: m.name,
          nameHint: m.nameHint,
          job: m.job,
          jobHint: m.jobHint,
          jobPlaceholder: m.jobPlaceholder,
          jobNoMatch: m.jobNoMatch,
          jobSearching: m.jobSearching,
        }}
      />
      <div className={styles.endActions}>
        <button type="button" className={button.secondary} onClick={onCancel}>
          Annuler
        </button>
        <button type="submit" className={button.primary} disabled={formState.isSubmitting}>
          {formState.isSubmitting ? <InlineSpinner /> : null}
          {m.create}
        </button>
      </div>
    </form>
  );
}

export interface MeasureGroupsProps {
  application: ApplicationType;
  /** A group was created: the host opens it (the SPA routes; the element follows the link). */
  onCreated?: (group: MeasureGroupDetail) => void;
  headingLevel?: 1 | 2;
}

/** The list over the data layer, with « Nouveau groupe de mesures ». */
export function MeasureGroups({ application, onCreated, headingLevel }: MeasureGroupsProps) {
  // Which application's list the stores load: set before the first paint of this list.
  useLayoutEffect(() => showGroups(application), [application]);
  const query = useStore($groupsQuery);
  const { data, error, loading } = useStore($groupsPage);
  // Another filter or page is another key, without data at first: the rows shown stay meanwhile.
  const shown = useRef<MeasureGroupPage | undefined>(undefined);
  if (data) shown.current = data;
  const jobs = useJobChoices();
  const [creating, setCreating] = useState(false);
  if (!query || query.application !== application) return <Spinner />;
  return (
    <>
      <MeasureGroupsView
        application={application}
        page={data ?? shown.current}
        loading={loading}
        failed={Boolean(error) && !loading}
        query={query}
        onQuery={queryGroups}
        onRetry={() => $groupsPage.invalidate()}
        onNew={() => setCreating(true)}
        jobs={jobs}
        headingLevel={headingLevel}
      />
      <Modal open={creating} onClose={() => setCreating(false)} title={m.newGroup} size="narrow">
        {creating ? (
          <NewGroupForm
            application={application}
            jobs={jobs}
            create={createGroup}
            onCreated={(group) => {
              setCreating(false);
              addToast(m.created(group.name), { type: 'success' });
              onCreated?.(group);
            }}
            onCancel={() => setCreating(false)}
          />
        ) : null}
      </Modal>
    </>
  );
}
