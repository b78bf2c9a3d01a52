import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setConfig } from '../config/config';
import { $session, resetSession } from '../session/session';
import { mockFetch } from '../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../test/tokens';
import { $companyPath, createApiStore, invalidateCompanyKeys, invalidateKeys } from './query';

const answer = z.object({ data: z.array(z.string()) });
const signIn = (enterpriseId: number, userId = 2) =>
  $session.set({ status: 'signed-in', userId, enterpriseId, isAdmin: false, scopes: [] });

describe('the data layer', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
  });
  afterEach(() => {
    invalidateKeys(() => true);
    resetSession();
    setTokenCookie(null);
  });

  it('keys a store on the session’s company: nothing is asked before it is known, then its path', async () => {
    const { calls } = mockFetch({
      'GET /v2/companies/1/things': () => ({ body: { data: ['un'] } }),
      'GET /v2/companies/2/things': () => ({ body: { data: ['deux'] } }),
    });
    const $things = createApiStore(answer, [$companyPath, '/things']);
    const stop = $things.listen(() => {});
    expect(calls).toHaveLength(0);
    signIn(1);
    await waitFor(() => expect($things.get().data).toEqual({ data: ['un'] }));
    expect(calls.map((call) => call.url)).toEqual(['https://api.example/v2/companies/1/things']);
    signIn(2, 5);
    await waitFor(() => expect($things.get().data).toEqual({ data: ['deux'] }));
    // Back to the first company: its answer was dropped with the change of session, asked again.
    signIn(1);
    const firstCompany = () => calls.filter((call) => call.url.endsWith('/companies/1/things'));
    await waitFor(() => expect(firstCompany().length).toBeGreaterThanOrEqual(2));
    expect(calls.every((call) => /\/companies\/[12]\/things$/.test(call.url))).toBe(true);
    stop();
  });

  it('invalidates a resource’s keys after a change: the mounted store asks again', async () => {
    let count = 0;
    const { calls } = mockFetch({
      'GET /v2/companies/1/jobs': () => ({ body: { data: [String(++count)] } }),
    });
    signIn(1);
    const $jobs = createApiStore(answer, [$companyPath, '/jobs?limit=50']);
    const stop = $jobs.listen(() => {});
    await waitFor(() => expect($jobs.get().data).toEqual({ data: ['1'] }));
    invalidateCompanyKeys('/other');
    invalidateCompanyKeys('/jobs?');
    await waitFor(() => expect($jobs.get().data).toEqual({ data: ['2'] }));
    expect(calls).toHaveLength(2);
    stop();
  });

  it('parses the answer at the boundary: another shape is an error, not data', async () => {
    mockFetch({ 'GET /v2/companies/1/odd': () => ({ body: { data: 'pas une liste' } }) });
    signIn(1);
    const $odd = createApiStore(answer, [$companyPath, '/odd']);
    const stop = $odd.listen(() => {});
    await waitFor(() => expect($odd.get().error).toBeInstanceOf(Error));
    expect($odd.get().data).toBeUndefined();
    stop();
  });
});
