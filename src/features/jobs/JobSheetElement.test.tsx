import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invalidateKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { $router } from '../../routes/router';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { JobSheetElement } from './JobSheetElement';
import { job } from './testing/jobFixtures';

describe('<bo-job-sheet job-id> on a platform page', () => {
  let stopRouter = () => {};
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: 'https://client.example' });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 2, enterpriseId: 1, isAdmin: false, scopes: [] });
    stopRouter = $router.listen(() => {});
    // A platform page: no route of the client's table says which job.
    history.replaceState(null, '', '/app/prive/');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  afterEach(() => {
    stopRouter();
    invalidateKeys(() => true);
    resetSession();
    setTokenCookie(null);
    history.replaceState(null, '', '/');
  });

  it('shows the job its attribute names', async () => {
    const { calls } = mockFetch({
      [`GET /v2/companies/1/business-jobs/${job.id}`]: () => ({ body: { data: job } }),
      'GET /v2/companies/1/users': () => ({ body: { data: [] } }),
      'GET /v2/companies/1/customers': () => ({ body: { data: [], info: { hits: 0 } } }),
    });
    render(<JobSheetElement jobId={job.id} />);
    // The sheet's loading screen says « Affaire » first; then the job's own heading.
    expect(await screen.findByRole('heading', { level: 1, name: `Affaire : ${job.name}` })).toBeTruthy();
    expect(
      calls.some((call) => new URL(call.url).pathname === `/v2/companies/1/business-jobs/${job.id}`),
    ).toBe(true);
  });

  it('two sheets on one page each show the job their attribute names', async () => {
    const other = { ...job, id: job.id + 1, name: 'Extension garage' };
    mockFetch({
      [`GET /v2/companies/1/business-jobs/${job.id}`]: () => ({ body: { data: job } }),
      [`GET /v2/companies/1/business-jobs/${other.id}`]: () => ({ body: { data: other } }),
      'GET /v2/companies/1/users': () => ({ body: { data: [] } }),
      'GET /v2/companies/1/customers': () => ({ body: { data: [], info: { hits: 0 } } }),
    });
    render(
      <>
        <JobSheetElement jobId={job.id} />
        <JobSheetElement jobId={other.id} />
      </>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: `Affaire : ${job.name}` })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: `Affaire : ${other.name}` })).toBeTruthy();
  });

  it('shows nothing without a valid id', () => {
    const { container } = render(<JobSheetElement jobId={Number.NaN} />);
    expect(container.innerHTML).toBe('');
  });
});
