import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setConfig } from '../config/config';
import { mockFetch } from '../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../test/tokens';
import { dispositionFileName, getJson, postJson } from './client';
import { ApiError, UnexpectedAnswerError } from './errors';

const token = makeToken(demoClaims);

describe('API client', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(token);
  });
  afterEach(() => setTokenCookie(null));

  it('calls the API host with the bearer token, JSON headers and credentials', async () => {
    const { calls } = mockFetch({ 'POST /v2/things': () => ({ body: { data: 1 } }) });
    await postJson('/v2/things', z.object({ data: z.number() }), { name: 'x' });
    const call = calls[0]!;
    expect(call.url).toBe('https://api.example/v2/things');
    expect(call.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.headers.get('Accept')).toBe('application/json');
    expect(call.credentials).toBe('include');
    expect(call.body).toEqual({ name: 'x' });
  });

  it('reads the token at call time and refuses to call without one', async () => {
    const { calls } = mockFetch({});
    setTokenCookie(null);
    await expect(getJson('/v2/things', z.unknown())).rejects.toThrow('Could not get user token');
    expect(calls).toHaveLength(0);
  });

  it('turns a failed answer into an ApiError with the server’s key', async () => {
    mockFetch({
      'POST /v2/users': () => ({
        status: 409,
        body: { error: { key: 'email_already_used', fields: { email: 'taken' } } },
      }),
    });
    const failure = await postJson('/v2/users', z.unknown(), {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, key: 'email_already_used', fields: { email: 'taken' } });
  });

  it('names an unreadable failure by its status', async () => {
    mockFetch({ 'GET /v2/a': () => ({ status: 401 }), 'GET /v2/b': () => ({ status: 502 }) });
    await expect(getJson('/v2/a', z.unknown())).rejects.toMatchObject({ key: 'unauthorized' });
    await expect(getJson('/v2/b', z.unknown())).rejects.toMatchObject({ key: 'internal_error' });
  });

  it('rejects an answer whose shape it does not expect', async () => {
    mockFetch({ 'GET /v2/things': () => ({ body: { data: 'not a number' } }) });
    await expect(getJson('/v2/things', z.object({ data: z.number() }))).rejects.toBeInstanceOf(
      UnexpectedAnswerError,
    );
  });

  it("parses with the shared contract's zod schemas the same way", async () => {
    mockFetch({ 'GET /v2/things': () => ({ body: { data: { id: 'seven' } } }) });
    const schema = z.object({ data: z.object({ id: z.number().int() }) });
    const failure = await getJson('/v2/things', schema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnexpectedAnswerError);
    expect((failure as Error).message).toMatch(/^Unexpected answer from \/v2\/things: × .*expected number/);
    mockFetch({ 'GET /v2/things': () => ({ body: { data: { id: 7, extra: true } } }) });
    expect(await getJson('/v2/things', schema)).toEqual({ data: { id: 7 } });
  });
});

describe('dispositionFileName', () => {
  it("reads the server's name: its UTF-8 form first, else the plain one, else the fallback", () => {
    expect(
      dispositionFileName(
        `attachment; filename="FA-2026-00001.pdf"; filename*=UTF-8''FA-2026-00001.pdf`,
        'x.pdf',
      ),
    ).toBe('FA-2026-00001.pdf');
    expect(
      dispositionFileName(
        `attachment; filename="Avoir _.pdf"; filename*=UTF-8''Avoir%20%C3%A9t%C3%A9.pdf`,
        'x',
      ),
    ).toBe('Avoir été.pdf');
    expect(dispositionFileName('attachment; filename=facture-provisoire-12.pdf', 'x.pdf')).toBe(
      'facture-provisoire-12.pdf',
    );
    expect(dispositionFileName(null, 'facture-12.pdf')).toBe('facture-12.pdf');
  });
});
