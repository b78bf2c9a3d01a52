/**
 * `npm run bench:invoices -w server`: the invoice list (Mes factures) of a company with 100 000
 * invoices — first page, filters, search, sorts — each answer with the totals of its filtered set.
 * Same machinery as bench/run.ts (bench/setup.ts: throwaway database, the large company of
 * seed-large.sql.ts, the API on loopback, the load generator in its own process); records its own
 * section of bench/results.md.
 * PGlite by default; PostgreSQL when DATABASE_URL is set.
 */

import { sql } from '../server/src/db/database.js';
import { databaseKind, loadAverage, runStamp, writeResultsSection } from './results.js';
import { benchCompanyId } from './seed-large.sql.js';
import {
  benchScale,
  concurrency,
  countRows,
  durationMs,
  load,
  openBenchDatabase,
  resultRow,
  seedBenchCompany,
  startBenchApi,
} from './setup.js';

const { db, label, drop } = await openBenchDatabase();
try {
  // The large seed writes invoices directly: give them the kinds and paid amounts the invoicing
  // operations keep, so the overdue filter and the balances have something to work on.
  const seedSeconds = await seedBenchCompany(
    db,
    [
      `update invoices i set
      kind = case i.type when 'factureAcompte' then 'deposit' when 'factureAvoir' then 'credit_note' else 'final' end,
      paid_cents = coalesce((select sum(p.amount_cents) from payments p where p.invoice_id = i.id and i.id % 4 <> 0), 0)
      where i.company_id = ${benchCompanyId}`,
      'analyze',
    ],
    benchScale,
  );
  const n = await countRows(db, 'invoices');
  console.log(`Seeded company ${benchCompanyId} (${n} invoices) in ${seedSeconds.toFixed(1)} s`);

  const { servers, headers } = await startBenchApi(db);
  const base = `${servers.platformUrl}/v2/companies/${benchCompanyId}/invoices`;
  const [{ customerId }] = (
    (await db.owner.execute(
      sql.raw(
        `select customer_id as "customerId" from invoices where company_id = ${benchCompanyId} limit 1`,
      ),
    )) as unknown as { rows: { customerId: number }[] }
  ).rows as [{ customerId: number }];

  const allTargets = [
    ['first page, newest first (default)', `${base}?limit=50`],
    ['page 100 (offset 4 950)', `${base}?limit=50&offset=4950`],
    ['status=PROVISOIRE', `${base}?status=PROVISOIRE&limit=50`],
    ['overdue=true', `${base}?overdue=true&limit=50`],
    ['one customer', `${base}?customerId=${customerId}&limit=50`],
    ['one month (from/to)', `${base}?from=2026-01-01&to=2026-01-31&limit=50`],
    ['search q=FA-B-4242', `${base}?q=FA-B-4242&limit=50`],
    ['sort=totalInclTax desc', `${base}?sort=totalInclTax&order=desc&limit=50`],
    // What Mes factures asks since the totals come once per filter: pages alone, the totals alone.
    ['first page, totals=false (page only)', `${base}?limit=50&totals=false`],
    ['page 100, totals=false', `${base}?limit=50&offset=4950&totals=false`],
    ['status=PROVISOIRE, totals=false', `${base}?status=PROVISOIRE&limit=50&totals=false`],
    ['totals=only (count and sums, once per filter)', `${base}?totals=only`],
    ['second page, totals=false', `${base}?limit=50&offset=50&totals=false`],
    ['search q=lefevre 98, totals=false', `${base}?q=lefevre%2098&limit=50&totals=false`],
    ['search q=lefevre 98, totals=only', `${base}?q=lefevre%2098&totals=only`],
  ] as const;
  // BENCH_TARGETS=screen: what Mes factures asks (its pages alone, the totals once per filter).
  const screen = new Set([
    'first page, totals=false (page only)',
    'second page, totals=false',
    'totals=only (count and sums, once per filter)',
    'status=PROVISOIRE, totals=false',
    'search q=lefevre 98, totals=false',
    'search q=lefevre 98, totals=only',
  ]);
  const targets =
    process.env.BENCH_TARGETS === 'screen' ? allTargets.filter(([n]) => screen.has(n)) : allTargets;
  // BENCH_CONCURRENCIES=1,10: each query with one request at a time, then with ten in flight.
  const inFlight = (process.env.BENCH_CONCURRENCIES ?? String(concurrency)).split(',').map(Number);
  const rows: string[] = [];
  const loadBefore = loadAverage();
  for (const c of inFlight) {
    for (const [name, url] of targets) {
      const result = await load(url, headers, c);
      const label = inFlight.length > 1 ? `${name} · ${c} in flight` : name;
      console.log(label, result, loadAverage());
      rows.push(resultRow(label, result));
    }
  }
  const loadAfter = loadAverage();
  await servers.close();

  const section = [
    `### Invoice list — ${label}`,
    '',
    `${runStamp()} · concurrency ${concurrency}, ${durationMs / 1000} s per query after 1 s of warm-up · 1-minute load average ${loadBefore} before, ${loadAfter} after.`,
    '',
    `\`GET /v2/companies/${benchCompanyId}/invoices\` on ${n.toLocaleString('en-US')} invoices of one company (${benchScale.customers.toLocaleString('en-US')} customers) (seeded in ${seedSeconds.toFixed(1)} s); every answer is a page of 50 plus the count and sums of its whole filtered set, except with \`totals=false\` (the page alone) and \`totals=only\` (the count and sums alone).`,
    '',
    '| Query | Requests/s | p50 ms | p95 ms | p99 ms | Requests | Errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  if (process.env.BENCH_DRY_RUN === '1') console.log(`\nBENCH_DRY_RUN=1: not written.\n\n${section}`);
  else
    writeResultsSection(`invoices-${databaseKind}`, section, {
      heading: '## Invoice list (bench/invoices.ts, `npm run bench:invoices -w server`)',
    });
} finally {
  await drop();
}
