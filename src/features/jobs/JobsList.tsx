import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useState } from 'react';
import type { BusinessJobPage } from '../../api/businessJobs';
import { formatIsoDate } from '../../i18n/format';
import { dealPath, newDealPath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import { DataTable } from '../../ui/DataTable';
import { ListBody, pageView } from '../../ui/ListBody';
import * as shared from '../invoices/invoices.css';
import { JOB_PAGE_SIZE, type JobsListStores, routedJobsList } from './jobStores';
import { jobMessages as m } from './messages';

export { JOB_PAGE_SIZE };

const SEARCH_DELAY_MS = 250;

type Job = BusinessJobPage['data'][number];
const column = createColumnHelper<Job>();

/**
 * The jobs' columns (the server searches and pages; the list does not sort). At 800 px the name,
 * the client, the owner and the retainage stay in view; the site and the delivery date give way.
 */
const jobColumns = [
  column.accessor('name', {
    header: m.name,
    cell: ({ row, getValue }) => (
      <RouteLink to={dealPath(row.original.id)} className={shared.link}>
        {getValue()}
      </RouteLink>
    ),
    meta: { grow: true },
  }),
  column.accessor('customerName', { header: m.customer, meta: { grow: true } }),
  column.accessor('siteAddress', { header: m.site, meta: { grow: true, priority: 3 } }),
  column.accessor((job) => job.ownerName ?? m.noOwner, {
    id: 'owner',
    header: m.owner,
    meta: { priority: 2 },
  }),
  column.accessor('deliveryDate', {
    header: m.deliveryDate,
    cell: ({ getValue }) => {
      const date = getValue();
      return date ? formatIsoDate(date) : '—';
    },
    meta: { priority: 3 },
  }),
  column.accessor('retainageBasisPoints', {
    header: m.retainageRate,
    cell: ({ getValue }) => m.percent(getValue()),
    meta: { numeric: true, priority: 2 },
  }),
];

export type JobsPageState = BusinessJobPage | 'loading' | 'failed';

export interface JobsListViewProps {
  title: string;
  state: JobsPageState;
  q: string;
  page: number;
  onSearch: (q: string) => void;
  onPage: (page: number) => void;
  onRetry: () => void;
}

/** A page of jobs (the server searches and pages), driven by its state (stories give their own). */
export function JobsListView({ title, state, q, page, onSearch, onPage, onRetry }: JobsListViewProps) {
  const [search, setSearch] = useState(q);
  const searchId = useId();
  useEffect(() => {
    if (search === q) return;
    const timer = setTimeout(() => onSearch(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, onSearch]);

  return (
    <div>
      <div className={shared.header}>
        <h1 className={shared.title}>{title}</h1>
        <RouteLink to={newDealPath()} className={button.primary}>
          {m.newJob}
        </RouteLink>
      </div>
      <form
        className={shared.actions}
        style={{ marginBottom: 12 }}
        onSubmit={(event) => {
          event.preventDefault();
          onSearch(search);
        }}
      >
        <div className={shared.field} style={{ flex: '1 1 240px', maxWidth: 360 }}>
          <label className={shared.label} htmlFor={searchId}>
            {m.search}
          </label>
          <input
            id={searchId}
            type="search"
            className={shared.control}
            value={search}
            placeholder={m.searchPlaceholder}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </form>
      <ListBody
        view={typeof state === 'object' ? pageView(state, false) : state}
        failed={state === 'failed' ? { message: m.listFailed, onRetry } : null}
        empty={{
          title: q ? m.noMatch : m.empty,
          text: m.emptyText,
          actions: q ? null : (
            <RouteLink to={newDealPath()} className={button.secondary}>
              {m.newJob}
            </RouteLink>
          ),
        }}
        rows={() =>
          typeof state === 'object' && (
            <DataTable
              caption={title}
              columns={jobColumns}
              rows={state.data}
              rowKey={(job) => String(job.id)}
              pager={{ page, pageSize: JOB_PAGE_SIZE, hits: state.info.hits, onPage, label: m.pagination }}
            />
          )
        }
      />
    </div>
  );
}

/**
 * The jobs list of the deals base path, or Mes affaires (the signed-in user's jobs): the page the
 * address asks for (`?recherche=…&page=…`), from the data layer.
 */
export function JobsList({ mine = false, list = routedJobsList }: { mine?: boolean; list?: JobsListStores }) {
  const query = useStore(list.$query);
  const { data, error } = useStore(list.$page);
  const state: JobsPageState = data ?? (error ? 'failed' : 'loading');
  return (
    <JobsListView
      title={mine ? m.myJobsTitle : m.listTitle}
      state={state}
      q={query?.q ?? ''}
      page={query?.page ?? 0}
      onSearch={(text) => list.open({ q: text, page: 0 }, { replace: true })}
      onPage={(page) => list.open({ page })}
      onRetry={() => list.$page.invalidate()}
    />
  );
}
