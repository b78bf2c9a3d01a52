/**
 * The Affaires area's server data, through the data layer (src/api/query.ts): each store is keyed
 * on the session's company and on what the router shows, and loads by itself when a component
 * reads it. Changes go through `createJob` / `saveJob`, which update the cache.
 */
import { atom, computed } from 'nanostores';
import * as v from 'valibot';
import {
  type BusinessJobDetail,
  createBusinessJob,
  editBusinessJob,
  getBusinessJob,
  jobAnswer,
  jobPageAnswer,
} from '../../api/businessJobs';
import { customerAnswer, customerPageAnswer } from '../../api/customers';
import { ApiError } from '../../api/errors';
import { $companyPath, createApiStore, invalidateCompanyKeys, mutateCache } from '../../api/query';
import { userSchema } from '../../api/users';
import type { JobInput } from '../../contract/jobs';
import { logger } from '../../logging/logger';
import { clientPaths } from '../../routes/paths';
import { $router } from '../../routes/router';

export const JOB_PAGE_SIZE = 50;
/** Customers offered by the combobox for what is typed. */
export const CUSTOMER_CHOICES = 20;

const digitsOnly = (text: string | undefined) => (text && /^\d+$/.test(text) ? text : null);

// ---------------------------------------------------------------------------------------------
// The lists: Affaires (`/affaires`) and Mes affaires (`/mes-affaires`)

/** What a list shows: its search and its page (from 0), as the address says. */
export interface JobsListQuery {
  mine: boolean;
  q: string;
  page: number;
}

/**
 * The list `<bo-jobs-list>` shows on a platform page, whose address is not the list's (null in the
 * SPA, where the address says which list).
 */
export const $embeddedJobsQuery = atom<JobsListQuery | null>(null);

/** The list the address shows (`?recherche=…&page=…`, page from 1), or null off the lists. */
export const $jobsListQuery = computed(
  [$router, $embeddedJobsQuery],
  (page, embedded): JobsListQuery | null => {
    if (embedded) return embedded;
    if (page?.route !== 'deals' && page?.route !== 'myDeals') return null;
    const number = Number(page.search.page);
    return {
      mine: page.route === 'myDeals',
      q: page.search.recherche ?? '',
      page: Number.isSafeInteger(number) && number > 1 ? number - 1 : 0,
    };
  },
);

/** A list's address: its base path and the query, defaults left out. */
export function jobsListPath({ mine, q, page }: JobsListQuery): string {
  const search = new URLSearchParams();
  if (q) search.set('recherche', q);
  if (page > 0) search.set('page', String(page + 1));
  const text = search.toString();
  const base = mine ? clientPaths.myDeals : clientPaths.deals;
  return text ? `${base}?${text}` : base;
}

/** The API query of the list shown (the key's last part). */
const $jobsListApiQuery = computed($jobsListQuery, (query) => {
  if (!query) return null;
  const search = new URLSearchParams({
    limit: String(JOB_PAGE_SIZE),
    offset: String(query.page * JOB_PAGE_SIZE),
  });
  if (query.q.trim()) search.set('q', query.q.trim());
  if (query.mine) search.set('mine', 'true');
  return `/business-jobs?${search}`;
});

/** The page of jobs the address asks for. */
export const $jobsPage = createApiStore(jobPageAnswer, [$companyPath, $jobsListApiQuery], {
  onError: (error) => logger.error('Error getting business jobs', { error }),
});

/** A new search or page: written to the address (typing replaces the history entry). */
export function openJobsList(changes: Partial<JobsListQuery>, { replace = false } = {}): void {
  const current = $jobsListQuery.get();
  if (!current) return;
  if ($embeddedJobsQuery.get()) $embeddedJobsQuery.set({ ...current, ...changes });
  else $router.open(jobsListPath({ ...current, ...changes }), replace);
}

// ---------------------------------------------------------------------------------------------
// The job sheet (`/affaires/{businessId}`)

/** The job `<bo-job-sheet job-id>` shows on a platform page (null in the SPA: the address says). */
export const $embeddedJobId = atom<string | null>(null);

/** The job the address shows (digits only), or null off the sheet. */
export const $jobId = computed(
  [$router, $embeddedJobId],
  (page, embedded) => embedded ?? (page?.route === 'deal' ? digitsOnly(page.params.businessId) : null),
);

export const $job = createApiStore(jobAnswer, [$companyPath, '/business-jobs/', $jobId], {
  onError: (error) => {
    if (!(error instanceof ApiError && error.status === 404))
      logger.error('Error getting business job', { error });
  },
});

/** The sheet's cache key for a job (the same path the store GETs). */
const jobKey = (id: number) => `${$companyPath.get()}/business-jobs/${id}`;

// ---------------------------------------------------------------------------------------------
// The form's choices: owners (the company's users) and customers (a search)

export const $companyUsers = createApiStore(v.object({ data: v.array(userSchema) }), [
  $companyPath,
  '/users',
]);

/** What the customer combobox searches (set by the combobox, after a short pause in the typing). */
export const $customerSearch = atom('');

const $customerApiQuery = computed($customerSearch, (q) => {
  const search = new URLSearchParams({ limit: String(CUSTOMER_CHOICES) });
  if (q.trim()) search.set('q', q.trim());
  return `/customers?${search}`;
});

export const $customerChoices = createApiStore(customerPageAnswer, [$companyPath, $customerApiQuery]);

/** The customer the new-job form starts with (`/affaires/nouvelle?client=8`), or null. */
export const $newJobCustomerId = computed($router, (page) =>
  page?.route === 'newDeal' ? digitsOnly(page.search.client) : null,
);

export const $newJobCustomer = createApiStore(customerAnswer, [
  $companyPath,
  '/customers/',
  $newJobCustomerId,
]);

// ---------------------------------------------------------------------------------------------
// Changes

function companyId(): number {
  const path = $companyPath.get();
  if (path === null) throw new Error('No session company');
  return Number(path.slice(path.lastIndexOf('/') + 1));
}

/** Every list of jobs, whatever its query (the sheets are left to their own key). */
const invalidateJobLists = () => invalidateCompanyKeys('/business-jobs?');

/** Creates the job; its sheet is cached, the lists load again. An ApiError tells what went wrong. */
export async function createJob(input: JobInput): Promise<BusinessJobDetail> {
  const job = await createBusinessJob(companyId(), input);
  mutateCache(jobKey(job.id), { data: job });
  invalidateJobLists();
  return job;
}

/**
 * Saves the changes made from `version` (409 stale_version if someone saved since): the sheet shows
 * the server's answer at once, the lists load again.
 */
export async function saveJob(
  from: BusinessJobDetail,
  changes: Partial<JobInput>,
): Promise<BusinessJobDetail> {
  // Nothing changed: nothing to send (a save would only move the version on).
  if (Object.keys(changes).length === 0) return from;
  const job = await editBusinessJob(companyId(), from.id, from.version, changes);
  mutateCache(jobKey(job.id), { data: job });
  invalidateJobLists();
  // The sheet's history shows the change it just recorded.
  invalidateCompanyKeys('/activity');
  return job;
}

/** The stored job, read again (after a stale save): the sheet's cache gets it too. */
export async function reloadJob(id: number): Promise<BusinessJobDetail> {
  const job = await getBusinessJob(companyId(), id);
  mutateCache(jobKey(id), { data: job });
  return job;
}
