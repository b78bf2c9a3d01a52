/**
 * `npm run bench:lighthouse`: Lighthouse's mobile preset (its default config: a mid-range phone on a
 * slow 4G link, simulated, 4× CPU slowdown) on the screens of issue 27, three runs each, signed in
 * on the demo data; the median of each metric goes to bench/results.md (the goal: performance ≥ 90,
 * LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1).
 *
 * The server is started as the end-to-end run starts it (e2e/playwright.config.ts): `server/src/main.ts`
 * on an in-memory PGlite with the demo data, on ports of its own (LH_PORT, 3300, and the next one),
 * serving the built front end: dist/ (DIST_DIR moves it) must exist — `npm run build` first.
 * LH_PLATFORM and LH_CLIENT (both origins) measure a server already running instead.
 *
 * Other settings: LH_SCREENS=payments,invoices (a subset, by key), LH_RUNS (3), LH_SECTION (the block
 * of results.md, `lighthouse-mobile`), LH_REPORTS=<folder> keeps each run's JSON report.
 * Chromium: $CHROMIUM_PATH or /usr/bin/chromium (tests/support/browser.ts), headless.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { chromiumArgs, chromiumExecutable } from '../tests/support/browser.js';
import { loadAverage, runStamp, writeResultsSection } from './results.js';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.LH_RUNS ?? 3);
const sectionKind = process.env.LH_SECTION ?? 'lighthouse-mobile';
const reportsDir = process.env.LH_REPORTS ? path.resolve(process.env.LH_REPORTS) : undefined;
const lighthouseVersion: string = JSON.parse(
  fs.readFileSync(path.join(repoRoot, 'node_modules/lighthouse/package.json'), 'utf8'),
).version;

// ---------------------------------------------------------------------------------------------
// The server

const ownServer = !(process.env.LH_PLATFORM && process.env.LH_CLIENT);
const basePort = Number(process.env.LH_PORT ?? 3300);
const PLATFORM = process.env.LH_PLATFORM ?? `http://localhost:${basePort}`;
const CLIENT = process.env.LH_CLIENT ?? `http://localhost:${basePort + 1}`;

let server: ChildProcess | undefined;
let stopping = false;

async function startServer(): Promise<void> {
  const distDir = path.resolve(repoRoot, process.env.DIST_DIR ?? 'dist');
  for (const file of ['define.js', 'app/index.html']) {
    if (!fs.existsSync(path.join(distDir, file))) {
      throw new Error(
        `${path.join(distDir, file)} is missing: the front end is not built (npm run build), or DIST_DIR names another folder.`,
      );
    }
  }
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: 'memory://',
      PLATFORM_PORT: String(basePort),
      CLIENT_PORT: String(basePort + 1),
      JWT_SECRET: 'lighthouse-only-secret-0123456789abcdef',
      DIST_DIR: distDir,
      OUTBOX_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bo-lighthouse-outbox-')),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  server.on('exit', (code, signal) => {
    if (!stopping) console.error(`The server stopped (exit code ${code}, signal ${signal}).`);
  });
  // PGlite boots, migrates and seeds first: seconds alone, a minute or more on a loaded box.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('The server did not start (its errors are above).');
    const answer = await fetch(`${PLATFORM}/login`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer ${PLATFORM}/login within 4 minutes.`);
}

// ---------------------------------------------------------------------------------------------
// The browser, signed in

/**
 * One Chromium, its default profile signed in (the SPA reads its token from the `appAccessToken`
 * cookie, which is the host's: both ports share it); Lighthouse opens its own tab in that profile
 * through the debugging port, and does not clear cookies between runs (only caches and storage).
 */
async function signedInBrowser(debuggingPort: number): Promise<BrowserContext> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bo-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumExecutable(),
    headless: true,
    args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
    locale: 'fr-FR',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const home = `${CLIENT}/facturation/factures`;
  await page.goto(`${PLATFORM}/login?redirect=${encodeURIComponent(home)}`);
  await page.getByLabel('Adresse email').fill(process.env.LH_EMAIL ?? 'admin@demo.fr');
  await page.getByLabel('Mot de passe').fill(process.env.LH_PASSWORD ?? 'demo1234');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL(home, { timeout: 60_000 });
  await page.goto('about:blank');
  return context;
}

/** The first record of a company list (its id), to open an editor on: `undefined` when none. */
async function firstId(context: BrowserContext, list: string): Promise<number | undefined> {
  const token = (await context.cookies(PLATFORM)).find((c) => c.name === 'appAccessToken')?.value;
  const answer = await context.request.get(`${PLATFORM}/v2/companies/1/${list}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!answer.ok()) return undefined;
  return ((await answer.json()) as { data: { id: number }[] }).data[0]?.id;
}

// ---------------------------------------------------------------------------------------------
// The screens

interface Screen {
  key: string;
  name: string;
  /** Its address, once signed in; `undefined` when the demo has no record to open. */
  url: (context: BrowserContext) => Promise<string | undefined>;
}

const fixed = (url: string) => async () => url;

/** Issue 27's five pages, then the new areas' main screens. */
const allScreens: Screen[] = [
  {
    key: 'payments',
    name: 'Règlements en attente',
    url: fixed(`${CLIENT}/facturation/reglements/en-attente`),
  },
  { key: 'invoices', name: 'Mes factures', url: fixed(`${CLIENT}/facturation/factures`) },
  {
    key: 'invoice-editor',
    name: 'the invoice editor (a draft)',
    url: async (context) => {
      const id = await firstId(context, 'invoices?status=PROVISOIRE&limit=1');
      return id === undefined ? undefined : `${CLIENT}/facturation/factures/${id}`;
    },
  },
  { key: 'customers', name: 'Gestion clients', url: fixed(`${CLIENT}/gestion-clients`) },
  { key: 'my-account', name: '/app/my-account (platform)', url: fixed(`${PLATFORM}/app/my-account`) },
  {
    key: 'quote-editor',
    name: 'the quote editor (a draft, platform)',
    url: async (context) => {
      const id = await firstId(context, 'quotes?status=draft&limit=1');
      return id === undefined ? undefined : `${PLATFORM}/app/prive/#/elaboration-devis?devis=${id}`;
    },
  },
  {
    key: 'library',
    name: 'the price library (platform)',
    url: fixed(`${PLATFORM}/app/prive/#/base-donnees`),
  },
  {
    key: 'measure-group',
    name: 'a measure group',
    url: async (context) => {
      const id = await firstId(context, 'measure-groups?application=pix4d&limit=1');
      return id === undefined ? undefined : `${CLIENT}/applications/pix4d/groupes-mesures/${id}`;
    },
  },
  {
    key: 'reporting',
    name: "Suivi d'activité, reporting (platform)",
    url: fixed(`${PLATFORM}/app/reporting`),
  },
];

const chosen = process.env.LH_SCREENS?.split(',').map((key) => key.trim());
const screens = chosen ? allScreens.filter((screen) => chosen.includes(screen.key)) : allScreens;

// ---------------------------------------------------------------------------------------------
// One run

interface RunFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  requests: number;
  transferKiB: number;
  consoleErrors: number;
  /** The audits with the largest estimated savings (ms), as Lighthouse names them. */
  opportunities: { title: string; ms: number }[];
}

type Audit = {
  title: string;
  numericValue?: number;
  score: number | null;
  details?: { type?: string; items?: unknown[]; overallSavingsMs?: number };
  metricSavings?: Record<string, number | undefined>;
};

async function measure(url: string, port: number, label: string): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'best-practices'],
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (reportsDir) {
    fs.mkdirSync(reportsDir, { recursive: true });
    fs.writeFileSync(path.join(reportsDir, `${label}.json`), JSON.stringify(lhr));
  }
  const audits = lhr.audits as unknown as Record<string, Audit>;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const opportunities = Object.values(audits)
    .map((audit) => ({
      title: audit.title,
      ms:
        audit.details?.overallSavingsMs ??
        Math.max(audit.metricSavings?.LCP ?? 0, audit.metricSavings?.FCP ?? 0),
      passed: audit.score !== null && audit.score >= 0.9,
    }))
    .filter((o) => !o.passed && o.ms > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 3)
    .map(({ title, ms }) => ({ title, ms }));
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    requests: audits['network-requests']?.details?.items?.length ?? 0,
    transferKiB: value('total-byte-weight') / 1024,
    consoleErrors: audits['errors-in-console']?.details?.items?.length ?? 0,
    opportunities,
  };
}

/**
 * On a loaded box Lighthouse sometimes loses its trace (NO_NAVSTART, NO_FCP): such a run says
 * nothing about the page, it is made again (twice at most).
 */
async function measureWithRetries(url: string, port: number, label: string): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, port, label);
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`${label}: ${(error as Error).message}; once more`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The table

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;
const goalMet = (m: { score: number; lcp: number; tbt: number; cls: number }) =>
  m.score >= 90 && m.lcp <= 2500 && m.tbt <= 200 && m.cls <= 0.1;

interface ScreenResult {
  screen: Screen;
  load: string;
  figures: RunFigures[];
  skipped?: string;
}

function section(results: ScreenResult[], loads: { start: string; end: string }): string {
  const rows = results.map(({ screen, load, figures, skipped }) => {
    if (skipped) return `| ${screen.name} | ${skipped} | | | | | | | | | |`;
    const of = (key: keyof Omit<RunFigures, 'opportunities'>) => median(figures.map((f) => f[key]));
    const scores = figures.map((f) => f.score);
    const m = { score: of('score'), lcp: of('lcp'), tbt: of('tbt'), cls: of('cls') };
    return `| ${screen.name} | ${m.score} (${Math.min(...scores)}–${Math.max(...scores)}) | ${seconds(of('fcp'))} | ${seconds(m.lcp)} | ${millis(m.tbt)} | ${m.cls.toFixed(3)} | ${seconds(of('si'))} | ${of('requests')} | ${Math.round(of('transferKiB'))} | ${of('consoleErrors')} | ${load} | ${goalMet(m) ? 'met' : 'not met'} |`;
  });
  const named = results
    .filter((r) => !r.skipped)
    .map(({ screen, figures }) => {
      // The opportunities of the median-scoring run.
      const run = [...figures].sort((a, b) => a.score - b.score)[Math.floor(figures.length / 2)]!;
      const list = run.opportunities.map((o) => `${o.title} (${millis(o.ms)})`).join('; ');
      return `- ${screen.name}: ${list || 'nothing over 0 ms'}`;
    });
  return [
    `### Lighthouse ${lighthouseVersion}, mobile preset (simulated slow 4G, 4× CPU), median of ${runs} runs`,
    '',
    `${runStamp()} · Chromium headless · load average ${loads.start} at the start, ${loads.end} at the end · \`${process.env.LH_COMMAND ?? 'npm run bench:lighthouse'}\``,
    '',
    '| screen | performance (min–max) | FCP | LCP | TBT | CLS | Speed Index | requests | transfer KiB | console errors | load avg | goal |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Goal (issue 27): performance ≥ 90, LCP ≤ 2,5 s, TBT ≤ 200 ms, CLS ≤ 0,1. What Lighthouse names first (the median run, estimated savings):',
    '',
    ...named,
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------

const debuggingPort = Number(process.env.LH_DEBUGGING_PORT ?? 9322);
let context: BrowserContext | undefined;
try {
  if (ownServer) await startServer();
  context = await signedInBrowser(debuggingPort);
  const loadAtStart = loadAverage();
  const results: ScreenResult[] = [];
  for (const screen of screens) {
    const load = loadAverage();
    // A screen that fails is said in its row; the others are still measured and written.
    try {
      const url = await screen.url(context);
      if (!url) {
        results.push({ screen, load, figures: [], skipped: 'no record in the demo data' });
        continue;
      }
      const figures: RunFigures[] = [];
      for (let run = 1; run <= runs; run++) {
        const figure = await measureWithRetries(url, debuggingPort, `${screen.key}-${run}`);
        console.log(
          `${screen.key} run ${run}: ${figure.score} · FCP ${seconds(figure.fcp)} · LCP ${seconds(figure.lcp)} · TBT ${millis(figure.tbt)} · CLS ${figure.cls.toFixed(3)} · load ${loadAverage()}`,
        );
        figures.push(figure);
      }
      results.push({ screen, load, figures });
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]!;
      console.error(`${screen.key}: ${message}`);
      results.push({ screen, load, figures: [], skipped: `failed: ${message.replaceAll('|', '/')}` });
    }
  }
  writeResultsSection(sectionKind, section(results, { start: loadAtStart, end: loadAverage() }), {
    heading: '## Lighthouse, mobile (bench/lighthouse.ts, `npm run bench:lighthouse`, issue 27)',
  });
} finally {
  await context?.close();
  stopping = true;
  server?.kill('SIGTERM');
}
