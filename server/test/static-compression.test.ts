/**
 * Issue 27: the built front end travels compressed. The build writes brotli and gzip copies beside
 * each text file (precompress.ts); /elements/ and the client origin answer with the copy the
 * browser accepts, say `Vary: Accept-Encoding`, and cache hashed names for good. No database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../src/http/env.js';
import { clientAppRoutes } from '../src/static/client-app.js';
import { elementsRoutes } from '../src/static/elements.js';
import { precompressFolder } from '../src/static/precompress.js';
import { testConfig } from './support/harness.js';

// Text that compresses like a bundle does (repeated identifiers), large enough to be worth it.
const defineJs = `export const defined = true;\n${Array.from({ length: 400 }, (_, i) => `customElements.define('bo-x-${i % 7}', class extends HTMLElement {});`).join('\n')}\n`;
const chunkJs = `export default function render(){return ${JSON.stringify('bo-nav-bar '.repeat(300))};}\n`;
const appJs = `console.log(${JSON.stringify('spa '.repeat(500))});\n`;

let dist: string;
let app: Hono<AppEnv>;
let client: Hono<AppEnv>;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-dist-compressed-'));
  fs.mkdirSync(path.join(dist, 'chunks'));
  fs.mkdirSync(path.join(dist, 'app', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'define.js'), defineJs);
  fs.writeFileSync(path.join(dist, 'chunks', 'nav-bar-Bx12cD3e.js'), chunkJs);
  fs.writeFileSync(path.join(dist, 'chunks', 'tiny-Az09bC1d.js'), 'export{};\n');
  fs.writeFileSync(
    path.join(dist, 'app', 'index.html'),
    `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(20)}</head><body></body></html>`,
  );
  fs.writeFileSync(path.join(dist, 'app', 'assets', 'main-C0ffee12.js'), appJs);
  fs.writeFileSync(path.join(dist, 'chunks', 'logo.png'), Buffer.alloc(4000, 1));
  await precompressFolder(dist);
  app = new Hono<AppEnv>().route('/', elementsRoutes(dist));
  client = new Hono<AppEnv>().route('/', clientAppRoutes(testConfig({ distDir: dist })));
});

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const get = (on: Hono<AppEnv>, url: string, acceptEncoding?: string) =>
  on.request(url, acceptEncoding === undefined ? {} : { headers: { 'Accept-Encoding': acceptEncoding } });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('the build step', () => {
  it('writes a smaller brotli and gzip copy of each text file, none of a file it cannot shrink', () => {
    for (const file of [
      'define.js',
      'chunks/nav-bar-Bx12cD3e.js',
      'app/assets/main-C0ffee12.js',
      'app/index.html',
    ]) {
      const original = fs.readFileSync(path.join(dist, file));
      const br = fs.readFileSync(path.join(dist, `${file}.br`));
      const gz = fs.readFileSync(path.join(dist, `${file}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original)).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(original.length / 3);
    }
    // Too small to shrink, and an image (not text): no copies.
    expect(fs.readdirSync(path.join(dist, 'chunks')).filter((f) => /^(tiny|logo)/.test(f))).toEqual([
      'logo.png',
      'tiny-Az09bC1d.js',
    ]);
  });

  it('removes the copies of a file that is gone and redoes those of a file rebuilt', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-dist-rebuilt-'));
    try {
      fs.writeFileSync(path.join(dir, 'old.js'), chunkJs);
      fs.writeFileSync(path.join(dir, 'kept.js'), chunkJs);
      await precompressFolder(dir);
      fs.rmSync(path.join(dir, 'old.js'));
      const later = new Date(fs.statSync(path.join(dir, 'kept.js')).mtimeMs + 5000);
      fs.writeFileSync(path.join(dir, 'kept.js'), defineJs);
      fs.utimesSync(path.join(dir, 'kept.js'), later, later);
      const again = await precompressFolder(dir);
      expect(fs.readdirSync(dir).sort()).toEqual(['kept.js', 'kept.js.br', 'kept.js.gz']);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'kept.js.br'))).toString()).toBe(
        defineJs,
      );
      expect(again.written).toBe(2);
      // Nothing changed: nothing redone.
      expect((await precompressFolder(dir)).written).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('/elements/ and the client origin', () => {
  it('answer a browser accepting brotli with the brotli copy, which decompresses to the file', async () => {
    // What Chromium sends.
    const response = await get(app, '/elements/define.js', 'gzip, deflate, br, zstd');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    const body = await bytes(response);
    expect(body.equals(fs.readFileSync(path.join(dist, 'define.js.br')))).toBe(true);
    expect(Number(response.headers.get('content-length'))).toBe(body.length);
    expect(zlib.brotliDecompressSync(body).toString()).toBe(defineJs);

    const asset = await get(client, '/assets/main-C0ffee12.js', 'br');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(await bytes(asset)).toString()).toBe(appJs);
  });

  it('answer gzip to a browser without brotli, and the file as it is to one accepting neither', async () => {
    const gzip = await get(app, '/elements/chunks/nav-bar-Bx12cD3e.js', 'gzip, deflate');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(zlib.gunzipSync(await bytes(gzip)).toString()).toBe(chunkJs);

    for (const acceptEncoding of [undefined, 'identity', 'deflate']) {
      const plain = await get(app, '/elements/define.js', acceptEncoding);
      expect(plain.headers.get('content-encoding')).toBeNull();
      // A shared cache must not hand this answer to a browser that asked for brotli, nor the reverse.
      expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await plain.text()).toBe(defineJs);
    }
    // A file without copies is served as it is, and varies on nothing.
    const tiny = await get(app, '/elements/chunks/tiny-Az09bC1d.js', 'br');
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(tiny.headers.get('vary')).toBeNull();
    expect(await tiny.text()).toBe('export{};\n');
  });

  it('cache hashed names for good and define.js briefly, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', '']) {
      expect((await get(app, '/elements/define.js', encoding)).headers.get('cache-control')).toBe(
        'public, max-age=300, must-revalidate',
      );
      for (const [on, url] of [
        [app, '/elements/chunks/nav-bar-Bx12cD3e.js'],
        [client, '/assets/main-C0ffee12.js'],
      ] as const) {
        expect((await get(on, url, encoding)).headers.get('cache-control')).toBe(
          'public, max-age=31536000, immutable',
        );
      }
    }
  });

  it('serve a file rebuilt without the compression step as it is, never the older copy', async () => {
    const file = path.join(dist, 'chunks', 'nav-bar-Bx12cD3e.js');
    const rebuilt = `${chunkJs}// rebuilt\n`;
    fs.writeFileSync(file, rebuilt);
    const later = new Date(fs.statSync(`${file}.br`).mtimeMs + 5000);
    fs.utimesSync(file, later, later);
    const response = await get(app, '/elements/chunks/nav-bar-Bx12cD3e.js', 'br, gzip');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.text()).toBe(rebuilt);
  });

  it('keep refusing what they refused: other methods, paths out of the folder, missing files', async () => {
    expect((await get(app, '/elements/../package.json', 'br')).status).toBe(404);
    expect((await get(app, '/elements/%2e%2e/package.json', 'br')).status).toBe(404);
    expect((await get(app, '/elements/missing.js', 'br')).status).toBe(404);
    expect(
      (await app.request('/elements/define.js', { method: 'POST', headers: { 'Accept-Encoding': 'br' } }))
        .status,
    ).toBe(404);
  });
});
