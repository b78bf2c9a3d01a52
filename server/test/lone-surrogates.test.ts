/**
 * Quiet data faults (issue 19, item 6): a JSON string holding a lone UTF-16 surrogate (`\uD800`
 * escaped) is refused with 422 and the field named, instead of being stored as U+FFFD.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loneSurrogatePaths } from '../src/http/validation.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
});
afterAll(() => h.close());

/** The body exactly as written: JSON.stringify would escape for us, a client may not. */
const postRaw = (body: string) =>
  h.request('POST', '/v2/companies/1/customers', {
    token,
    body,
    headers: { 'content-type': 'application/json' },
  });

describe('POST a customer whose name holds a lone surrogate', () => {
  it.each([
    ['a high one', String.raw`{"type":"private","lastName":"Dupont \uD800"}`],
    ['a low one', String.raw`{"type":"private","lastName":"\uDC00Dupont"}`],
    ['two highs', String.raw`{"type":"private","lastName":"\uD83D\uD83D"}`],
  ])('%s: 422 with the field named (refused before the route runs)', async (_, body) => {
    const response = await postRaw(body);
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error: { key: 'validation', fields: { lastName: 'invalid' } } });
  });

  it('a pair (an emoji) and an escaped backslash before « uD800 » are text like any other', async () => {
    const response = await postRaw(String.raw`{"type":"private","lastName":"Dupont \uD83D\uDE00 \\uD800"}`);
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { lastName: string } };
    expect(data.lastName).toBe('Dupont \u{1F600} \\uD800');
  });
});

describe('loneSurrogatePaths', () => {
  it('names strings and keys at any depth', () => {
    expect(loneSurrogatePaths({ a: 'ok', b: ['x', '\uDFFF'], c: { '\uD800': 1, d: 'é\u{1F600}' } })).toEqual([
      'b.1',
      'c',
    ]);
    expect(loneSurrogatePaths('\uD800')).toEqual(['_root']);
  });
});
