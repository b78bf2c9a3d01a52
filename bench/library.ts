/**
 * `npx tsx bench/library.ts` (from server/, as the other benches): the price library's search at
 * 50 000 items (issue 22: a search answers in p95 ≤ 20 ms on PostgreSQL), short words included
 * (migration 0037: « 32 », a two-letter code; BENCH_ITEMS=100000 for the 100 000 of that work). Seeds the demo, then
 * BENCH_ITEMS items (default 50 000) in company 1 in one statement each (supplies, labour,
 * equipment, and one work in ten made of four items, some of them works), starts the API on
 * loopback and loads each search through HTTP with BENCH_CONCURRENCY (default 10) requests in
 * flight for BENCH_SECONDS (default 8) each, from the load generator's own process: no search, a
 * code, common words, words in any order typed without accents, short words, a kind, a family. PGlite
 * by default; PostgreSQL when DATABASE_URL is set. Records its section of bench/results.md.
 */
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../server/src/config.js';
import { sql } from '../server/src/db/database.js';
import { seedDemo } from '../server/src/db/seed.js';
import { createLogger } from '../server/src/log.js';
import { startServers } from '../server/src/server.js';
import { librarySeedSql } from './library-seed.sql.js';
import { databaseKind, loadAverage, runStamp, writeResultsSection } from './results.js';
import { concurrency, durationMs, load, openBenchDatabase, resultRow } from './setup.js';

const items = Number(process.env.BENCH_ITEMS ?? 50_000);
const company = 1;

const { db, label, drop } = await openBenchDatabase();
try {
  await seedDemo(db, { password: 'demo1234' });
  const started = Date.now();
  for (const statement of librarySeedSql(company, items)) await db.owner.execute(sql.raw(statement));
  // The seed's time, without the waits for the visibility map below.
  const seedSeconds = (Date.now() - started) / 1000;
  // The seed's vacuum right after the inserts may leave their pages unmarked in the visibility map
  // (measured: library_word_items and library_components, relallvisible 0 on this cluster; a vacuum
  // a second later marks them), and every index-only read of the word index then went to the table
  // (« platre »: 3 438 buffers instead of 258). Vacuumed again until marked, as autovacuum would
  // have them in time.
  for (let attempt = 0; attempt < 20; attempt++) {
    const [{ unmarked }] = (
      (await db.owner.execute(
        sql.raw(`select count(*)::int as unmarked from pg_class where relname in
          ('library_items', 'library_word_items', 'library_components') and relallvisible < relpages`),
      )) as unknown as { rows: { unmarked: number }[] }
    ).rows as [{ unmarked: number }];
    if (unmarked === 0 || databaseKind !== 'postgres') break;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await db.owner.execute(sql.raw('vacuum library_items, library_word_items, library_components'));
  }
  const [{ n }] = (
    (await db.owner.execute(
      sql.raw(`select count(*)::int as n from library_items where company_id = ${company}`),
    )) as unknown as { rows: { n: number }[] }
  ).rows as [{ n: number }];
  console.log(`Seeded ${n} items in ${seedSeconds.toFixed(1)} s`);

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
    const headers = { authorization: `Bearer ${token}` };
    const base = `${servers.platformUrl}/v2/companies/${company}/library/items`;
    // One of the eight families of the seed (an item in eight), for the family filter.
    const [{ id: familyId }] = (
      (await db.owner.execute(
        sql`select id from library_families where company_id = ${company} and name = 'Plâtrerie'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows as [{ id: number }];
    const cases: [string, string][] = [
      ['first page, by designation (no search)', ''],
      ['search q=platre (one word, one item in twelve)', '?q=platre'],
      ['search q=facade enduit (two words, any order, no accents)', '?q=facade%20enduit'],
      ['search q=ele-004242 (a code)', '?q=ele-004242'],
      ['search q=mur laine roche (three words, any order)', '?q=mur%20laine%20roche'],
      ['search q=cable, kind=supply, sort=code desc', '?q=cable&kind=supply&sort=code&order=desc'],
      ['search q=beton, page 10 (offset 450)', '?q=beton&offset=450'],
      ['kind=work, first page (works priced through their compositions)', '?kind=work'],
      ['familyId, first page (a family: one item in eight)', `?familyId=${familyId}`],
      ['search q=platre in a family (Plâtrerie)', `?q=platre&familyId=${familyId}`],
      // Short words (migration 0037): found where a word begins, through the trigram index.
      ['search q=IPN (three letters)', '?q=IPN'],
      ['search q=PVC 32 (a word and two digits)', '?q=PVC%2032'],
      ['search q=32 (two digits alone)', '?q=32'],
      ['search q=KZ (a two-letter code)', '?q=KZ'],
      ['search q=pl (two letters, as the quote editor asks from the 2nd)', '?q=pl'],
    ];
    const rows: string[] = [];
    const loadBefore = loadAverage();
    for (const [name, query] of cases) {
      const check = await fetch(`${base}${query}`, { headers });
      const body = (await check.json()) as { info: { hits: number } };
      if (check.status !== 200) throw new Error(`${name}: ${check.status} ${JSON.stringify(body)}`);
      const result = await load(`${base}${query}`, headers);
      console.log(name, {
        hits: body.info.hits,
        p50: result.p50,
        p95: result.p95,
        rps: result.requestsPerSecond,
      });
      rows.push(`${resultRow(name, result)} ${body.info.hits.toLocaleString('en-US')} |`);
    }
    const section = [
      `### Price library search — ${label}`,
      '',
      `${runStamp()} · ${concurrency} requests in flight, ${durationMs / 1000} s per case after 1 s of warm-up · 1-minute load average ${loadBefore} before, ${loadAverage()} after.`,
      '',
      `${n.toLocaleString('en-US')} items of one company (seeded in ${seedSeconds.toFixed(1)} s; one in ten a work of four components). Through HTTP with a bearer token, row-level security on; each answer carries its items' cost and sale price computed from the company's costs. Goal of issue 22: a search at p95 ≤ 20 ms on PostgreSQL.`,
      '',
      '| Request | req/s | p50 ms | p95 ms | p99 ms | requests | errors | hits |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n');
    // A run at another size than the issue's 50 000 keeps its own section; BENCH_SECTION names
    // another one (a before/after pair kept beside the latest run).
    const kind = process.env.BENCH_SECTION ?? `library-${databaseKind}${items === 50_000 ? '' : `-${items}`}`;
    // BENCH_DRY_RUN=1: printed, not written (as bench/run.ts).
    if (process.env.BENCH_DRY_RUN === '1') console.log(`\nBENCH_DRY_RUN=1: not written.\n\n${section}`);
    else writeResultsSection(kind, section, { heading: '## Price library (bench/library.ts, issue 22)' });
  } finally {
    await servers.close();
  }
} finally {
  await drop();
}
