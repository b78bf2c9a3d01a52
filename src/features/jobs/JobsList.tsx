import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { BusinessJobPage } from '../../api/businessJobs';
import { formatCount, formatIsoDate } from '../../i18n/format';
import { dealPath, newDealPath } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { button } from '../../ui/button.css';
import { Spinner } from '../../ui/Spinner';
import { visuallyHidden } from '../../ui/theme.css';
import * as shared from '../invoices/invoices.css';
import { $jobsListQuery, $jobsPage, JOB_PAGE_SIZE, openJobsList } from './jobStores';
import { jobMessages as m } from './messages';

export { JOB_PAGE_SIZE };

const SEARCH_DELAY_MS = 250;

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

  const first = page * JOB_PAGE_SIZE;
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
      {state === 'loading' ? <Spinner /> : null}
      {state === 'failed' ? (
        <div className={shared.alert} role="alert">
          <p>{m.listFailed}</p>
          <button type="button" className={button.secondary} onClick={onRetry}>
            {m.retry}
          </button>
        </div>
      ) : null}
      {typeof state === 'object' && state.info.hits === 0 ? (
        <div className={shared.emptyPanel}>
          <p>
            <strong>{q ? m.noMatch : m.empty}</strong>
          </p>
          <p className={shared.subtitle}>{m.emptyText}</p>
          {q ? null : (
            <RouteLink to={newDealPath()} className={button.secondary}>
              {m.newJob}
            </RouteLink>
          )}
        </div>
      ) : null}
      {typeof state === 'object' && state.info.hits > 0 ? (
        <>
          <div className={shared.scroller}>
            <table className={shared.table}>
              <caption className={visuallyHidden}>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.name}</th>
                  <th scope="col">{m.customer}</th>
                  <th scope="col">{m.site}</th>
                  <th scope="col">{m.owner}</th>
                  <th scope="col">{m.deliveryDate}</th>
                  <th scope="col" className={shared.amount}>
                    {m.retainageRate}
                  </th>
                </tr>
              </thead>
              <tbody>
                {state.data.map((job) => (
                  <tr key={job.id}>
                    <td>
                      <RouteLink to={dealPath(job.id)} className={shared.link}>
                        {job.name}
                      </RouteLink>
                    </td>
                    <td>{job.customerName}</td>
                    <td>{job.siteAddress}</td>
                    <td>{job.ownerName ?? m.noOwner}</td>
                    <td>{job.deliveryDate ? formatIsoDate(job.deliveryDate) : '—'}</td>
                    <td className={shared.amount}>{m.percent(job.retainageBasisPoints)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={shared.actions} style={{ justifyContent: 'space-between', marginTop: 12 }}>
            <p role="status">
              {formatCount(first + 1)}–{formatCount(Math.min(first + JOB_PAGE_SIZE, state.info.hits))} sur{' '}
              {formatCount(state.info.hits)}
            </p>
            <div className={shared.actions}>
              <button
                type="button"
                className={button.secondary}
                disabled={page === 0}
                onClick={() => onPage(page - 1)}
              >
                {m.previousPage}
              </button>
              <button
                type="button"
                className={button.secondary}
                disabled={first + JOB_PAGE_SIZE >= state.info.hits}
                onClick={() => onPage(page + 1)}
              >
                {m.nextPage}
              </button>
            </div>
          </div>
        </>
      ) : null}
    </div>
  );
}

/**
 * The jobs list of the deals base path, or Mes affaires (the signed-in user's jobs): the page the
 * address asks for (`?recherche=…&page=…`), from the data layer.
 */
export function JobsList({ mine = false }: { mine?: boolean }) {
  const query = useStore($jobsListQuery);
  const { data, error } = useStore($jobsPage);
  const state: JobsPageState = data ?? (error ? 'failed' : 'loading');
  return (
    <JobsListView
      title={mine ? m.myJobsTitle : m.listTitle}
      state={state}
      q={query?.q ?? ''}
      page={query?.page ?? 0}
      onSearch={(text) => openJobsList({ q: text, page: 0 }, { replace: true })}
      onPage={(page) => openJobsList({ page })}
      onRetry={() => $jobsPage.invalidate()}
    />
  );
}
