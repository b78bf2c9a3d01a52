/**
 * `npm run bench:exports -w server`: the accounting exports of a company with 100 000 invoices and
 * 100 000 payments (bench/seed-large.sql.ts): each file read whole, as a browser downloads it, with
 * the time to the last byte, the size, and the server's resident memory growth while it streams
 * (sampled every 10 ms: the API runs in this process). Records its section of bench/results.md.
 * PGlite by default; PostgreSQL when DATABASE_URL is set.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from '../server/src/db/database.js';
import { benchCompanyId } from './seed-large.sql.js';
import { openBenchDatabase, resultsFile, seedBenchCompany, startBenchApi } from './setup.js';

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
  const count = async (query: string) =>
    ((await db.owner.execute(sql.raw(query))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const payments = await count(
    `select count(*)::int as n from payments where company_id = ${benchCompanyId} and amount_cents <> 0`,
  );
  const invoices = await count(
    `select count(*)::int as n from invoices where company_id = ${benchCompanyId} and status = 'VALIDATED'`,
  );
  if (payments !== 100_000) throw new Error(`Expected 100 000 payments to export, found ${payments}`);
  const bankId = await count(`select min(id) as n from banks where company_id = ${benchCompanyId}`);
  console.log(`Seeded in ${seedSeconds.toFixed(1)} s: ${payments} payments, ${invoices} validated invoices`);

  const { servers, headers } = await startBenchApi(db);
  const base = `${servers.platformUrl}/v2/companies/${benchCompanyId}/exports`;
  const period = 'from=2000-01-01&to=2100-12-31';
  const targets = [
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

  const rows: string[] = [];
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
      const response = await fetch(url, { headers });
      if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
      let bytes = 0;
      for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
      const ms = performance.now() - started;
      clearInterval(sampler);
      if (!measured) continue;
      const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
      console.log(`${name}: ${ms.toFixed(0)} ms, ${mb(bytes)} MB, RSS +${mb(rssPeak - rssBefore)} MB`);
      rows.push(`| ${name} | ${ms.toFixed(0)} | ${mb(bytes)} | ${mb(rssPeak - rssBefore)} |`);
    }
  }
  await servers.close();

  const kind = process.env.DATABASE_URL ? 'exports-postgres' : 'exports-pglite';
  const section = [
    `### Exports — ${label}`,
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · ${os.cpus().length} cores · 1-minute load average ${os.loadavg()[0]!.toFixed(2)} after. Time to the last byte of one download after one warm-up download; memory: growth of the process's resident set while the file streams (the file itself is never held whole).`,
    '',
    '| Export | ms to last byte | MB | RSS growth MB |',
    '|---|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  const current = fs.readFileSync(resultsFile, 'utf8');
  const heading = '## Accounting exports (bench/exports.ts, `npm run bench:exports -w server`)';
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
