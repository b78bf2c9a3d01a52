/**
 * The Affaires area's server data, through the data layer (src/api/query.ts): each store is keyed
 * on the session's company and on what the router shows, and loads by itself when a component
 * reads it. Changes go through `createJob` / `saveJob`, which update the cache.
 */
import { atom, computed, type ReadableAtom } from 'nanostores';
import { z } from 'zod';
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

/** What a list shows: its search and its page (from 0). */
export interface JobsListQuery {
  mine: boolean;
  q: string;
  page: number;
}

/** A list's address: its base path and the query, defaults left out. */
export function jobsListPath({ mine, q, page }: JobsListQuery): string {
  const search = new URLSearchParams();
  if (q) search.set('recherche', q);
  if (page > 0) search.set('page', String(page + 1));
  const text = search.toString();
  const base = mine ? clientPaths.myDeals : clientPaths.deals;
  return text ? `${base}?${text}` : base;
}

/**
 * One jobs list: what it shows, its page of jobs from the data layer, and how a new search or page
 * is asked for. The SPA's list follows the address; an element's list keeps its own query.
 */
export interface JobsListStores {
  $query: ReadableAtom<JobsListQuery | null>;
  $page: ReturnType<typeof jobsPageStore>;
  open(changes: Partial<JobsListQuery>, options?: { replace?: boolean }): void;
}

function jobsPageStore($query: ReadableAtom<JobsListQuery | null>) {
  const $apiQuery = computed($query, (query) => {
    if (!query) return null;
    const search = new URLSearchParams({
      limit: String(JOB_PAGE_SIZE),
      offset: String(query.page * JOB_PAGE_SIZE),
    });
    if (query.q.trim()) search.set('q', query.q.trim());
    if (query.mine) search.set('mine', 'true');
    return `/business-jobs?${search}`;
  });
  return createApiStore(jobPageAnswer, [$companyPath, $apiQuery], {
    onError: (error) => logger.error('Error getting business jobs', { error }),
  });
}

/** The list the address shows (`?recherche=…&page=…`, page from 1), or null off the lists. */
const $routedJobsListQuery = computed($router, (page): JobsListQuery | null => {
  if (page?.route !== 'deals' && page?.route !== 'myDeals') return null;
  const number = Number(page.search.page);
  return {
    mine: page.route === 'myDeals',
    q: page.search.recherche ?? '',
    page: Number.isSafeInteger(number) && number > 1 ? number - 1 : 0,
  };
});

/** The SPA's lists (Affaires, Mes affaires): a new search or page is written to the address. */
export const routedJobsList: JobsListStores = {
  $query: $routedJobsListQuery,
  $page: jobsPageStore($routedJobsListQuery),
  open(changes, { replace = false } = {}) {
    const current = $routedJobsListQuery.get();
    if (current) $router.open(jobsListPath({ ...current, ...changes }), replace);
  },
};

/**
 * A list of its own (`<bo-jobs-list>` on a platform page, whose address is not the list's): its
 * search and page live with the element that made it.
 */
export function ownJobsList(): JobsListStores {
  const $query = atom<JobsListQuery>({ mine: false, q: '', page: 0 });
  return {
    $query,
    $page: jobsPageStore($query),
    open: (changes) => $query.set({ ...$query.get(), ...changes }),
  };
}

// ---------------------------------------------------------------------------------------------
// The job sheet (`/affaires/{businessId}` in the SPA, `<bo-job-sheet job-id>` on a platform page)

const jobStores = new Map<string, ReturnType<typeof createJobStore>>();

function createJobStore(id: string | null) {
  return createApiStore(jobAnswer, [$companyPath, '/business-jobs/', atom(id)], {
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 404))
        logger.error('Error getting business job', { error });
    },
  });
}

/**
 * The job of a sheet, from the data layer, keyed on the id the sheet is given (digits only: any
 * other id has no key and loads nothing). One store per id, shared by every sheet showing it.
 */
export function jobStore(businessId: string) {
  const id = digitsOnly(businessId);
  let store = jobStores.get(id ?? '');
  if (!store) {
    store = createJobStore(id);
    jobStores.set(id ?? '', store);
  }
  return store;
}

/** The sheet's cache key for a job (the same path the store GETs). */
const jobKey = (id: number) => `${$companyPath.get()}/business-jobs/${id}`;

// ---------------------------------------------------------------------------------------------
// The form's choices: owners (the company's users) and customers (a search)

export const $companyUsers = createApiStore(z.object({ data: z.array(userSchema) }), [
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
