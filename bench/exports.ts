/**
 * `npm run bench:exports -w server`: the accounting exports of a company with 100 000 invoices and
 * 100 000 payments (bench/seed-large.sql.ts): each file read whole, as a browser downloads it, with
 * the time to the last byte, the size, and the server's resident memory growth while it streams
 * (sampled every 10 ms: the API runs in this process). Records its section of bench/results.md.
 * PGlite by default; PostgreSQL when DATABASE_URL is set (issue 11's goal: the bank journal of the
 * 100 000 payments in at most 2 s on PostgreSQL). `BENCH_EXPORTS=bank-journal` (comma-separated
 * paths) measures only those files.
 */

import { sql } from '../server/src/db/database.js';
import { databaseKind, loadAverage, runStamp, writeResultsSection } from './results.js';
import { benchCompanyId } from './seed-large.sql.js';
import { countRows, openBenchDatabase, seedBenchCompany, startBenchApi } from './setup.js';

/** Issue 11: « 100 000 payments in ≤ 2 s on PostgreSQL ». */
const goalMs = 2000;

const { db, label, drop } = await openBenchDatabase();
try {
  // The large seed writes invoices without their per-rate amounts: one 20 % part each, as the
  // invoicing operations would store it, for the collected VAT and the sales entries.
  const seedSeconds = await seedBenchCompany(db, [
    // Issue 11 measures 100 000 payments: the seed's credit-note payments (of zero, left out of
    // every export) become cheques of their invoice's amount, so all 100 000 are exported.
    `update payments p set amount_cents = i.total_incl_tax_cents, mode = 'check' from invoices i
     where i.id = p.invoice_id and p.company_id = ${benchCompanyId} and p.amount_cents = 0`,
    `update invoices set amounts = jsonb_build_object('byRate', jsonb_build_array(jsonb_build_object(
       'vatRate', 2000, 'ht', total_excl_tax_cents, 'vat', total_incl_tax_cents - total_excl_tax_cents)))
     where company_id = ${benchCompanyId}`,
    'analyze',
  ]);
  const payments = await countRows(db, 'payments', 'and amount_cents <> 0');
  const invoices = await countRows(db, 'invoices', "and status = 'VALIDATED'");
  if (payments !== 100_000) throw new Error(`Expected 100 000 payments to export, found ${payments}`);
  // Every payment of the seed goes to its first bank.
  const [{ bankId }] = (
    (await db.owner.execute(
      sql.raw(`select min(id) as "bankId" from banks where company_id = ${benchCompanyId}`),
    )) as unknown as { rows: { bankId: number }[] }
  ).rows as [{ bankId: number }];
  console.log(`Seeded in ${seedSeconds.toFixed(1)} s: ${payments} payments, ${invoices} validated invoices`);

  const { servers, headers } = await startBenchApi(db);
  const base = `${servers.platformUrl}/v2/companies/${benchCompanyId}/exports`;
  const period = 'from=2000-01-01&to=2100-12-31';
  const allTargets = [
    [
      `bank journal (${payments.toLocaleString('en-US')} payments, 2 lines each)`,
      `${base}/bank-journal?${period}&bankId=${bankId}`,
    ],
    [`collected VAT (${payments.toLocaleString('en-US')} payments)`, `${base}/collected-vat?${period}`],
    [`sales journal (${invoices.toLocaleString('en-US')} invoices)`, `${base}/sales-journal?${period}`],
    [
      `FEC (${invoices.toLocaleString('en-US')} invoices + ${payments.toLocaleString('en-US')} payments)`,
      `${base}/fec?${period}`,
    ],
  ] as const;
  // BENCH_EXPORTS=bank-journal measures only the files named (their path), e.g. the goal's alone.
  const only = process.env.BENCH_EXPORTS?.split(',');
  const targets = allTargets.filter(([, url]) => !only || only.some((kind) => url.includes(`/${kind}?`)));

  const rows: string[] = [];
  let bankJournalMs: number | undefined;
  const loadBefore = loadAverage();
  for (const [name, url] of targets) {
    // One warm-up read, then the measured one.
    for (const measured of [false, true]) {
      global.gc?.();
      const rssBefore = process.memoryUsage().rss;
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 10);
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      let bytes = 0;
      for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
      const ms = performance.now() - started;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      clearInterval(sampler);
      if (!measured) continue;
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      console.log(
        `${name}: ${ms.toFixed(0)} ms, CPU ${cpuMs.toFixed(0)} ms, ${mb(bytes)} MB, RSS +${mb(rssPeak - rssBefore)} MB`,
      );
      rows.push(
        `| ${name} | ${ms.toFixed(0)} | ${cpuMs.toFixed(0)} | ${mb(bytes)} | ${mb(rssPeak - rssBefore)} |`,
      );
      if (url.includes('/bank-journal?')) bankJournalMs = ms;
    }
  }
  const loadAfter = loadAverage();
  await servers.close();

  const goal =
    bankJournalMs === undefined
      ? ''
      : `Goal of issue 11: the ${payments.toLocaleString('en-US')} payments exported (bank journal) in at most ${goalMs / 1000} s on PostgreSQL. ` +
        `Measured here: ${bankJournalMs.toFixed(0)} ms: ${bankJournalMs <= goalMs ? '**met**' : '**not met**'}` +
        `${databaseKind === 'postgres' ? '' : ' (PGlite: indicative only, the goal is for PostgreSQL)'}.`;
  console.log(goal);
  const section = [
    `### Exports — ${label}`,
    '',
    `${runStamp()} · 1-minute load average ${loadBefore} before, ${loadAfter} after. Time to the last byte of one download after one warm-up download; CPU: this process's (the API and the reader; the database server's own is not counted), which a loaded box inflates less than the wall time; memory: growth of the process's resident set while the file streams (the file itself is never held whole).`,
    '',
    '| Export | ms to last byte | CPU ms of this process | MB | RSS growth MB |',
    '|---|---:|---:|---:|---:|',
    ...rows,
    '',
    goal,
  ].join('\n');
  writeResultsSection(`exports-${databaseKind}`, section, {
    heading: '## Accounting exports (bench/exports.ts, `npm run bench:exports -w server`)',
  });
} finally {
  await drop();
}
