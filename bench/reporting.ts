/**
 * `npx tsx --max-semi-space-size=64 bench/reporting.ts` (from server/): the reporting (issue 24) of a
 * company with 100 000 invoices — the summary of a month, a quarter and a year with the previous
 * period, the charts' series, the margins and the collected VAT — as the element asks them, over HTTP
 * (the route, its validation, both periods, the JSON). Same data as bench/payments.ts
 * (seed-large.sql.ts: kinds, paid amounts, unpaid invoices, released retainages). Issue 24's goal:
 * the summary at p95 ≤ 100 ms on PostgreSQL (`DATABASE_URL` set); PGlite by default. Records its
 * section of bench/results.md.
 *
 * BENCH_RUNS (default 100) sequential requests per measure after up to 10 of warm-up, cut at
 * BENCH_CASE_SECONDS (default 5): the whole bench takes a few minutes.
 */

import { sql } from '../server/src/db/database.js';
import { databaseKind, loadAverage, runStamp, writeResultsSection } from './results.js';
import { benchCompanyId } from './seed-large.sql.js';
import { countRows, openBenchDatabase, seedBenchCompany, startBenchApi } from './setup.js';

const runs = Number(process.env.BENCH_RUNS ?? 100);
const caseMs = Number(process.env.BENCH_CASE_SECONDS ?? 5) * 1000;
const warmUp = 10;
/** Issue 24: « 100 000 invoices: p95 ≤ 100 ms on PostgreSQL » (the summary). */
const goalMs = 100;

const { db, label, drop } = await openBenchDatabase();
try {
  // As bench/payments.ts: the kinds and kept sums the invoicing operations write, one invoice in
  // four unpaid, every 50th job received 400 days ago with 5 % retained (released retainages).
  const seedSeconds = await seedBenchCompany(db, [
    `delete from payments where company_id = ${benchCompanyId} and invoice_id % 4 = 0`,
    `update business_jobs set delivery_date = current_date - 400
      where company_id = ${benchCompanyId} and id % 50 = 0`,
    `update invoices i set
      kind = case i.type when 'factureAcompte' then 'deposit' when 'factureAvoir' then 'credit_note' else 'final' end,
      retainage_cents = case when i.business_job_id % 50 = 0 then i.total_incl_tax_cents / 20 else 0 end,
      paid_cents = coalesce(p.paid, 0), payment_count = coalesce(p.n, 0),
      amounts = jsonb_build_object('byRate', jsonb_build_array(jsonb_build_object(
        'vatRate', 2000, 'ht', i.total_excl_tax_cents, 'vat', i.total_incl_tax_cents - i.total_excl_tax_cents)))
      from invoices o left join (select invoice_id, count(*) as n, sum(amount_cents) as paid
        from payments where company_id = ${benchCompanyId} group by invoice_id) p on p.invoice_id = o.id
      where o.id = i.id and i.company_id = ${benchCompanyId}`,
  ]);
  await db.owner.execute(sql.raw('vacuum (analyze) payments, invoices, business_jobs, quotes'));
  const invoiceCount = await countRows(db, 'invoices');
  console.log(`Seeded company ${benchCompanyId} (${invoiceCount} invoices) in ${seedSeconds.toFixed(1)} s`);

  const { servers, headers } = await startBenchApi(db);
  // Closed before the database is dropped (servers.close() ends its pool too): with the pool's
  // connections open, DROP DATABASE is refused and the listening servers keep the process alive.
  try {
    const base = `${servers.platformUrl}/v2/companies/${benchCompanyId}/reporting`;
    const today = new Date().toISOString().slice(0, 10);
    const year = today.slice(0, 4);
    const month = today.slice(0, 7);
    const periods = {
      month: `from=${month}-01&to=${today}`,
      quarter: `from=${year}-${String(Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3 + 1).padStart(2, '0')}-01&to=${today}`,
      year: `from=${year}-01-01&to=${year}-12-31`,
      'two years': `from=${Number(year) - 1}-01-01&to=${year}-12-31`,
    };
    const targets: [string, string, boolean][] = [
      ...Object.entries(periods).map(([name, q]): [string, string, boolean] => [
        `summary, ${name}`,
        `${base}/summary?${q}`,
        true,
      ]),
      ['series, year', `${base}/series?${periods.year}`, false],
      ['margins, year', `${base}/margins?${periods.year}`, false],
      ['collected VAT, year', `${base}/vat?${periods.year}`, false],
    ];

    async function measure(url: string) {
      const ask = async () => {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const warming = performance.now();
      for (let i = 0; i < warmUp && performance.now() - warming < caseMs / 3; i++) await ask();
      const times: number[] = [];
      const started = performance.now();
      while (times.length < runs && performance.now() - started < caseMs) {
        const at = performance.now();
        await ask();
        times.push(performance.now() - at);
      }
      times.sort((a, b) => a - b);
      const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
      return { p50: q(0.5), p95: q(0.95), p99: q(0.99), n: times.length };
    }

    const rows: string[] = [];
    const loadBefore = loadAverage();
    let worstSummaryP95 = 0;
    for (const [name, url, isSummary] of targets) {
      const result = await measure(url);
      if (isSummary) worstSummaryP95 = Math.max(worstSummaryP95, result.p95);
      console.log(name, { p50: result.p50.toFixed(1), p95: result.p95.toFixed(1), n: result.n });
      rows.push(
        `| ${name} | ${result.p50.toFixed(1)} | **${result.p95.toFixed(1)}** | ${result.p99.toFixed(1)} | ${result.n} |`,
      );
    }
    const loadAfter = loadAverage();
    const verdict =
      databaseKind === 'postgres'
        ? `Goal (summary p95 ≤ ${goalMs} ms on PostgreSQL): ${worstSummaryP95 <= goalMs ? 'met' : 'NOT met'} (worst ${worstSummaryP95.toFixed(1)} ms).`
        : `The goal is PostgreSQL's (summary p95 ≤ ${goalMs} ms); PGlite serialises every query.`;
    const section = [
      `### Reporting — ${label}`,
      '',
      `${runStamp()} · up to ${runs} sequential HTTP requests per measure (cut at ${caseMs / 1000} s) after ${warmUp} of warm-up · 1-minute load average ${loadBefore} before, ${loadAfter} after.`,
      '',
      `${invoiceCount.toLocaleString('en-US')} invoices of one company (seeded in ${seedSeconds.toFixed(1)} s). The summary reads the period and the previous one at once (each: its kept day sums in one tenant transaction, what is owed in a prepared read beside it). ${verdict}`,
      '',
      '| Request | p50 ms | p95 ms | p99 ms | requests |',
      '|---|---:|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n');
    writeResultsSection(`reporting-${databaseKind}`, section, {
      heading: '## Reporting (bench/reporting.ts, issue 24)',
    });
  } finally {
    await servers.close();
  }
} finally {
  await drop();
}
