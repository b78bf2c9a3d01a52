import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BusinessJob } from '../../api/businessJobs';
import { invalidateKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { $router } from '../../routes/router';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { JobsList, JobsListView } from './JobsList';

const job = (id: number, ownerName: string | null): BusinessJob => ({
  id,
  version: 1,
  name: `Affaire ${id}`,
  customerId: id,
  customerName: `Client ${id}`,
  siteAddress: '',
  deliveryDate: null,
  retainageBasisPoints: 0,
  ownerUserId: ownerName ? id : null,
  ownerName,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('jobs list', () => {
  it('names each job’s owner, a dash without one', () => {
    render(
      <JobsListView
        title="Mes affaires"
        state={{ data: [job(1, 'Lucas Bernard'), job(2, null)], info: { hits: 2 } }}
        q=""
        page={0}
        onSearch={() => {}}
        onPage={() => {}}
        onRetry={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Mes affaires' });
    expect(within(table).getByRole('columnheader', { name: 'Responsable' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[3]!.textContent).toBe('Lucas Bernard');
    expect(within(rows[1]!).getAllByRole('cell')[3]!.textContent).toBe('—');
  });
});

describe('jobs list through the data layer', () => {
  let stopRouter = () => {};
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 2, enterpriseId: 1, isAdmin: false, scopes: [] });
    stopRouter = $router.listen(() => {});
  });
  afterEach(() => {
    stopRouter();
    invalidateKeys(() => true);
    resetSession();
    setTokenCookie(null);
    history.replaceState(null, '', '/');
  });

  it('Mes affaires asks for the user’s jobs of the session’s company; the search goes to the address', async () => {
    const { calls } = mockFetch({
      'GET /v2/companies/1/business-jobs': ({ url }) => {
        const q = new URL(url).searchParams.get('q');
        const data = q ? [job(2, null)] : [job(1, 'Lucas Bernard'), job(2, null)];
        return { body: { data, info: { hits: data.length } } };
      },
    });
    history.replaceState(null, '', '/mes-affaires');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const user = userEvent.setup();
    render(<JobsList mine />);
    const table = await screen.findByRole('table', { name: 'Mes affaires' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(new URL(calls[0]!.url).searchParams.get('mine')).toBe('true');
    expect(screen.getByRole('link', { name: 'Nouvelle affaire' }).getAttribute('href')).toContain(
      '/affaires/nouvelle',
    );
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une affaire' }), 'Affaire 2');
    await waitFor(() => expect(location.search).toBe('?recherche=Affaire+2'));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Mes affaires' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(new URL(calls.at(-1)!.url).searchParams.get('q')).toBe('Affaire 2');
  });
});
