/**
 * `npm run bench:payments -w server`: the payment lists (Règlements en attente, Règlements reçus) of
 * a company with 100 000 payments. Measures what a list request costs the database: the list
 * service (`listOutstanding`, `listReceived`) in its tenant transaction, one request at a time, so
 * the figures are the query's own and not the queue of a loaded two-core box. Each query is
 * measured as the screens ask it since issue 11's scale work: the page alone (`totals=false`, on
 * every page, sort and filter) and the count and total of its filtered set (`totals=only`, once per
 * filter). Same data as bench/invoices.ts (bench/setup.ts, seed-large.sql.ts), plus retainages.
 * PGlite by default; PostgreSQL when DATABASE_URL is set. Records its section of bench/results.md.
 *
 * BENCH_RUNS (default 100) requests per measure after up to 10 of warm-up, cut at BENCH_CASE_SECONDS
 * (default 3; the warm-up at a third of it) so that a slow case cannot hold the run: the whole bench
 * takes a few minutes.
 */

import { sql } from '../server/src/db/database.js';
import { listOutstanding, listReceived } from '../server/src/invoicing/payments.js';
import { todayInFrance } from '../server/src/invoicing/today.js';
import { OutstandingQuery, ReceivedQuery } from '../server/src/schemas/payments.js';
import { databaseKind, loadAverage, runStamp, writeResultsSection } from './results.js';
import { benchCompanyId } from './seed-large.sql.js';
import { countRows, openBenchDatabase, seedBenchCompany } from './setup.js';

const runs = Number(process.env.BENCH_RUNS ?? 100);
const caseMs = Number(process.env.BENCH_CASE_SECONDS ?? 3) * 1000;
const warmUp = 10;

const { db, label, drop } = await openBenchDatabase();
try {
  // As bench/invoices.ts: kinds and paid amounts (and payment counts) as the invoicing operations
  // keep them (recordPayment); one invoice in four left unpaid (its payment removed), so the
  // outstanding list has thousands of lines.
  // Every 50th job was received 400 days ago with 5 % retained on its invoices: released
  // retainages, the outstanding list's second kind of line. One statement each, no row by row.
  const seedSeconds = await seedBenchCompany(db, [
    `delete from payments where company_id = ${benchCompanyId} and invoice_id % 4 = 0`,
    `insert into payments (company_id, invoice_id, bank_id, mode, amount_cents, paid_on)
      select company_id, invoice_id, bank_id, mode, 0, paid_on from payments
      where company_id = ${benchCompanyId} and invoice_id % 3 = 0`,
    `update business_jobs set delivery_date = current_date - 400
      where company_id = ${benchCompanyId} and id % 50 = 0`,
    `update invoices i set
      kind = case i.type when 'factureAcompte' then 'deposit' when 'factureAvoir' then 'credit_note' else 'final' end,
      retainage_cents = case when i.business_job_id % 50 = 0 then i.total_incl_tax_cents / 20 else 0 end,
      paid_cents = coalesce(p.paid, 0), payment_count = coalesce(p.n, 0),
      retainage_paid_cents = coalesce(p.retainage_paid, 0)
      from invoices o left join (select invoice_id, count(*) as n,
          sum(amount_cents) filter (where not is_retainage) as paid,
          sum(amount_cents) filter (where is_retainage) as retainage_paid
        from payments where company_id = ${benchCompanyId} group by invoice_id) p on p.invoice_id = o.id
      where o.id = i.id and i.company_id = ${benchCompanyId}`,
  ]);
  // What autovacuum does after a bulk load: the visibility map lets the totals read the index only,
  // and the trigram indexes' pending entries are merged (customers too: the searches read its
  // names' index; left to autovacuum, a search scanned up to 4 MB of pending entries, or ran beside
  // the vacuum, depending on when it came: 3 to 8 ms for the same search from one run to the next).
  await db.owner.execute(sql.raw('vacuum (analyze) payments, invoices, business_jobs, customers'));
  const paymentCount = await countRows(db, 'payments');
  console.log(`Seeded company ${benchCompanyId} (${paymentCount} payments) in ${seedSeconds.toFixed(1)} s`);
  const [{ customerId, bankId }] = (
    (await db.owner.execute(
      sql.raw(`select i.customer_id as "customerId", p.bank_id as "bankId" from payments p
        join invoices i on i.id = p.invoice_id where p.company_id = ${benchCompanyId} order by p.id limit 1`),
    )) as unknown as { rows: { customerId: number; bankId: number }[] }
  ).rows as [{ customerId: number; bankId: number }];

  const today = todayInFrance();
  type Answer = { data: unknown[]; info: { hits?: number } };
  const outstanding = (query: Record<string, string>) => (totals: string) => () =>
    listOutstanding(db, benchCompanyId, OutstandingQuery.parse({ ...query, totals }), today);
  const received = (query: Record<string, string>) => (totals: string) => () =>
    listReceived(db, benchCompanyId, ReceivedQuery.parse({ ...query, totals }), today);
  const page50 = { limit: '50' };
  const targets: [string, (totals: string) => () => Promise<Answer>][] = [
    ['received: first page, newest first (default)', received(page50)],
    ['received: 500 rows, the screen’s page', received({ limit: '500' })],
    ['received: page 100 (offset 4 950)', received({ limit: '50', offset: '4950' })],
    ['received: one month (from/to)', received({ from: '2026-01-01', to: '2026-01-31', ...page50 })],
    ['received: mode=check', received({ mode: 'check', ...page50 })],
    ['received: one bank', received({ bankId: String(bankId), ...page50 })],
    ['received: one customer', received({ customerId: String(customerId), ...page50 })],
    ['received: overdue=true', received({ overdue: 'true', ...page50 })],
    ['received: search q=FA-B-4242', received({ q: 'FA-B-4242', ...page50 })],
    ['received: sort=amount desc', received({ sort: 'amount', order: 'desc', ...page50 })],
    ['outstanding: first page, by due date (default)', outstanding(page50)],
    ['outstanding: 500 rows, the screen’s page', outstanding({ limit: '500' })],
    ['outstanding: page 100 (offset 4 950)', outstanding({ limit: '50', offset: '4950' })],
    ['outstanding: overdue=true', outstanding({ overdue: 'true', ...page50 })],
    ['outstanding: one customer', outstanding({ customerId: String(customerId), ...page50 })],
    ['outstanding: search q=FA-B-4242', outstanding({ q: 'FA-B-4242', ...page50 })],
    ['outstanding: search q=FA-B-4 (one invoice in ten)', outstanding({ q: 'FA-B-4', ...page50 })],
    ['outstanding: sort=balance desc', outstanding({ sort: 'balance', order: 'desc', ...page50 })],
  ];

  /** Sequential requests: wall-time percentiles and this process's CPU per request. */
  async function measure(run: () => Promise<Answer>) {
    const warming = performance.now();
    for (let i = 0; i < warmUp && performance.now() - warming < caseMs / 3; i++) await run();
    const times: number[] = [];
    let answer: Answer | undefined;
    const cpu = process.cpuUsage();
    const started = performance.now();
    while (times.length < runs && performance.now() - started < caseMs) {
      const at = performance.now();
      answer = await run();
      times.push(performance.now() - at);
    }
    const { user, system } = process.cpuUsage(cpu);
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
    return {
      answer: answer!,
      p50: q(0.5),
      p95: q(0.95),
      p99: q(0.99),
      n: times.length,
      cpu: ((user + system) / 1000 / times.length).toFixed(2),
    };
  }

  const rows: string[] = [];
  const runStarted = Date.now();
  const loadBefore = loadAverage();
  for (const [name, ask] of targets) {
    const page = await measure(ask('false'));
    const totals = await measure(ask('only'));
    const hits = totals.answer.info.hits ?? 0;
    console.log(name, {
      hits,
      page: [page.p50, page.p95, page.n],
      totals: [totals.p50, totals.p95, totals.n],
    });
    rows.push(
      `| ${name} | ${hits.toLocaleString('en-US')} | ${page.answer.data.length} | ${page.p50} | **${page.p95}** | ${page.p99} | ${page.cpu} | ${page.n} | ${totals.p50} | ${totals.p95} | ${totals.n} |`,
    );
  }
  const loadAfter = loadAverage();
  const measuredSeconds = ((Date.now() - runStarted) / 1000).toFixed(0);

  const section = [
    `### Payment lists — ${label}`,
    '',
    `${runStamp()} · up to ${runs} sequential requests per measure (cut at ${caseMs / 1000} s) after ${warmUp} of warm-up, measured in ${measuredSeconds} s · 1-minute load average ${loadBefore} before, ${loadAfter} after.`,
    '',
    `${paymentCount.toLocaleString('en-US')} payments of one company (${(await countRows(db, 'invoices')).toLocaleString('en-US')} invoices, seeded in ${seedSeconds.toFixed(1)} s). The service call in its tenant transaction (row-level security on), no HTTP. "Page": what the screens ask on every page, sort and filter (\`totals=false\`; a first page holding the whole set brings its own count). "Totals": the count and total of the filtered set (\`totals=only\`), asked once per filter. CPU: this process's (node-postgres, mapping), per request; the database's own is not counted. Goal of issue 11: list pages at p95 ≤ 20 ms on PostgreSQL.`,
    '',
    '| Query | Rows in the set | Rows in the page | page p50 ms | page p95 ms | page p99 ms | page CPU ms | page requests | totals p50 ms | totals p95 ms | totals requests |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  writeResultsSection(`payments-${databaseKind}`, section, {
    heading: '## Payment lists (bench/payments.ts, `npm run bench:payments -w server`)',
  });
} finally {
  await drop();
}
