/**
 * The one data layer for server data (ARCHITECTURE « One way to do each thing »): a `nanoquery`
 * instance whose fetcher stores are keyed on the session's company and on what the router shows,
 * so a component reads a store (`useStore($thing)`) and never fetches in its own `useEffect`.
 *
 * - A key is the API path itself, built from parts (`[$companyPath, '/business-jobs/', $id]`):
 *   the company comes from the verified session, and a part that is null (no session yet, not on
 *   that page) means « nothing to load ». The fetcher joins the parts and GETs that path.
 * - Every store names the schema of its answer (`createApiStore`, the shared contract's): answers are parsed at
 *   the boundary, as `getJson` does everywhere.
 * - After a change: put the server's answer in the cache of its own key (`mutateCache`), and
 *   invalidate the keys it makes stale (`invalidateCompanyKeys('/business-jobs')`: lists, sheets).
 * - A change of user or company empties the whole cache: nothing of one session shows in another.
 *
 * docs/decisions.md (« Data layer ») describes how a screen uses it.
 */
import { type CommonSettings, type KeyInput, nanoquery } from '@nanostores/query';
import { computed } from 'nanostores';
import { $session } from '../session/session';
import { type AnswerOf, type AnswerSchema, getJson } from './client';
import { ApiError } from './errors';

/** A refusal (4xx) does not change by asking again; a network fault or a 5xx may. */
const retryable = (error: unknown) => !(error instanceof ApiError && error.status < 500);

export const [createFetcherStore, createMutatorStore, { invalidateKeys, revalidateKeys, mutateCache }] =
  nanoquery({
    // The same key within 4 s is answered from the cache (two components, one request).
    dedupeTime: 4_000,
    // Coming back to the tab shows the cached answer at once, then the fresh one.
    revalidateOnFocus: true,
    revalidateOnReconnect: true,
    onErrorRetry: ({ error, retryCount }) =>
      retryable(error) && retryCount <= 3 ? 2_000 * 2 ** retryCount : null,
  });

/** The session's company as the API's path prefix (`/v2/companies/1`); null until the session knows it. */
export const $companyPath = computed($session, ({ enterpriseId }) =>
  enterpriseId === null ? null : `/v2/companies/${enterpriseId}`,
);

/**
 * A store of one API answer: its key parts make the path (see above), `schema` parses the answer.
 * The store's value is `{data?, error?, loading}`: show `data` whenever there is some (a stale
 * answer while the fresh one loads), a spinner only without it.
 */
export function createApiStore<Schema extends AnswerSchema>(
  schema: Schema,
  key: KeyInput,
  /** The library's settings for this store (`onError` to log, `dedupeTime`, ...). */
  settings: Omit<CommonSettings<AnswerOf<Schema>>, 'fetcher'> = {},
) {
  return createFetcherStore<AnswerOf<Schema>, unknown>(key, {
    ...settings,
    fetcher: (...parts) => getJson(parts.join(''), schema),
  });
}

/**
 * A store over one of src/api's fetch functions that take the company (`getCostSettings`): keyed on
 * the session's company and `path`, it calls `load(enterpriseId)` and holds what that returns. One
 * key holds one value: where another store reads the same path in another shape (createApiStore
 * caches the whole answer), give this one its own key with a `#…` suffix (`'/settings/costs#form'`);
 * `invalidateCompanyKeys('/settings/costs')` still reaches both.
 */
export function createCompanyStore<T>(
  path: string,
  load: (enterpriseId: number) => Promise<T>,
  settings: Omit<CommonSettings<T>, 'fetcher'> = {},
) {
  return createFetcherStore<T, unknown>([$companyPath, path], {
    ...settings,
    // The company of the key (`/v2/companies/1`), not the session's of the moment the answer comes.
    fetcher: (prefix) => load(Number(String(prefix).slice(String(prefix).lastIndexOf('/') + 1))),
  });
}

/**
 * Makes every cached answer of the company under `resource` stale (`'/business-jobs'`: the lists,
 * whatever their query, and each sheet): a mounted store loads again, the others on their next use.
 */
export function invalidateCompanyKeys(resource: string): void {
  const prefix = $companyPath.get();
  if (prefix === null) return;
  invalidateKeys((key) => key.startsWith(`${prefix}${resource}`));
}

// Another user or company (a new sign-in in the same page): no answer of the previous one stays.
// The last company and user known (a sign-out in between does not make the next one « the same »).
const known: { enterpriseId: number | null; userId: number | null } = { enterpriseId: null, userId: null };
$session.subscribe(({ userId, enterpriseId }) => {
  const otherCompany =
    enterpriseId !== null && known.enterpriseId !== null && enterpriseId !== known.enterpriseId;
  const otherUser = userId !== null && known.userId !== null && userId !== known.userId;
  if (otherCompany || otherUser) invalidateKeys(() => true);
  if (enterpriseId !== null) known.enterpriseId = enterpriseId;
  if (userId !== null) known.userId = userId;
});
