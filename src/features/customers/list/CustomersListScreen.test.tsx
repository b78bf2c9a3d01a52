import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { makeCustomers } from '../testing/customerFixtures';
import { CustomersListScreen } from './CustomersListScreen';
import { resetCustomerList } from './customerListStore';

const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

function serve(hits: number) {
  return mockFetch({
    'GET /v2/companies/1/customers': ({ url }) => {
      const { q } = queryOf(url);
      const total = q === 'personne' ? 0 : hits;
      return { body: { data: makeCustomers(Math.min(50, total)), info: { hits: total } } };
    },
  });
}

describe('customer list screen', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    resetCustomerList();
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('shows a page of customers with links to their sheets and the count', async () => {
    serve(10_000);
    render(<CustomersListScreen />);
    expect(screen.getByRole('heading', { level: 1, name: 'Gestion clients' })).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getByRole('link', { name: 'Bernard Bâtiment 1' }).getAttribute('href')).toBe(
      '/gestion-clients/1',
    );
    expect(screen.getByText('1–50 sur 10 000 clients')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Nom/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('keeps the rows shown before under the message when a page fails to load', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /v2/companies/1/customers': ({ url }) =>
        queryOf(url).offset === '0'
          ? { body: { data: makeCustomers(50), info: { hits: 120 } } }
          : { status: 500, body: { error: { key: 'internal_error' } } },
    });
    render(<CustomersListScreen />);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Réessayer'),
    );
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'Bernard Bâtiment 1' })).toBeTruthy();
  });

  it('searches, sorts and filters through the server', async () => {
    const user = userEvent.setup();
    const { calls } = serve(120);
    render(<CustomersListScreen />);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un client' }), 'lyon');
    await waitFor(() => expect(queryOf(calls.at(-1)!.url).q).toBe('lyon'));
    await user.click(screen.getByRole('button', { name: /Ville/ }));
    await waitFor(() => expect(queryOf(calls.at(-1)!.url)).toMatchObject({ sort: 'city', order: 'asc' }));
    await user.click(screen.getByRole('button', { name: /Ville/ }));
    await waitFor(() => expect(queryOf(calls.at(-1)!.url).order).toBe('desc'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type de client' }), 'Particulier');
    await waitFor(() =>
      expect(queryOf(calls.at(-1)!.url)).toMatchObject({ type: 'private', q: 'lyon', sort: 'city' }),
    );
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    await waitFor(() => expect(queryOf(calls.at(-1)!.url).offset).toBe('50'));
  });

  it('with no customer at all, offers to create the first one', async () => {
    serve(0);
    render(<CustomersListScreen />);
    expect(await screen.findByText('Aucun client pour le moment.')).toBeTruthy();
    const links = screen.getAllByRole('link', { name: 'Nouveau client' });
    expect(links.map((link) => link.getAttribute('href'))).toContain('/gestion-clients/nouveau');
  });

  it('with a search that finds nobody, says so', async () => {
    const user = userEvent.setup();
    serve(3);
    render(<CustomersListScreen />);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un client' }), 'personne{Enter}');
    expect(await screen.findByText('Aucun client ne correspond à votre recherche.')).toBeTruthy();
  });

  it('pages with first, previous, numbers, next and last, from the keyboard too', async () => {
    const user = userEvent.setup();
    const { calls } = serve(10_000);
    render(<CustomersListScreen />);
    await screen.findByRole('table');
    const pager = screen.getByRole('navigation', { name: 'Pages de la liste des clients' });
    expect(within(pager).getByLabelText('Page 1').getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByLabelText('Première page')).toHaveProperty('disabled', true);
    expect(within(pager).getByLabelText('Page précédente')).toHaveProperty('disabled', true);
    expect(within(pager).getByLabelText('Page 200').textContent).toBe('200');

    await user.click(within(pager).getByLabelText('Dernière page'));
    await waitFor(() => expect(queryOf(calls.at(-1)!.url).offset).toBe('9950'));
    expect(await screen.findByText('9 951–10 000 sur 10 000 clients')).toBeTruthy();
    expect(within(pager).getByLabelText('Page 200').getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByLabelText('Dernière page')).toHaveProperty('disabled', true);
    expect(within(pager).getByLabelText('Page suivante')).toHaveProperty('disabled', true);

    within(pager).getByLabelText('Page 199').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(queryOf(calls.at(-1)!.url).offset).toBe('9900'));
    await user.tab({ shift: true });
    await user.keyboard(' ');
    await waitFor(() => expect(queryOf(calls.at(-1)!.url).offset).not.toBe('9900'));
    await user.click(within(pager).getByLabelText('Première page'));
    await waitFor(() => expect(queryOf(calls.at(-1)!.url).offset).toBe('0'));
  });

  it('shows that a page is on its way: the rows stay, the table is busy, with a visible message', async () => {
    const user = userEvent.setup();
    let release: (() => void) | undefined;
    mockFetch({
      'GET /v2/companies/1/customers': ({ url }) => {
        const answer = { body: { data: makeCustomers(50), info: { hits: 120 } } };
        if (queryOf(url).offset === '0') return answer;
        return new Promise((resolve) => (release = () => resolve(answer)));
      },
    });
    render(<CustomersListScreen />);
    const table = await screen.findByRole('table');
    expect(table.getAttribute('aria-busy')).toBe('false');
    expect(screen.queryByText('Chargement des clients…')).toBeNull();
    await user.click(screen.getByLabelText('Page suivante'));
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('true'));
    expect(screen.getByText('Chargement des clients…')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Bernard Bâtiment 1' })).toBeTruthy();
    release!();
    await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByText('Chargement des clients…')).toBeNull();
  });
});
