import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../config/config';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { forgetDocumentsPerPage, setDocumentsPerPage } from '../preferences/documentsPerPage';
import { outstandingList, receivedList } from './stores';
import { makeOutstanding, makeReceived } from './testing/paymentFixtures';

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('payment list stores', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    // « Documents par page » as read from the document settings.
    setDocumentsPerPage(1, 500);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    resetSession();
    setTokenCookie(null);
    forgetDocumentsPerPage();
  });

  it('pages by the company’s « Documents par page », read from the document settings', async () => {
    forgetDocumentsPerPage();
    localStorage.clear();
    const { calls } = mockFetch({
      'GET /v2/companies/1/document-settings': () => ({ body: { data: { documentsPerPage: 25 } } }),
      'GET /v2/companies/1/payments/received': () => ({
        body: { data: [], info: { hits: 0, totalCents: 0 } },
      }),
    });
    await receivedList.open();
    await receivedList.query({ page: 2 });
    const asked = calls.filter(
      (call) => call.url.includes('/payments/') && queryOf(call.url).totals === 'false',
    );
    // The first page asked beside the settings at the default size, then again at the company's.
    expect(asked.map((call) => [queryOf(call.url).limit, queryOf(call.url).offset])).toEqual([
      ['20', '0'],
      ['25', '0'],
      ['25', '50'],
    ]);
    expect(receivedList.$list.get().pageSize).toBe(25);
  });

  it('while the page size is still being read, the latest query is the one shown', async () => {
    forgetDocumentsPerPage();
    localStorage.setItem('bo-elements:documents-per-page:1', '25');
    const { calls } = mockFetch({
      'GET /v2/companies/1/document-settings': () => ({ body: { data: { documentsPerPage: 25 } } }),
      'GET /v2/companies/1/payments/received': () => ({
        body: { data: [], info: { hits: 0, totalCents: 0 } },
      }),
    });
    await Promise.all([receivedList.query({ page: 1 }), receivedList.query({ page: 3 })]);
    const asked = calls.filter(
      (call) => call.url.includes('/payments/') && queryOf(call.url).totals === 'false',
    );
    // Both asked beside the settings at the size this browser last saw, which was right.
    expect(asked.map((call) => queryOf(call.url).offset)).toEqual(['25', '75']);
    expect(calls.filter((call) => call.url.endsWith('/document-settings'))).toHaveLength(1);
    expect(receivedList.$list.get()).toMatchObject({ page: 3, pageSize: 25, load: 'loaded' });
  });

  it('asks the page alone (totals=false) and the count and total once per filter (totals=only)', async () => {
    const rows = makeOutstanding(3);
    const { calls } = mockFetch({
      'GET /v2/companies/1/payments/outstanding': (call) =>
        queryOf(call.url).totals === 'only'
          ? { body: { data: [], info: { hits: 1234, totalCents: 987_654 } } }
          : { body: { data: rows, info: {} } },
    });
    await outstandingList.open();
    expect(calls.map((call) => queryOf(call.url))).toEqual([
      { sort: 'dueDate', order: 'asc', limit: '500', offset: '0', totals: 'false' },
      { totals: 'only' },
    ]);
    expect(outstandingList.$list.get()).toMatchObject({
      load: 'loaded',
      rows,
      hits: 1234,
      totalCents: 987_654,
    });
    await outstandingList.query({ customerId: 4, overdue: 'true', q: ' FA-2026 ' });
    const filters = { customerId: '4', overdue: 'true', q: 'FA-2026' };
    expect(calls.slice(2).map((call) => queryOf(call.url))).toEqual([
      { ...filters, sort: 'dueDate', order: 'asc', limit: '500', offset: '0', totals: 'false' },
      { ...filters, totals: 'only' },
    ]);
    // Sorting and paging under the same filters ask the page alone: the totals held stay shown.
    await outstandingList.sortBy('balance');
    await outstandingList.sortBy('balance');
    await outstandingList.query({ page: 1 });
    expect(calls.slice(4).map((call) => queryOf(call.url))).toEqual([
      { ...filters, sort: 'balance', order: 'asc', limit: '500', offset: '0', totals: 'false' },
      { ...filters, sort: 'balance', order: 'desc', limit: '500', offset: '0', totals: 'false' },
      { ...filters, sort: 'balance', order: 'desc', limit: '500', offset: '500', totals: 'false' },
    ]);
    expect(outstandingList.$list.get()).toMatchObject({ load: 'loaded', hits: 1234, totalCents: 987_654 });
    // After a batch the rows changed: the same query asks its count and total again.
    await outstandingList.refresh();
    expect(calls.slice(7).map((call) => queryOf(call.url).totals)).toEqual(['false', 'only']);
  });

  it('the selection counts and totals the checked rows, across pages, until cleared', async () => {
    const rows = makeReceived(4);
    mockFetch({
      'GET /v2/companies/1/payments/received': () => ({
        body: { data: rows, info: { hits: 4, totalCents: 1 } },
      }),
    });
    await receivedList.open();
    receivedList.toggle(rows[0]!);
    receivedList.toggle(rows[2]!);
    receivedList.toggle(rows[3]!);
    receivedList.toggle(rows[3]!);
    let selection = receivedList.selection(receivedList.$list.get());
    expect(selection.count).toBe(2);
    expect(selection.totalCents).toBe(rows[0]!.amountCents + rows[2]!.amountCents);
    await receivedList.query({ page: 1 });
    expect(receivedList.selection(receivedList.$list.get()).count).toBe(2);
    receivedList.togglePage();
    selection = receivedList.selection(receivedList.$list.get());
    expect(selection.count).toBe(4);
    receivedList.togglePage();
    expect(receivedList.selection(receivedList.$list.get()).count).toBe(0);
    receivedList.toggle(rows[1]!);
    receivedList.clearSelection();
    expect(receivedList.selection(receivedList.$list.get()).count).toBe(0);
  });

  it('a failed load says so and keeps the rows shown', async () => {
    mockFetch({
      'GET /v2/companies/1/payments/received': () => ({
        status: 500,
        body: { error: { key: 'internal_error' } },
      }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await receivedList.load();
    expect(receivedList.$list.get().load).toBe('failed');
  });

  it('waits for a company, and an answer overtaken by a newer request is dropped, success or failure', async () => {
    const rows = makeOutstanding(2);
    const pending: ((answer: { status?: number; body?: unknown }) => void)[] = [];
    // The pages wait for the test to answer them; the totals answer at once, by search.
    const totalsOf: Record<string, { hits: number; totalCents: number }> = {
      ancien: { hits: 9, totalCents: 9 },
      nouveau: { hits: 2, totalCents: 42 },
      encore: { hits: 2, totalCents: 42 },
      dernier: { hits: 0, totalCents: 0 },
    };
    const { calls } = mockFetch({
      'GET /v2/companies/1/payments/outstanding': (call) => {
        const query = queryOf(call.url);
        if (query.totals === 'only') return { body: { data: [], info: totalsOf[query.q!] } };
        return new Promise((resolve) => pending.push(resolve));
      },
    });
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: null, isAdmin: false, scopes: [] });
    await outstandingList.load();
    expect(calls).toHaveLength(0);

    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const first = outstandingList.query({ q: 'ancien' });
    const second = outstandingList.query({ q: 'nouveau' });
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    pending[1]!({ body: { data: rows, info: {} } });
    await second;
    pending[0]!({ status: 500, body: { error: { key: 'internal_error' } } });
    await first;
    expect(outstandingList.$list.get()).toMatchObject({ load: 'loaded', hits: 2, totalCents: 42 });

    const third = outstandingList.query({ q: 'encore' });
    const fourth = outstandingList.query({ q: 'dernier' });
    await vi.waitFor(() => expect(pending).toHaveLength(4));
    pending[3]!({ body: { data: [], info: {} } });
    await fourth;
    pending[2]!({ body: { data: rows, info: {} } });
    await third;
    expect(outstandingList.$list.get()).toMatchObject({ load: 'loaded', hits: 0, rows: [] });
  });
});
