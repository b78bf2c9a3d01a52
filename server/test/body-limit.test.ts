/** Body limits: refused with 413 `payload_too_large` before the body is read into memory. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimitsByRoute, defaultBodyLimit } from '../src/http/body-limit.js';
import { testPassword } from './support/constants.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let token: string;
beforeAll(async () => {
  h = await bootHarness();
  token = await h.tokenFor('admin@demo.fr');
});
afterAll(() => h.close());

const loginLimit = bodyLimitsByRoute.find((r) => r.path === '/login')!.maxSize;

/** A 200 MB body sent in 64 KiB chunks (no Content-Length), counting how many the server pulled. */
function endlessBody() {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const total = (200 * 1024 * 1024) / chunk.length;
  const stream = {
    pulled: 0,
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (stream.pulled >= total) return controller.close();
        stream.pulled += 1;
        controller.enqueue(chunk);
      },
    }),
  };
  return stream;
}

const post = (path: string, body: RequestInit['body'], headers: Record<string, string> = {}) =>
  h.apps.platform.request(path, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

describe('POST /login', () => {
  it('a 200 MB streamed body is refused after reading only a few KB of it', async () => {
    const stream = endlessBody();
    const response = await post('/login', stream.body, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { key: 'payload_too_large' } });
    // One chunk over the limit, plus what the stream buffers ahead: nowhere near 200 MB.
    expect(stream.pulled * 64 * 1024).toBeLessThan(1024 * 1024);
  });

  it('a declared Content-Length over the limit is refused before any byte is read', async () => {
    const stream = endlessBody();
    const response = await post('/login', stream.body, {
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(200 * 1024 * 1024),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { key: 'payload_too_large' } });
    expect(stream.pulled).toBeLessThanOrEqual(1);
  });

  it('a real sign-in, with a long redirect, is well under the limit', async () => {
    const redirect = `/app/reporting?${'x'.repeat(2000)}`;
    const body = new URLSearchParams({ email: 'user@demo.fr', password: testPassword, redirect });
    expect(body.toString().length).toBeLessThan(loginLimit);
    expect((await post('/login', body)).status).toBe(303);
    const tooBig = new URLSearchParams({
      email: 'user@demo.fr',
      password: testPassword,
      redirect: 'x'.repeat(loginLimit),
    });
    expect((await post('/login', tooBig)).status).toBe(413);
  });
});

describe('the API', () => {
  it(`refuses a JSON body over ${defaultBodyLimit} bytes with 413, and reads it no further`, async () => {
    const stream = endlessBody();
    const response = await post('/v2/companies/1/customers', stream.body, {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: { key: 'payload_too_large' } });
    expect(stream.pulled * 64 * 1024).toBeLessThan(defaultBodyLimit + 1024 * 1024);
  });

  it('accepts an ordinary body', async () => {
    const response = await h.request('POST', '/v2/companies/1/customers', {
      token,
      json: { type: 'private', lastName: 'Lefèvre', comments: 'Portail à repeindre. '.repeat(20) },
    });
    expect(response.status).toBe(200);
  });
});
