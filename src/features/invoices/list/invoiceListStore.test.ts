import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { forgetDocumentsPerPage, setDocumentsPerPage } from '../../preferences/documentsPerPage';
import { invoicePage, makeInvoices } from '../testing/invoiceFixtures';
import {
  $invoiceList,
  defaultListQuery,
  loadInvoices,
  openInvoiceList,
  queryFromSearch,
  queryInvoices,
  resetInvoiceList,
  searchFromQuery,
  selectedTotals,
  sortInvoices,
  togglePageSelected,
  toggleSelected,
} from './invoiceListStore';

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);
/** The page requests (totals=false) and the count-and-sums requests (totals=only). */
const pages = (calls: { url: string }[]) => calls.filter((call) => queryOf(call.url).totals === 'false');
const totalsAsked = (calls: { url: string }[]) => calls.filter((call) => queryOf(call.url).totals === 'only');

function serve(hits = 100_000, documentsPerPage = 50) {
  return mockFetch({
    // « Documents par page » of the document settings: the page size.
    'GET /v2/companies/1/document-settings': () => ({ body: { data: { documentsPerPage } } }),
    'GET /v2/companies/1/invoices': ({ url }) => {
      const offset = Number(new URL(url).searchParams.get('offset'));
      return { body: invoicePage(makeInvoices(50, offset + 1), hits) };
    },
  });
}

describe('Mes factures store', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    resetInvoiceList();
    forgetDocumentsPerPage();
    localStorage.clear();
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('loads the first page, newest first, with the hits and the totals of the whole selection', async () => {
    const { calls } = serve();
    await loadInvoices();
    // Asked beside the document settings at the default size, then at the company's (50).
    expect(pages(calls).map((call) => queryOf(call.url).limit)).toEqual(['20', '50']);
    expect(queryOf(pages(calls)[1]!.url)).toEqual({
      sort: 'date',
      order: 'desc',
      limit: '50',
      offset: '0',
      totals: 'false',
    });
    // The count and sums are asked on their own, for the filters only.
    expect(totalsAsked(calls).map((call) => queryOf(call.url))).toEqual([{ totals: 'only' }]);
    const state = $invoiceList.get();
    expect(state).toMatchObject({ load: 'loaded', hits: 100_000 });
    expect(state.rows).toHaveLength(50);
    expect(state.totals.totalInclTaxCents).toBe(
      invoicePage(makeInvoices(50, 1)).info.totals.totalInclTaxCents,
    );
  });

  it('turns the filters into the API’s query; overdue is validated and past due', async () => {
    setDocumentsPerPage(1, 50); // known: these are about the query, not the page size
    const { calls } = serve();
    await queryInvoices({
      q: ' FA-2026 ',
      status: 'overdue',
      kind: 'progress',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(queryOf(pages(calls)[0]!.url)).toEqual({
      q: 'FA-2026',
      overdue: 'true',
      kind: 'progress',
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'date',
      order: 'desc',
      limit: '50',
      offset: '0',
      totals: 'false',
    });
    expect(queryOf(totalsAsked(calls)[0]!.url)).toEqual({
      q: 'FA-2026',
      overdue: 'true',
      kind: 'progress',
      from: '2026-11-01',
      to: '2026-11-30',
      totals: 'only',
    });
    await queryInvoices({ status: 'PROVISOIRE' });
    expect(queryOf(pages(calls)[1]!.url)).toMatchObject({ status: 'PROVISOIRE' });
    expect(queryOf(pages(calls)[1]!.url)).not.toHaveProperty('overdue');
  });

  it('pages on the server, and a new filter goes back to the first page', async () => {
    setDocumentsPerPage(1, 50); // known: these are about the query, not the page size
    const { calls } = serve();
    await queryInvoices({ page: 3 });
    expect(queryOf(pages(calls)[0]!.url).offset).toBe('150');
    await queryInvoices({ kind: 'deposit' });
    expect(queryOf(pages(calls)[1]!.url).offset).toBe('0');
    expect($invoiceList.get().page).toBe(0);
  });

  it('pages by the company’s « Documents par page », read once; a saved new value is used at once', async () => {
    const { calls } = serve(100_000, 20);
    await queryInvoices({ page: 2 });
    expect(queryOf(pages(calls)[0]!.url)).toMatchObject({ limit: '20', offset: '40' });
    expect($invoiceList.get().pageSize).toBe(20);
    await queryInvoices({ page: 3 });
    expect(calls.filter((call) => call.url.endsWith('/document-settings'))).toHaveLength(1);
    setDocumentsPerPage(1, 100);
    await queryInvoices({ page: 1 });
    expect(queryOf(pages(calls)[2]!.url)).toMatchObject({ limit: '100', offset: '100' });
    expect(calls.filter((call) => call.url.endsWith('/document-settings'))).toHaveLength(1);
  });

  it('while the page size is still being read, the latest query is the one shown', async () => {
    const { calls } = serve(100_000, 20);
    await Promise.all([queryInvoices({ page: 1 }), queryInvoices({ page: 4 })]);
    // Both asked beside the settings at the default size, which was the company's: read once.
    expect(pages(calls).map((call) => queryOf(call.url).offset)).toEqual(['20', '80']);
    expect(calls.filter((call) => call.url.endsWith('/document-settings'))).toHaveLength(1);
    expect($invoiceList.get()).toMatchObject({ page: 4, pageSize: 20, load: 'loaded' });
    expect($invoiceList.get().rows[0]?.id).toBe(makeInvoices(1, 81)[0]?.id);
  });

  it('asks the page and the count and sums at once, beside the document settings, not after them', async () => {
    let answerSettings = () => {};
    const settings = new Promise<void>((resolve) => {
      answerSettings = resolve;
    });
    const { calls } = mockFetch({
      'GET /v2/companies/1/document-settings': async () => {
        await settings;
        return { body: { data: { documentsPerPage: 20 } } };
      },
      'GET /v2/companies/1/invoices': () => ({ body: invoicePage(makeInvoices(20, 1), 100_000) }),
    });
    const loading = loadInvoices();
    await vi.waitFor(() => {
      expect(pages(calls)).toHaveLength(1);
      expect(totalsAsked(calls)).toHaveLength(1);
    });
    answerSettings();
    await loading;
    expect(pages(calls)).toHaveLength(1);
    expect($invoiceList.get()).toMatchObject({ load: 'loaded', pageSize: 20, hits: 100_000 });
  });

  it('asks the count and sums once per filter: paging and sorting keep them, a new filter or visit asks again', async () => {
    const { calls } = serve(100_000, 20);
    await openInvoiceList('');
    await queryInvoices({ page: 1 });
    await queryInvoices({ page: 2 });
    await sortInvoices('customer');
    expect(pages(calls)).toHaveLength(4);
    expect(totalsAsked(calls)).toHaveLength(1);
    expect($invoiceList.get()).toMatchObject({ hits: 100_000, page: 0, sort: 'customer' });
    await queryInvoices({ kind: 'deposit' });
    expect(totalsAsked(calls).map((call) => queryOf(call.url))).toEqual([
      { totals: 'only' },
      { kind: 'deposit', totals: 'only' },
    ]);
    await openInvoiceList('?type=deposit');
    expect(totalsAsked(calls)).toHaveLength(3);
  });

  it('sorts: the same column flips the order, another starts descending', async () => {
    setDocumentsPerPage(1, 50); // known: these are about the query, not the page size
    const { calls } = serve();
    await sortInvoices('date');
    await sortInvoices('customer');
    expect(pages(calls).map((call) => [queryOf(call.url).sort, queryOf(call.url).order])).toEqual([
      ['date', 'asc'],
      ['customer', 'desc'],
    ]);
  });

  it('reads and writes its query in the address, ignoring values it does not know', async () => {
    const query = queryFromSearch(
      '?q=dupont&statut=overdue&type=deposit&du=2026-01-01&au=2026-01-31&tri=customer&ordre=asc&page=3',
    );
    expect(query).toEqual({
      q: 'dupont',
      status: 'overdue',
      kind: 'deposit',
      from: '2026-01-01',
      to: '2026-01-31',
      sort: 'customer',
      order: 'asc',
      page: 2,
    });
    expect(searchFromQuery(query)).toBe(
      '?q=dupont&statut=overdue&type=deposit&du=2026-01-01&au=2026-01-31&tri=customer&ordre=asc&page=3',
    );
    expect(queryFromSearch('?statut=x&type=y&du=hier&tri=z&page=-1')).toEqual(defaultListQuery());
    expect(searchFromQuery(defaultListQuery())).toBe('');
    const { calls } = serve();
    await openInvoiceList('?statut=PROVISOIRE');
    expect(queryOf(pages(calls)[0]!.url)).toMatchObject({ status: 'PROVISOIRE' });
  });

  it('selects rows one by one or the whole page, and sums what the server computed for them', async () => {
    serve();
    await loadInvoices();
    const [first, second] = $invoiceList.get().rows;
    toggleSelected(first!.id);
    toggleSelected(second!.id);
    expect(selectedTotals($invoiceList.get())).toEqual({
      count: 2,
      totalExclTaxCents: first!.totalExclTaxCents + second!.totalExclTaxCents,
      totalInclTaxCents: first!.totalInclTaxCents + second!.totalInclTaxCents,
      balanceCents: first!.balanceCents + second!.balanceCents,
    });
    toggleSelected(first!.id);
    expect($invoiceList.get().selected).toEqual([second!.id]);
    togglePageSelected();
    expect($invoiceList.get().selected).toHaveLength(50);
    togglePageSelected();
    expect($invoiceList.get().selected).toEqual([]);
  });

  it('keeps the rows shown after a failure, and drops a late answer to an older query', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    serve();
    await loadInvoices();
    mockFetch({
      'GET /v2/companies/1/invoices': () => ({ status: 500, body: { error: { key: 'internal_error' } } }),
    });
    await loadInvoices();
    expect($invoiceList.get()).toMatchObject({ load: 'failed' });
    expect($invoiceList.get().rows).toHaveLength(50);

    let release: () => void = () => {};
    mockFetch({
      'GET /v2/companies/1/invoices': async ({ url }) => {
        if (queryOf(url).q === 'lent' && queryOf(url).totals === 'false')
          await new Promise<void>((resolve) => (release = resolve));
        return { body: invoicePage(makeInvoices(2), 2) };
      },
    });
    const slow = queryInvoices({ q: 'lent' });
    await queryInvoices({ q: 'vite' });
    release();
    await slow;
    expect($invoiceList.get()).toMatchObject({ q: 'vite', hits: 2, load: 'loaded' });

    const waiting: (() => void)[] = [];
    mockFetch({
      'GET /v2/companies/1/invoices': async () => {
        await new Promise<void>((resolve) => waiting.push(resolve));
        return { status: 500, body: {} };
      },
    });
    const failing = loadInvoices();
    resetInvoiceList();
    for (const fail of waiting) fail();
    await failing;
    expect($invoiceList.get().load).toBe('idle');
  });

  it('waits for the session’s company', async () => {
    const { calls } = serve();
    resetSession();
    await loadInvoices();
    expect(calls).toHaveLength(0);
  });
});
