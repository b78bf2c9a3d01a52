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
import { JobsListElement } from './JobsListElement';

const job = (id: number): BusinessJob => ({
  id,
  version: 1,
  name: `Affaire ${id}`,
  customerId: id,
  customerName: `Client ${id}`,
  siteAddress: '',
  deliveryDate: null,
  retainageBasisPoints: 0,
  ownerUserId: null,
  ownerName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('<bo-jobs-list> on a platform page', () => {
  let stopRouter = () => {};
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: 'https://client.example' });
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

  it("lists the company's jobs and searches them, the platform page's address left alone", async () => {
    const { calls } = mockFetch({
      'GET /v2/companies/1/business-jobs': ({ url }) => {
        const q = new URL(url).searchParams.get('q');
        const data = q ? [job(2)] : [job(1), job(2)];
        return { body: { data, info: { hits: data.length } } };
      },
    });
    // A platform page: no route of the client's table.
    history.replaceState(null, '', '/app/prive/');
    window.dispatchEvent(new PopStateEvent('popstate'));
    const user = userEvent.setup();
    render(<JobsListElement />);
    const table = await screen.findByRole('table', { name: 'Affaires' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher une affaire' }), 'Affaire 2');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Affaires' })).getAllByRole('row')).toHaveLength(2),
    );
    expect(new URL(calls.at(-1)!.url).searchParams.get('q')).toBe('Affaire 2');
    expect(`${location.pathname}${location.search}`).toBe('/app/prive/');
  });
});
