import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { makeCustomers } from '../testing/customerFixtures';
import {
  $customerList,
  CUSTOMER_PAGE_SIZE,
  customerListPath,
  filterCustomers,
  goToCustomerPage,
  loadCustomers,
  queryFromSearch,
  resetCustomerList,
  searchCustomers,
  sortCustomers,
} from './customerListStore';

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

function serve(hits = 120) {
  return mockFetch({
    'GET /v2/companies/1/customers': ({ url }) => {
      const offset = Number(new URL(url).searchParams.get('offset'));
      return {
        body: {
          data: makeCustomers(Math.min(CUSTOMER_PAGE_SIZE, hits - offset), offset + 1),
          info: { hits },
        },
      };
    },
  });
}

describe('customer list store', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    resetCustomerList();
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('loads the first page sorted by name, with the number of matches', async () => {
    const { calls } = serve();
    await loadCustomers();
    expect(queryOf(calls[0]!.url)).toEqual({ sort: 'name', order: 'asc', limit: '50', offset: '0' });
    expect($customerList.get()).toMatchObject({ status: 'loaded', hits: 120 });
    expect($customerList.get().rows).toHaveLength(50);
  });

  it('searches and filters from the first page again', async () => {
    const { calls } = serve();
    await goToCustomerPage(2);
    expect(queryOf(calls[0]!.url).offset).toBe('100');
    await searchCustomers('  lyon ');
    expect(queryOf(calls[1]!.url)).toMatchObject({ q: 'lyon', offset: '0' });
    await filterCustomers('private');
    expect(queryOf(calls[2]!.url)).toMatchObject({ q: 'lyon', type: 'private', offset: '0' });
    await filterCustomers('');
    expect(queryOf(calls[3]!.url).type).toBeUndefined();
  });

  it('sorts by a column, and the same column again flips the order', async () => {
    const { calls } = serve();
    await sortCustomers('city');
    await sortCustomers('city');
    await sortCustomers('customerCode');
    expect(calls.map((call) => [queryOf(call.url).sort, queryOf(call.url).order])).toEqual([
      ['city', 'asc'],
      ['city', 'desc'],
      ['customerCode', 'asc'],
    ]);
  });

  it('keeps the rows and says failed when the server fails; logs it', async () => {
    serve();
    await loadCustomers();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /v2/companies/1/customers': () => ({ status: 500, body: { error: { key: 'internal_error' } } }),
    });
    await loadCustomers();
    expect($customerList.get()).toMatchObject({ status: 'failed', hits: 120 });
    expect(error).toHaveBeenCalled();
  });

  it('drops an answer to an older query that arrives late, success or failure', async () => {
    let release: (() => void) | undefined;
    mockFetch({
      'GET /v2/companies/1/customers': ({ url }) => {
        const q = new URL(url).searchParams.get('q');
        if (q === 'old')
          return new Promise(
            (resolve) => (release = () => resolve({ body: { data: [], info: { hits: 0 } } })),
          );
        if (q === 'older') return { status: 500 };
        return { body: { data: makeCustomers(1), info: { hits: 1 } } };
      },
    });
    const older = searchCustomers('older');
    const old = searchCustomers('old');
    await searchCustomers('new');
    release!();
    await Promise.all([old, older]);
    expect($customerList.get()).toMatchObject({ q: 'new', status: 'loaded', hits: 1 });
  });

  it('waits for the session to know the company', async () => {
    resetSession();
    const { calls } = serve();
    await loadCustomers();
    expect(calls).toHaveLength(0);
    expect($customerList.get().status).toBe('idle');
  });
});

describe('the customer list in the address', () => {
  let stop = () => {};
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    resetCustomerList();
    // As on the screen: the store is in use, so it follows the address.
    stop = $customerList.listen(() => {});
  });
  afterEach(() => {
    stop();
    history.replaceState(null, '', '/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    resetSession();
    setTokenCookie(null);
  });

  const visit = (path: string) => {
    history.replaceState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  const address = () => `${location.pathname}${location.search}`;

  it('reads and writes search, filter, sort and page (from 1), leaving defaults out', () => {
    const query = { q: 'étienne', type: 'private', sort: 'city', order: 'desc', page: 2 } as const;
    expect(customerListPath(query)).toBe(
      '/gestion-clients?recherche=%C3%A9tienne&type=private&tri=city&ordre=desc&page=3',
    );
    expect(
      queryFromSearch({ recherche: 'étienne', type: 'private', tri: 'city', ordre: 'desc', page: '3' }),
    ).toEqual(query);
    expect(customerListPath(queryFromSearch({}))).toBe('/gestion-clients');
    expect(queryFromSearch({ type: 'robot', tri: 'password', ordre: 'up', page: '-4' })).toEqual(
      queryFromSearch({}),
    );
  });

  it('a reload asks the server for the list the address holds', async () => {
    const { calls } = serve(500);
    visit('/gestion-clients?recherche=lyon&type=private&tri=city&ordre=desc&page=3');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(queryOf(calls[0]!.url)).toEqual({
      q: 'lyon',
      type: 'private',
      sort: 'city',
      order: 'desc',
      limit: '50',
      offset: '100',
    });
    await vi.waitFor(() =>
      expect($customerList.get()).toMatchObject({ status: 'loaded', page: 2, q: 'lyon' }),
    );
  });

  it('each change goes into the address; Back brings the previous list back', async () => {
    const { calls } = serve(500);
    visit('/gestion-clients');
    // The screen loads on each visit.
    await loadCustomers();
    await sortCustomers('city');
    expect(address()).toBe('/gestion-clients?tri=city');
    await goToCustomerPage(4);
    expect(address()).toBe('/gestion-clients?tri=city&page=5');
    const historyLength = history.length;
    await searchCustomers('dupont');
    // Typing a search replaces the entry rather than adding one per word.
    expect(history.length).toBe(historyLength);
    expect(address()).toBe('/gestion-clients?recherche=dupont&tri=city');
    expect(calls).toHaveLength(4);

    history.back();
    await vi.waitFor(() => expect(address()).toBe('/gestion-clients?tri=city'));
    await vi.waitFor(() => expect(calls).toHaveLength(5));
    expect(queryOf(calls[4]!.url)).toMatchObject({ sort: 'city', offset: '0' });
    expect(queryOf(calls[4]!.url).q).toBeUndefined();
    await vi.waitFor(() =>
      expect($customerList.get()).toMatchObject({ status: 'loaded', sort: 'city', q: '', page: 0 }),
    );
  });
});
