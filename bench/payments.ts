/**
 * `npm run bench:payments -w server`: the payment lists (Règlements en attente, Règlements reçus) of
 * a company with 100 000 payments, each answer with the count and sum of its filtered set. Measures
 * what a list request costs the database: the list service (`listOutstanding`, `listReceived`) in
 * its tenant transaction, one request at a time, 200 times per query after 20 of warm-up, so the
 * figures are the query's own and not the queue of a loaded two-core box. Same data as
 * bench/invoices.ts (bench/setup.ts, seed-large.sql.ts). PGlite by default; PostgreSQL when
 * DATABASE_URL is set. Records its section of bench/results.md.
 */

import { sql } from '../server/src/db/database.js';
import { listOutstanding, listReceived } from '../server/src/invoicing/payments.js';
import { todayInFrance } from '../server/src/invoicing/today.js';
import { OutstandingQuery, ReceivedQuery } from '../server/src/schemas/payments.js';
import { databaseKind, loadAverage, runStamp, writeResultsSection } from './results.js';
import { benchCompanyId } from './seed-large.sql.js';
import { countRows, openBenchDatabase, seedBenchCompany } from './setup.js';

const runs = Number(process.env.BENCH_RUNS ?? 200);
const warmUp = 20;

const { db, label, drop } = await openBenchDatabase();
try {
  // As bench/invoices.ts: kinds and paid amounts as the invoicing operations keep them; one invoice
  // in four left unpaid (its payment removed), so the outstanding list has thousands of lines.
  const seedSeconds = await seedBenchCompany(db, [
    `delete from payments where company_id = ${benchCompanyId} and invoice_id % 4 = 0`,
    `insert into payments (company_id, invoice_id, bank_id, mode, amount_cents, paid_on)
      select company_id, invoice_id, bank_id, mode, 0, paid_on from payments
      where company_id = ${benchCompanyId} and invoice_id % 3 = 0`,
    `update invoices i set
      kind = case i.type when 'factureAcompte' then 'deposit' when 'factureAvoir' then 'credit_note' else 'final' end,
      paid_cents = coalesce((select sum(p.amount_cents) from payments p where p.invoice_id = i.id), 0)
      where i.company_id = ${benchCompanyId}`,
    'analyze',
  ]);
  // What autovacuum does after a bulk load: the visibility map lets the totals read the index only.
  await db.owner.execute(sql.raw('vacuum (analyze) payments, invoices'));
  const paymentCount = await countRows(db, 'payments');
  console.log(`Seeded company ${benchCompanyId} (${paymentCount} payments) in ${seedSeconds.toFixed(1)} s`);
  const [{ customerId, bankId }] = (
    (await db.owner.execute(
      sql.raw(`select i.customer_id as "customerId", p.bank_id as "bankId" from payments p
        join invoices i on i.id = p.invoice_id where p.company_id = ${benchCompanyId} limit 1`),
    )) as unknown as { rows: { customerId: number; bankId: number }[] }
  ).rows as [{ customerId: number; bankId: number }];

  const today = todayInFrance();
  const outstanding = (query: Record<string, string>) => () =>
    db.withTenant(benchCompanyId, (tx) =>
      listOutstanding(tx, benchCompanyId, OutstandingQuery.parse(query), today),
    );
  const received = (query: Record<string, string>) => () =>
    db.withTenant(benchCompanyId, (tx) =>
      listReceived(tx, benchCompanyId, ReceivedQuery.parse(query), today),
    );
  const targets: [string, () => Promise<{ info: { hits: number } }>][] = [
    ['received: first page, newest first (default)', received({ limit: '50' })],
    ['received: page 100 (offset 4 950)', received({ limit: '50', offset: '4950' })],
    ['received: one month (from/to)', received({ from: '2026-01-01', to: '2026-01-31', limit: '50' })],
    ['received: mode=check', received({ mode: 'check', limit: '50' })],
    ['received: one bank', received({ bankId: String(bankId), limit: '50' })],
    ['received: one customer', received({ customerId: String(customerId), limit: '50' })],
    ['received: overdue=true', received({ overdue: 'true', limit: '50' })],
    ['received: search q=FA-B-4242', received({ q: 'FA-B-4242', limit: '50' })],
    ['received: sort=amount desc', received({ sort: 'amount', order: 'desc', limit: '50' })],
    ['outstanding: first page, by due date (default)', outstanding({ limit: '50' })],
    ['outstanding: overdue=true', outstanding({ overdue: 'true', limit: '50' })],
    ['outstanding: one customer', outstanding({ customerId: String(customerId), limit: '50' })],
    ['outstanding: search q=FA-B-4', outstanding({ q: 'FA-B-4', limit: '50' })],
    ['outstanding: sort=balance desc', outstanding({ sort: 'balance', order: 'desc', limit: '50' })],
  ];
  const rows: string[] = [];
  const loadBefore = loadAverage();
  for (const [name, run] of targets) {
    for (let i = 0; i < warmUp; i++) await run();
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      hits = (await run()).info.hits;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(name, { hits, p50: at(0.5), p95: at(0.95), p99: at(0.99) });
    rows.push(`| ${name} | ${hits.toLocaleString('en-US')} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} |`);
  }
  const loadAfter = loadAverage();

  const section = [
    `### Payment lists — ${label}`,
    '',
    `${runStamp()} · ${runs} sequential requests per query after ${warmUp} of warm-up · 1-minute load average ${loadBefore} before, ${loadAfter} after.`,
    '',
    `${paymentCount.toLocaleString('en-US')} payments of one company (${(await countRows(db, 'invoices')).toLocaleString('en-US')} invoices, seeded in ${seedSeconds.toFixed(1)} s); each answer is a page of 50 plus the count and sum of its whole filtered set (the tenant transaction included).`,
    '',
    '| Query | Rows in the set | p50 ms | p95 ms | p99 ms |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  writeResultsSection(`payments-${databaseKind}`, section, {
    heading: '## Payment lists (bench/payments.ts, `npm run bench:payments -w server`)',
  });
} finally {
  await drop();
}
