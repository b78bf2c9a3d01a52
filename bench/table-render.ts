/**
 * `npx tsx bench/table-render.ts`: first render of 10 000 payment rows in headless Chromium, the
 * screens' virtualised table against a plain React table of the same columns and cells, measured in
 * the same run (alternating, RUNS of each, fresh page each time; median compared). Builds
 * bench/table/ with Vite (production React), serves it on loopback, records bench/results.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { chromiumArgs, chromiumExecutable } from '../tests/support/browser';
import { loadAverage, runStamp, writeResultsSection } from './results';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-table-bench-'));
const runs = Number(process.env.RUNS ?? 7);
const rowCount = 10_000;

await build({
  root: path.join(here, 'table'),
  base: './',
  logLevel: 'warn',
  plugins: [react(), vanillaExtractPlugin({ identifiers: 'short' })],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { outDir, emptyOutDir: true },
});

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = http.createServer((request, response) => {
  const file = path.join(
    outDir,
    new URL(request.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/index.html'),
  );
  if (!file.startsWith(outDir) || !fs.existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(response);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: chromiumArgs });
const measure = async (variant: 'virtual' | 'plain') => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:${port}/?rows=${rowCount}#${variant}`);
  await page.waitForFunction(
    () => (window as unknown as { __renderMs?: number }).__renderMs !== undefined,
    null,
    {
      timeout: 120_000,
    },
  );
  const result = await page.evaluate(() => {
    const w = window as unknown as { __renderMs: number; __rowsInDom: number };
    return { ms: w.__renderMs, rows: w.__rowsInDom };
  });
  await page.close();
  return result;
};

const times = { virtual: [] as number[], plain: [] as number[] };
let inDom = { virtual: 0, plain: 0 };
const loadBefore = loadAverage();
await measure('virtual'); // warm-up: browser start, first compile
for (let i = 0; i < runs; i++) {
  for (const variant of i % 2 ? (['plain', 'virtual'] as const) : (['virtual', 'plain'] as const)) {
    const { ms, rows } = await measure(variant);
    times[variant].push(ms);
    inDom = { ...inDom, [variant]: rows };
  }
}
const loadAfter = loadAverage();
await browser.close();
server.close();
fs.rmSync(outDir, { recursive: true, force: true });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const virtual = median(times.virtual);
const plain = median(times.plain);
const ratio = virtual / plain;
console.log({ virtual: times.virtual, plain: times.plain, ratio });

const section = [
  '### First render of 10 000 payment rows (headless Chromium)',
  '',
  `${runStamp()} · Chromium ${browser.version()} · ` +
    `${runs} runs of each, alternating, fresh page each time · 1-minute load average ${loadBefore} before, ${loadAfter} after.`,
  '',
  'From `root.render` (flushed) to the second animation frame after it (layout and paint done), 1280 × 800 viewport, production React.',
  '',
  '| Table | Rows in the DOM | median ms | min ms | max ms |',
  '|---|---:|---:|---:|---:|',
  `| virtualised \`PaymentsTable\` (src/features/payments) | ${inDom.virtual} | ${virtual.toFixed(1)} | ${Math.min(...times.virtual).toFixed(1)} | ${Math.max(...times.virtual).toFixed(1)} |`,
  `| plain React table, same columns and cells | ${inDom.plain} | ${plain.toFixed(1)} | ${Math.min(...times.plain).toFixed(1)} | ${Math.max(...times.plain).toFixed(1)} |`,
  '',
  `Virtualised / plain: **${ratio.toFixed(3)}×** (the issue asks at most 0.25×).`,
].join('\n');
writeResultsSection('table-render', section, {
  heading: '## Payments table (bench/table-render.ts, `npx tsx bench/table-render.ts`)',
});
