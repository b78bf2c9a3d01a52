/**
 * Issue 27: the answers built on each request (API JSON, the platform's pages, the SPA's page)
 * travel compressed to a browser that asks for it (http/compress.ts), and decompress to the bytes
 * an answer without compression has. Built files keep their precompressed copies
 * (static-compression.test.ts). The apps here are not contract-checked: the checker reads bodies
 * as text, and the same answers uncompressed are checked by every other file.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Apps, createApps } from '../src/app.js';
import { chooseEncoding, compressAnswers } from '../src/http/compress.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
let apps: Apps;
let token: string;
beforeAll(async () => {
  h = await bootHarness();
  apps = createApps({ config: h.config, db: h.db, log: h.log });
  token = await h.tokenFor('admin@demo.fr');
});
afterAll(() => h.close());

// What Chromium sends.
const chromium = 'gzip, deflate, br, zstd';
const get = (url: string, acceptEncoding?: string, on: Hono = apps.platform as unknown as Hono) =>
  on.request(url, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
const customers = '/v2/companies/1/customers?limit=50&offset=0';

describe('API answers', () => {
  it('come in brotli to a browser that accepts it, the same bytes once decompressed', async () => {
    const plain = await get(customers);
    const raw = await bytes(plain);
    expect(raw.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();

    const packed = await get(customers, chromium);
    expect(packed.status).toBe(200);
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(packed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(packed.headers.get('vary')).toMatch(/(^|,\s*)Accept-Encoding(,|$)/i);
    // CORS's Vary: Origin is kept beside it.
    expect(packed.headers.get('vary')).toMatch(/origin/i);
    const body = await bytes(packed);
    expect(Number(packed.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(raw.length / 2);
    expect(zlib.brotliDecompressSync(body).equals(raw)).toBe(true);
  });

  it('come in gzip without brotli, or when gzip is preferred; as they are when neither is accepted', async () => {
    const raw = await bytes(await get(customers));
    for (const accept of ['gzip, deflate', 'br;q=0.5, gzip', 'gzip, br;q=0']) {
      const packed = await get(customers, accept);
      expect(packed.headers.get('content-encoding')).toBe('gzip');
      expect(zlib.gunzipSync(await bytes(packed)).equals(raw)).toBe(true);
    }
    for (const accept of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', 'zstd']) {
      const plain = await get(customers, accept);
      expect(plain.headers.get('content-encoding')).toBeNull();
      // A shared cache must not hand this answer to a browser that asked for brotli, nor the reverse.
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
      expect((await bytes(plain)).equals(raw)).toBe(true);
    }
  });

  it('under 1 KiB, errors included, stay as they are', async () => {
    const small = await get('/v2/companies/1/customers?limit=1&offset=0&q=zzzzzz', chromium);
    expect(small.status).toBe(200);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await small.text())).toMatchObject({ data: [] });
    const refused = await get('/v2/companies/2/customers', chromium);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(await refused.text())).toHaveProperty('error.key');
  });
});

describe('pages built on each request', () => {
  it('the sign-in page comes compressed, its nonce the one its CSP names', async () => {
    const page = await get('/login', 'br');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-encoding')).toBe('br');
    const html = zlib.brotliDecompressSync(await bytes(page)).toString();
    expect(html).toMatch(/^<!doctype html>/i);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  it("the SPA's page comes compressed when it is large enough", async () => {
    // The built SPA's page names its entry's styles and chunks: over 1 KiB as built.
    fs.writeFileSync(
      path.join(h.distDir, 'app', 'index.html'),
      `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/chunk-0123abcd.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`,
    );
    const page = await get('/factures', 'gzip', apps.client as unknown as Hono);
    expect(page.status).toBe(200);
    const html = zlib.gunzipSync(await bytes(page)).toString();
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(html).toContain('id="bo-config"');
  });

  it('HEAD gets the headers without a body, never an encoded length', async () => {
    const head = await apps.platform.request('/login', {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.headers.get('content-encoding')).toBeNull();
  });
});

describe('what is never compressed on a request', () => {
  // A stand-in for the app's other answers: the middleware decides from the answer's headers.
  const big = 'x'.repeat(4000);
  const app = new Hono()
    .use('*', compressAnswers())
    .get('/pdf', (c) => c.body(big, 200, { 'content-type': 'application/pdf' }))
    .get('/zip', (c) => c.body(big, 200, { 'content-type': 'application/zip' }))
    .get('/png', (c) => c.body(big, 200, { 'content-type': 'image/png' }))
    .get('/csv', (c) =>
      c.body(big, 200, { 'content-type': 'text/csv; charset=utf-8', 'content-length': String(big.length) }),
    )
    .get('/no-transform', (c) =>
      c.body(JSON.stringify({ big }), 200, {
        'content-type': 'application/json',
        'cache-control': 'private, no-transform',
      }),
    )
    .get('/partial', (c) => c.body(JSON.stringify({ big }), 206, { 'content-type': 'application/json' }))
    .get('/packed', (c) =>
      c.body(zlib.gzipSync(JSON.stringify({ big })), 200, {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
      }),
    )
    .get('/etag', (c) =>
      c.body(JSON.stringify({ big }), 200, { 'content-type': 'application/json', etag: '"v1"' }),
    );

  it('PDFs, archives, images, streamed downloads, no-transform, partial or already encoded answers', async () => {
    for (const url of ['/pdf', '/zip', '/png', '/csv', '/no-transform', '/partial']) {
      const response = await app.request(url, { headers: { 'accept-encoding': chromium } });
      expect(response.headers.get('content-encoding'), url).toBeNull();
      expect((await response.text()).includes(big), url).toBe(true);
    }
    const csv = await app.request('/csv', { headers: { 'accept-encoding': 'br' } });
    expect(csv.headers.get('content-length')).toBe(String(big.length));
    const packed = await app.request('/packed', { headers: { 'accept-encoding': 'br' } });
    expect(packed.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(await bytes(packed)).toString())).toEqual({ big });
  });

  it('a strong ETag set upstream becomes weak once the bytes are encoded', async () => {
    const packed = await app.request('/etag', { headers: { 'accept-encoding': 'br' } });
    expect(packed.headers.get('etag')).toBe('W/"v1"');
    const plain = await app.request('/etag');
    expect(plain.headers.get('etag')).toBe('"v1"');
  });
});

describe('Accept-Encoding', () => {
  it('takes the highest q among brotli and gzip, brotli on a tie, * for those not named', () => {
    expect(chooseEncoding(chromium)).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=1, br;q=0.8')).toBe('gzip');
    expect(chooseEncoding('br;q=0.2, gzip;q=0.1')).toBe('br');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('identity, *;q=0')).toBeUndefined();
    expect(chooseEncoding('GZIP ; Q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=abc')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

describe('cache lifetimes of the files served as they are built', () => {
  const platform = () => apps.platform as unknown as Hono;

  it('define.js: five minutes, then revalidated: a 304 without the body while it is the same file', async () => {
    const first = await get('/elements/define.js', 'br', platform());
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    const etag = first.headers.get('etag');
    const lastModified = first.headers.get('last-modified');
    expect(etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+"$/);
    await first.arrayBuffer();

    const again = (headers: Record<string, string>) => platform().request('/elements/define.js', { headers });
    const unchanged = await again({ 'if-none-match': etag!, 'accept-encoding': 'br' });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(unchanged.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
    expect(await unchanged.text()).toBe('');
    expect((await again({ 'if-modified-since': lastModified! })).status).toBe(304);
    // Weakened by a proxy, listed among others: the same copy.
    expect((await again({ 'if-none-match': `"x", W/${etag}` })).status).toBe(304);

    // An older date, another tag: the file.
    expect((await again({ 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    expect((await again({ 'if-none-match': '"other"', 'if-modified-since': lastModified! })).status).toBe(
      200,
    );

    // Rebuilt under the same name: the old tag no longer matches.
    const file = path.join(h.distDir, 'define.js');
    fs.writeFileSync(file, 'export const defined = "rebuilt";\n');
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    const rebuilt = await again({ 'if-none-match': etag!, 'if-modified-since': lastModified! });
    expect(rebuilt.status).toBe(200);
    expect(await rebuilt.text()).toContain('rebuilt');
  });

  it('hashed chunks for a year, immutable; the pages’ fonts for 30 days', async () => {
    const chunk = await get('/elements/chunks/react.js', undefined, platform());
    expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const font = await get('/fonts/poppins-latin-400-normal.woff2', 'br', platform());
    expect(font.status).toBe(200);
    expect(font.headers.get('cache-control')).toBe('public, max-age=2592000');
    // woff2 is compressed already.
    expect(font.headers.get('content-encoding')).toBeNull();
  });
});
