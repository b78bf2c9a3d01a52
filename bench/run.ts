/**
 * `npm run bench -w server`: seeds a large company (100 000 customers, invoices, payments and
 * notifications), starts the API on loopback, measures the lists (the bell's notifications, the
 * users, the customers' first page and a customer search) and the search of every other list
 * (invoices, quotes, jobs, payments: issue 27) with BENCH_CONCURRENCY requests in flight
 * (10), and records the figures in bench/results.md. The goal: every list at p95 ≤ 20 ms.
 * PGlite by default; PostgreSQL when DATABASE_URL is set (a throwaway database is created there).
 * The load generator runs in its own process (bench/load-process.mjs).
 * BENCH_DRY_RUN=1: the same run, its figures printed but not written to results.md (to check that
 * the bench runs, e.g. with BENCH_SECONDS=1, on a machine whose figures mean nothing).
 */

import os from 'node:os';
import { databaseKind, loadAverage, runStamp, writeResultsSection } from './results.js';
import { benchCompanyId } from './seed-large.sql.js';
import {
  concurrency,
  countRows,
  durationMs,
  load,
  openBenchDatabase,
  resultRow,
  seedBenchCompany,
  startBenchApi,
} from './setup.js';

/** The goal of issue 8, kept by issue 20: each list's p95, with `concurrency` requests in flight. */
const goalP95Ms = 20;
const dryRun = process.env.BENCH_DRY_RUN === '1';

/** What results.md starts with when it does not exist yet. */
const resultsHeader = `# Benchmark results

Written by \`npm run bench -w server\` (bench/run.ts); PostgreSQL figures with \`DATABASE_URL\` set.
Each run creates its own database, seeds the two demo companies and a large company (generate_series),
starts the API on 127.0.0.1 and loads it. Requests carry a bearer token of the large company's admin: its
JWT and session are checked in the database when the process has not confirmed that token in the last
3 s (auth/session-cache.ts), so under load nearly every request skips that check; each runs under
row-level security (a transaction with SET LOCAL role and company). Machine: the shared 2-core development box (another build may run meanwhile:
figures are indicative, compare runs made on the same machine).
PGlite runs its WebAssembly PostgreSQL on the server's own JavaScript thread, so every statement of
every request is serialised with the HTTP work: it suits the demo and the tests; PostgreSQL, in its
own processes with a connection pool, is the production setting.

`;

const { db, label, drop } = await openBenchDatabase();
try {
  const seedSeconds = await seedBenchCompany(db);
  const sizes = Object.fromEntries(
    await Promise.all(
      ['users', 'customers', 'quotes', 'invoices', 'payments', 'notifications'].map(
        async (t) => [t, await countRows(db, t)] as const,
      ),
    ),
  );
  console.log(`Seeded company ${benchCompanyId} in ${seedSeconds.toFixed(1)} s:`, sizes);

  const { servers, headers } = await startBenchApi(db);

  const customers = sizes.customers!.toLocaleString('fr-FR').replace(/\s/g, ' ');
  const lists = [
    ['GET /v2/notifications?limit=5&offset=0', `${servers.platformUrl}/v2/notifications?limit=5&offset=0`],
    [
      `GET /v2/companies/${benchCompanyId}/users (200 users)`,
      `${servers.platformUrl}/v2/companies/${benchCompanyId}/users`,
    ],
    [
      `GET /v2/companies/${benchCompanyId}/customers (${customers} customers, first page of 50 by name)`,
      `${servers.platformUrl}/v2/companies/${benchCompanyId}/customers?limit=50&offset=0&sort=name&order=asc`,
    ],
    [
      `GET /v2/companies/${benchCompanyId}/customers?q=… (search « lefevre 98 » among ${customers})`,
      `${servers.platformUrl}/v2/companies/${benchCompanyId}/customers?q=${encodeURIComponent('lefevre 98')}&limit=50&offset=0`,
    ],
    // Every list's search (issue 27), as its screen asks it: the first page of what was typed.
    // « lefevre 98 » is a customer's name in every list (its invoices, quotes, jobs, payments).
    ...(
      [
        ['invoices', 'invoices', 'lefevre 98', 'limit=50&offset=0&totals=false'],
        // Mes factures asks the count and sums of a search once, beside its pages.
        ['invoices, its totals', 'invoices', 'lefevre 98', 'totals=only'],
        ['invoices', 'invoices', 'FA-B-4242', 'limit=50&offset=0&totals=false'],
        ['quotes', 'quotes', 'lefevre 98', 'limit=50&offset=0'],
        ['jobs', 'business-jobs', 'lefevre 98', 'limit=50&offset=0'],
        ['payments received', 'payments/received', 'lefevre 98', 'limit=50&offset=0'],
        ['payments outstanding', 'payments/outstanding', 'lefevre 98', 'limit=50&offset=0'],
      ] as const
    ).map(
      ([list, path, q, page]) =>
        [
          `GET /v2/companies/${benchCompanyId}/${path}?q=… (${list}: search « ${q} »)`,
          `${servers.platformUrl}/v2/companies/${benchCompanyId}/${path}?q=${encodeURIComponent(q)}&${page}`,
        ] as const,
    ),
  ] as const;
  const rows: string[] = [];
  const measured: { name: string; p95: number; errors: number }[] = [];
  // Other work on the machine skews the figures: record the load average around the measure.
  const loadBefore = loadAverage();
  // BENCH_ONLY=<regular expression>: the lists whose name matches (e.g. `search` for the searches).
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
  for (const [name, url] of lists.filter(([name]) => !only || only.test(name))) {
    const result = await load(url, headers);
    console.log(name, result);
    rows.push(resultRow(name, result));
    measured.push({ name, p95: result.p95, errors: result.errors });
  }
  const loadAfter = loadAverage();
  await servers.close();

  const missed = measured.filter((list) => list.p95 > goalP95Ms || list.errors > 0);
  const worst = measured.reduce((a, b) => (b.p95 > a.p95 ? b : a));
  const goal =
    `Goal: every list at p95 ≤ ${goalP95Ms} ms with ${concurrency} requests in flight, without errors. ` +
    `Highest p95 ${worst.p95.toFixed(1)} ms (${worst.name}): ` +
    (missed.length ? `**not met** (${missed.map((list) => list.name).join('; ')}).` : '**met**.');
  console.log(goal);

  const section = [
    `### ${label}`,
    '',
    `${runStamp()} (${os.cpus()[0]?.model.trim()}) · ` +
      `concurrency ${concurrency}, ${durationMs / 1000} s per endpoint after 1 s of warm-up · load generator (autocannon) in its own process · 1-minute load average ${loadBefore} before, ${loadAfter} after.`,
    '',
    `Data of the measured company: ${Object.entries(sizes)
      .map(([t, n]) => `${n.toLocaleString('en-US')} ${t}`)
      .join(', ')}; seeded in ${seedSeconds.toFixed(1)} s.`,
    '',
    '| Endpoint | Requests/s | p50 ms | p95 ms | p99 ms | Requests | Errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    goal,
    '',
  ].join('\n');
  if (dryRun) console.log(`\nBENCH_DRY_RUN=1: not written to bench/results.md.\n\n${section}`);
  else writeResultsSection(databaseKind, section, { newFile: resultsHeader });
} finally {
  await drop();
}
