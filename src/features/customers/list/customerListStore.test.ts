import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { makeCustomers } from '../testing/customerFixtures';
import {
  $customerList,
  CUSTOMER_PAGE_SIZE,
  filterCustomers,
  goToCustomerPage,
  loadCustomers,
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
