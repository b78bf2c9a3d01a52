import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invalidateKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { ImportRefusedError, importErrorFrom } from './api';
import {
  $applications,
  $groupEvents,
  $groupsPage,
  $groupsQuery,
  connect,
  createGroup,
  disconnect,
  queryGroups,
  reloadGroup,
  saveGroup,
  showGroup,
  showGroups,
  showMoreEvents,
} from './applicationsStores';
import {
  events,
  groupDetail,
  groupRows,
  pix4dConnected,
  pix4dNotConnected,
  semaNotConnected,
} from './testing/measureFixtures';

const base = '/v2/companies/1';

describe('« Mes applications » stores', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: true, scopes: [] });
  });
  afterEach(() => {
    invalidateKeys(() => true);
    $groupsQuery.set(null);
    showGroup(null);
    resetSession();
    setTokenCookie(null);
  });

  it('loads the applications, and connecting puts the connected one in the list: the key only in the answer', async () => {
    const { calls } = mockFetch({
      [`GET ${base}/applications`]: () => ({ body: { data: [pix4dNotConnected, semaNotConnected] } }),
      [`POST ${base}/applications/pix4d/connect`]: () => ({
        body: { data: { application: pix4dConnected, apiKey: 'bo_pix4d_secret' } },
      }),
      [`POST ${base}/applications/pix4d/disconnect`]: () => ({ body: { data: pix4dNotConnected } }),
    });
    const stop = $applications.listen(() => {});
    await waitFor(() => expect($applications.get().data?.data[0]?.connected).toBe(false));
    const answer = await connect('pix4d');
    expect(answer.apiKey).toBe('bo_pix4d_secret');
    expect($applications.get().data?.data[0]?.connected).toBe(true);
    expect(JSON.stringify($applications.get().data)).not.toContain('bo_pix4d_secret');
    await disconnect('pix4d');
    expect(calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toContain(
      `POST ${base}/applications/pix4d/disconnect`,
    );
    stop();
  });

  it('keys a list on its application, search, job, sort and page', async () => {
    const { calls } = mockFetch({
      [`GET ${base}/measure-groups`]: () => ({ body: { data: groupRows, info: { hits: 2 } } }),
    });
    const stop = $groupsPage.listen(() => {});
    expect(calls).toHaveLength(0);
    showGroups('sema');
    await waitFor(() => expect($groupsPage.get().data?.info.hits).toBe(2));
    queryGroups({ q: 'toit', job: { id: 3, label: 'Mercier' }, sort: 'date' });
    queryGroups({ page: 2 });
    await waitFor(() => expect(calls.some((call) => call.url.includes('offset=50'))).toBe(true));
    const last = new URL(calls.find((call) => call.url.includes('offset=50'))?.url ?? '');
    expect(Object.fromEntries(last.searchParams)).toEqual({
      application: 'sema',
      sort: 'date',
      limit: '25',
      offset: '50',
      q: 'toit',
      businessJobId: '3',
    });
    // Showing the same application again keeps its filters; another starts afresh.
    showGroups('sema');
    expect($groupsQuery.get()?.q).toBe('toit');
    showGroups('pix4d');
    expect($groupsQuery.get()).toEqual({ application: 'pix4d', q: '', job: null, sort: '-date', page: 0 });
    stop();
  });

  it('creates, saves and reads a group again, and asks for more events', async () => {
    const { calls } = mockFetch({
      [`POST ${base}/measure-groups`]: () => ({ body: { data: groupDetail } }),
      [`POST ${base}/measure-groups/12/edit`]: ({ body }) => ({
        body: { data: { ...groupDetail, ...(body as object), version: 4 } },
      }),
      [`GET ${base}/measure-groups/12`]: () => ({ body: { data: { ...groupDetail, version: 5 } } }),
      [`GET ${base}/measure-groups/12/events`]: () => ({ body: { data: events, info: { hits: 40 } } }),
    });
    const created = await createGroup({ application: 'pix4d', name: 'Toiture', businessJobId: null });
    expect(created.id).toBe(12);
    const saved = await saveGroup(groupDetail, { name: 'Toiture A', businessJobId: null });
    expect(saved.name).toBe('Toiture A');
    expect(calls.find((call) => call.url.endsWith('/edit'))?.body).toEqual({
      version: 3,
      name: 'Toiture A',
      businessJobId: null,
    });
    expect((await reloadGroup(12)).version).toBe(5);

    showGroup('12');
    const stop = $groupEvents.listen(() => {});
    await waitFor(() => expect($groupEvents.get().data?.info.hits).toBe(40));
    showMoreEvents();
    await waitFor(() =>
      expect(calls.some((call) => call.url.endsWith('/events?limit=40&offset=0'))).toBe(true),
    );
    stop();
  });

  it('does not ask for a group whose id is not digits', () => {
    showGroup('abc');
    showGroup(0);
    const { calls } = mockFetch({});
    expect(calls).toHaveLength(0);
  });
});

describe('a refused import', () => {
  it('reads the reasons under error, or at the top level', () => {
    const nested = importErrorFrom(
      422,
      JSON.stringify({
        error: { key: 'measure_import_refused', message: 'Refusé.', reasons: ['Ligne 2 : x.'] },
      }),
    );
    expect(nested).toBeInstanceOf(ImportRefusedError);
    expect((nested as ImportRefusedError).reasons).toEqual(['Ligne 2 : x.']);
    expect((nested as ImportRefusedError).serverMessage).toBe('Refusé.');
    const flat = importErrorFrom(
      422,
      JSON.stringify({ error: 'measure_import_refused', reasons: ['Ligne 3 : y.'] }),
    );
    expect(flat.key).toBe('measure_import_refused');
    expect((flat as ImportRefusedError).reasons).toEqual(['Ligne 3 : y.']);
    const plain = importErrorFrom(413, JSON.stringify({ error: { key: 'measure_file_too_large' } }));
    expect(plain).not.toBeInstanceOf(ImportRefusedError);
    expect(plain.key).toBe('measure_file_too_large');
  });
});
