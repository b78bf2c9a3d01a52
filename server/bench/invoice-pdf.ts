/**
 * `npm run bench:pdf -w server`: how long one invoice PDF with 200 lines takes to render — the
 * Factur-X PDF/A-3 of a validated invoice (load from the database, draw, build and attach the CII
 * XML, write), as `renderInvoicePdf` does for the route and the mail. The demo data on an embedded
 * database (PGlite); a 200-line simple invoice over the three VAT rates is created and validated,
 * then rendered 3 times to warm up and 20 times measured. Records its section of bench/results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { openDatabase } from '../src/db/database.js';
import { seedDemo } from '../src/db/seed.js';
import { invoiceXml } from '../src/documents/cii-xml.js';
import { loadInvoiceDocument } from '../src/documents/invoice-data.js';
import { renderInvoicePdf } from '../src/documents/invoice-document.js';
import { createInvoice, validateInvoice } from '../src/invoicing/invoices.js';
import { vatRatesOf } from '../src/invoicing/load.js';

const companyId = 1;
const lineCount = 200;
const warmUp = 3;
const runs = 20;
const resultsFile = path.join(import.meta.dirname, '..', '..', 'bench', 'results.md');

const loadBefore = os.loadavg()[0]!;
const db = await openDatabase({ dataDir: 'memory://' });
try {
  await seedDemo(db, { password: 'bench-only' });
  const invoiceId = await db.withTenant(companyId, async (tx) => {
    const rates = [...(await vatRatesOf(tx, companyId)).values()].filter((r) => r.rateBasisPoints > 0);
    const created = await createInvoice(
      tx,
      companyId,
      {
        kind: 'simple',
        customerId: (await tx.query.customers.findFirst({
          where: (c, { eq }) => eq(c.companyId, companyId),
        }))!.id,
        title: 'Rénovation complète — 200 postes',
        lines: Array.from({ length: lineCount }, (_, i) => ({
          chapter: `Lot ${Math.floor(i / 20) + 1}`,
          label: `Poste ${i + 1} : fourniture et pose selon descriptif, y compris façon et accessoires`,
          unit: ['m²', 'u', 'ml', 'h', 'forfait'][i % 5]!,
          quantityMilli: 1_000 + ((i * 7_919) % 48_000),
          unitPriceCents: 1_250 + ((i * 3_571) % 95_000),
          vatRateId: rates[i % rates.length]!.id,
        })),
      },
      new Date().toISOString().slice(0, 10),
    );
    if (!created.ok) throw new Error(`create: ${created.key}`);
    const validated = await validateInvoice(tx, companyId, created.value, { sessionId: null });
    if (!validated.ok) throw new Error(`validate: ${validated.key}`);
    return created.value;
  });

  const times: number[] = [];
  // CPU time of the process per render: what a loaded box (2 cores shared) does not inflate.
  const cpuTimes: number[] = [];
  let last: Uint8Array = new Uint8Array();
  for (let i = 0; i < warmUp + runs; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    last = (await renderInvoicePdf(db, companyId, invoiceId)).bytes;
    const cpu = process.cpuUsage(cpuStart);
    if (i >= warmUp) {
      times.push(performance.now() - start);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
    }
  }
  const document = (await db.withTenant(companyId, (tx) => loadInvoiceDocument(tx, companyId, invoiceId)))!;
  const xmlStart = performance.now();
  for (let i = 0; i < runs; i++) invoiceXml(document);
  const xmlMs = (performance.now() - xmlStart) / runs;
  const pages = (await PDFDocument.load(last)).getPageCount();

  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const at = (q: number, list = times) => list[Math.min(list.length - 1, Math.floor(q * list.length))]!;
  const ms = (value: number) => value.toFixed(0);
  const section = `### Invoice PDF, 200 lines (server/bench/invoice-pdf.ts, \`npm run bench:pdf -w server\`)

Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC · Node ${process.version} · ${os.cpus().length} cores · 1-minute load average ${loadBefore.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after · PGlite, demo data.

\`renderInvoicePdf\` of a validated 200-line invoice (3 VAT rates, 10 chapters): load, draw in Poppins, build and attach the CII XML, PDF/A-3 metadata, write. ${pages} pages, ${(last.length / 1024).toFixed(0)} KiB. ${warmUp} warm-up renders, then ${runs} measured.

| | min ms | median ms | p95 ms | max ms |
|---|---:|---:|---:|---:|
| whole PDF (\`renderInvoicePdf\`), wall clock | ${ms(times[0]!)} | ${ms(at(0.5))} | ${ms(at(0.95))} | ${ms(times[times.length - 1]!)} |
| the same, CPU time of the process (user + system) | ${ms(cpuTimes[0]!)} | ${ms(at(0.5, cpuTimes))} | ${ms(at(0.95, cpuTimes))} | ${ms(cpuTimes[cpuTimes.length - 1]!)} |

The CII XML alone: ${xmlMs.toFixed(1)} ms per invoice. The wall clock grows with the box's load; the CPU time barely does.
`;
  console.log(section);
  const current = fs.readFileSync(resultsFile, 'utf8');
  const block = `<!-- invoice-pdf -->\n${section}<!-- /invoice-pdf -->`;
  const pattern = /<!-- invoice-pdf -->[\s\S]*?<!-- \/invoice-pdf -->/;
  fs.writeFileSync(
    resultsFile,
    pattern.test(current) ? current.replace(pattern, block) : `${current.trimEnd()}\n\n${block}\n`,
  );
  console.log(`Written to ${path.relative(process.cwd(), resultsFile)}`);
} finally {
  await db.close();
}
