/**
 * `npm run bench:invoices -w server`: the invoice list (Mes factures) of a company with 100 000
 * invoices — first page, filters, search, sorts — each answer with the totals of its filtered set.
 * Same machinery as bench/run.ts (bench/setup.ts: throwaway database, the large company of
 * seed-large.sql.ts, the API on loopback, the load generator in its own process); records its own
 * section of bench/results.md.
 * PGlite by default; PostgreSQL when DATABASE_URL is set.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from '../server/src/db/database.js';
import { benchCompanyId } from './seed-large.sql.js';
import {
  concurrency,
  durationMs,
  load,
  openBenchDatabase,
  resultRow,
  resultsFile,
  seedBenchCompany,
  startBenchApi,
} from './setup.js';

const { db, label, drop } = await openBenchDatabase();
try {
  // The large seed writes invoices directly: give them the kinds and paid amounts the invoicing
  // operations keep, so the overdue filter and the balances have something to work on.
  const seedSeconds = await seedBenchCompany(db, [
    `update invoices i set
      kind = case i.type when 'factureAcompte' then 'deposit' when 'factureAvoir' then 'credit_note' else 'final' end,
      paid_cents = coalesce((select sum(p.amount_cents) from payments p where p.invoice_id = i.id and i.id % 4 <> 0), 0)
      where i.company_id = ${benchCompanyId}`,
    'analyze',
  ]);
  const [{ n }] = (
    (await db.owner.execute(
      sql.raw(`select count(*)::int as n from invoices where company_id = ${benchCompanyId}`),
    )) as unknown as { rows: { n: number }[] }
  ).rows as [{ n: number }];
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

  const targets = [
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
  ] as const;
  const rows: string[] = [];
  const loadBefore = os.loadavg()[0]!;
  for (const [name, url] of targets) {
    const result = await load(url, headers);
    console.log(name, result);
    rows.push(resultRow(name, result));
  }
  const loadAfter = os.loadavg()[0]!;
  await servers.close();

  const kind = process.env.DATABASE_URL ? 'invoices-postgres' : 'invoices-pglite';
  const section = [
    `### Invoice list — ${label}`,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · ${os.cpus().length} cores · ` +
      `concurrency ${concurrency}, ${durationMs / 1000} s per query after 1 s of warm-up · 1-minute load average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after.`,
    '',
    `\`GET /v2/companies/${benchCompanyId}/invoices\` on ${n.toLocaleString('en-US')} invoices of one company (seeded in ${seedSeconds.toFixed(1)} s); every answer is a page of 50 plus the count and sums of its whole filtered set, except with \`totals=false\` (the page alone) and \`totals=only\` (the count and sums alone).`,
    '',
    '| Query | Requests/s | p50 ms | p95 ms | p99 ms | Requests | Errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  const current = fs.readFileSync(resultsFile, 'utf8');
  const heading = '## Invoice list (bench/invoices.ts, `npm run bench:invoices -w server`)';
  const block = `<!-- ${kind} -->\n${section}<!-- /${kind} -->`;
  const pattern = new RegExp(`<!-- ${kind} -->[\\s\\S]*?<!-- /${kind} -->`);
  let next = current;
  if (!next.includes(heading)) next = `${next.trimEnd()}\n\n${heading}\n`;
  next = pattern.test(next) ? next.replace(pattern, block) : `${next.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(resultsFile, next);
  console.log(`\nWritten to ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  await drop();
}
