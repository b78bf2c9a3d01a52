/**
 * `npx tsx ../bench/library-import.ts` (from server/, as the other benches): importing a supplier's
 * price list (issue 22: 50 000 lines imported in ≤ 10 s on PostgreSQL). Seeds the demo, starts the
 * API on loopback and POSTs a CSV of BENCH_LINES lines (default 50 000; French decimals, Windows-1252
 * as Excel writes it, ten families) through HTTP, as the dialog does: first into an empty library
 * (every line created), then the same codes with new prices (every line updated). Each import is
 * timed from the request to the answer: upload, decoding, parsing, checks, the plan's reads and the
 * batched writes in one transaction. PGlite by default; PostgreSQL when DATABASE_URL is set.
 * Records its section of bench/results.md.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/src/config.js';
import { sql } from '../server/src/db/database.js';
import { seedDemo } from '../server/src/db/seed.js';
import { createLogger } from '../server/src/log.js';
import { startServers } from '../server/src/server.js';
import { databaseKind, loadAverage, runStamp, writeResultsSection } from './results.js';
import { openBenchDatabase } from './setup.js';

const lines = Number(process.env.BENCH_LINES ?? 50_000);
const company = 1;
const families = [
  'Plâtrerie',
  'Électricité',
  'Plomberie',
  'Peinture',
  'Carrelage',
  'Menuiserie',
  'Isolation',
  'Maçonnerie',
  'Quincaillerie',
  'Outillage',
];
const words = [
  'Plaque',
  'Câble',
  'Tube',
  'Vis',
  'Cheville',
  'Enduit',
  'Peinture',
  'Carreau',
  'Rail',
  'Montant',
  'Laine',
  'Mortier',
];

/** A price list as Excel saves it on a French Windows: ; separated, Windows-1252, « 12,50 ». */
function priceList(priceOffset: number): Uint8Array {
  const rows = ['Référence;Désignation;Unité;Prix HT;Famille'];
  for (let i = 0; i < lines; i += 1) {
    const cents = 100 + ((i * 7919) % 50_000) + priceOffset;
    rows.push(
      `REF-${String(i).padStart(6, '0')};${words[i % words.length]} référence ${i} « qualité pro »;u;${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')};${families[i % families.length]}`,
    );
  }
  // Latin-1 covers every character above: Windows-1252 bytes.
  return Uint8Array.from(Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1'));
}

const mapping = { code: 0, designation: 1, unit: 2, price: 3, family: 4 };

const { db, label, drop } = await openBenchDatabase();
try {
  await seedDemo(db, { password: 'demo1234' });
  const config = loadConfig(
    {},
    { platformPort: 0, clientPort: 0, jwtSecret: randomBytes(32).toString('hex'), dataDir: 'memory://' },
  );
  const servers = await startServers(config, {
    db,
    hostname: '127.0.0.1',
    seed: false,
    log: createLogger(() => {}),
  });
  try {
    const [{ id: userId }] = (
      (await db.owner.execute(sql`select id from users where email = 'admin@demo.fr'`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows as [{ id: number }];
    const token = await servers.apps.deps.sessions.start({ userId, companyId: company });
    const url = `${servers.platformUrl}/v2/companies/${company}/library/imports`;

    const importOnce = async (name: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.append('file', new File([bytes], 'tarif.csv', { type: 'text/csv' }));
      form.append('mapping', JSON.stringify(mapping));
      const started = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = (await response.json()) as { data?: Record<string, number>; error?: unknown };
      const seconds = (performance.now() - started) / 1000;
      if (response.status !== 200 || !body.data)
        throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
      const { created = 0, updated = 0, rejected = 0 } = body.data;
      console.log(name, { seconds: seconds.toFixed(2), created, updated, rejected });
      return `| ${name} | ${(bytes.byteLength / 1024 / 1024).toFixed(1)} | ${created.toLocaleString('en-US')} | ${updated.toLocaleString('en-US')} | ${rejected} | ${seconds.toFixed(2)} | ${seconds <= 10 ? 'yes' : 'no'} |`;
    };

    const loadBefore = loadAverage();
    const rows = [
      await importOnce(`${lines.toLocaleString('en-US')} new codes into an empty library`, priceList(0)),
      await importOnce(`the same ${lines.toLocaleString('en-US')} codes, every price changed`, priceList(7)),
    ];
    const [{ n }] = (
      (await db.owner.execute(
        sql.raw(`select count(*)::int as n from library_items where company_id = ${company}`),
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    if (n !== lines) throw new Error(`Expected ${lines} items, found ${n}`);
    const section = [
      `### Price list import — ${label}`,
      '',
      `${runStamp()} · 1-minute load average ${loadBefore} before, ${loadAverage()} after.`,
      '',
      `One CSV of ${lines.toLocaleString('en-US')} lines (Windows-1252, « ; », French decimals, ten families) POSTed through HTTP with a bearer token (multipart, row-level security on), timed from the request to the answer: decoding, parsing, the lines' checks, the plan's reads (codes through the code index) and the batched writes (unnest of 5 000 rows per statement) in one transaction. Goal of issue 22: 50 000 lines in ≤ 10 s on PostgreSQL.`,
      '',
      '| Import | file MB | created | updated | rejected | seconds | ≤ 10 s |',
      '|---|---:|---:|---:|---:|---:|:---:|',
      ...rows,
      '',
    ].join('\n');
    writeResultsSection(`library-import-${databaseKind}`, section, {
      heading: '## Price list import (bench/library-import.ts, issue 22)',
    });
  } finally {
    await servers.close();
  }
} finally {
  await drop();
}
