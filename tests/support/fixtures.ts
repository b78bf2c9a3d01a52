import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, normalize } from 'node:path';
import { test as base, expect, type Locator, type Page, type Route } from '@playwright/test';

/** Test pages and the built library are served from the repository at this origin. */
export const SITE = 'http://bo.test';
/** The fake platform (login page) and API origins the test pages are configured with. */
export const PLATFORM = 'http://platform.test';
export const API = 'http://api.test';

const root = join(import.meta.dirname, '..', '..');
const mime: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

async function serveFile(route: Route, path: string) {
  const safe = normalize(path).replace(/^(\.\.[/\\])+/, '');
  const file =
    safe.startsWith('dist/') || safe.startsWith('storybook-static/')
      ? join(root, safe)
      : join(root, 'tests', 'pages', safe);
  try {
    await route.fulfill({
      body: await readFile(file),
      contentType: mime[extname(file)] ?? 'application/octet-stream',
    });
  } catch {
    await route.fulfill({ status: 404, body: 'not found' });
  }
}

/** Serves the test pages, dist/ and storybook-static/ at SITE on `page` (the `api` fixture does it for every test page). */
export async function routeSite(page: Page) {
  await page.route(`${SITE}/**`, (route) =>
    serveFile(route, new URL(route.request().url()).pathname.slice(1) || 'blank.html'),
  );
}

export type ApiHandler = (request: {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}) => { status?: number; body?: unknown } | undefined;

export interface FakeApi {
  /** Answers "METHOD /path": the handler added last wins, so a test overrides the defaults. */
  on(route: string, handler: ApiHandler): void;
  /** Every call the page made, in order. */
  calls: {
    method: string;
    path: string;
    search: URLSearchParams;
    body: unknown;
    headers: Record<string, string>;
  }[];
  /** Client-log beacons received, parsed. */
  logs: Record<string, unknown>[];
}

/** A token the client can decode (the fake API does not verify signatures). */
export function token(
  claims: Partial<{ enterprise_id: number; userId: number; companyId: number; iat: number }> = {},
) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = { enterprise_id: 1, userId: 7, companyId: 1, iat: Math.floor(Date.now() / 1000), ...claims };
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part(body)}.sig`;
}

export async function signIn(page: Page, value: string = token()) {
  await page.context().addCookies([{ name: 'appAccessToken', value, url: SITE }]);
}

const require = createRequire(import.meta.url);

/** Page-level rules that do not apply to a component shown alone (a story). */
export const COMPONENT_ONLY = ['landmark-one-main', 'page-has-heading-one', 'region'];

/** Runs axe-core on the page (open shadow roots included) and fails on any violation. */
export async function expectNoAxeViolations(page: Page, disabledRules: string[] = []) {
  // Check the settled page: a text caught halfway through a fade reads as low contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe is 550 kB of script: parsed once per document (a page that shows several stories in turn
  // keeps it), kept under a name of ours so the a11y addon's own copy is never the one run.
  if (!(await page.evaluate(() => '__boAxe' in window))) {
    await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
    await page.evaluate(() => {
      (window as unknown as { __boAxe: unknown }).__boAxe = (window as unknown as { axe: unknown }).axe;
    });
  }
  const violations = await page.evaluate(async (disabled) => {
    type AxeResult = { violations: { id: string; help: string; nodes: { target: unknown }[] }[] };
    const axe = (
      window as unknown as { __boAxe: { run: (context: Document, options: object) => Promise<AxeResult> } }
    ).__boAxe;
    const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
    // Storybook's a11y panel may be running its own axe pass on the same page: wait for it.
    let result: AxeResult | undefined;
    for (let attempt = 0; !result; attempt++) {
      try {
        // Only violations are read: axe then keeps no record of the checks that passed.
        result = await axe.run(document, { rules, resultTypes: ['violations'] });
      } catch (error) {
        if (attempt > 20 || !String(error).includes('already running')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    return result.violations.map((violation) => ({
      id: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => JSON.stringify(node.target)),
    }));
  }, disabledRules);
  expect(violations).toEqual([]);
}

export const test = base.extend<{ api: FakeApi }>({
  api: [
    async ({ page }, use) => {
      const handlers: [string, ApiHandler][] = [];
      const api: FakeApi = { on: (route, handler) => handlers.push([route, handler]), calls: [], logs: [] };
      await routeSite(page);
      await page.route(`${PLATFORM}/**`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>Connexion</title><h1>Connexion</h1>`,
        }),
      );
      await page.route(`${API}/**`, async (route) => {
        const request = route.request();
        const url = new URL(request.url());
        const cors = {
          'Access-Control-Allow-Origin': SITE,
          'Access-Control-Allow-Credentials': 'true',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
        };
        if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
        const raw = request.postData();
        let body: unknown = raw;
        try {
          body = raw ? JSON.parse(raw) : undefined;
        } catch {}
        const call = {
          method: request.method(),
          path: url.pathname,
          search: url.searchParams,
          body,
          headers: await request.allHeaders(),
        };
        api.calls.push(call);
        if (url.pathname === '/v3/client-logs/logs/') {
          api.logs.push(body as Record<string, unknown>);
          return route.fulfill({ status: 204, headers: cors });
        }
        for (const [key, handler] of [...handlers].reverse()) {
          if (key !== `${call.method} ${call.path}`) continue;
          const answer = handler(call);
          if (!answer) continue;
          return route.fulfill({
            status: answer.status ?? 200,
            headers: cors,
            contentType: 'application/json',
            body: JSON.stringify(answer.body ?? {}),
          });
        }
        return route.fulfill({
          status: 404,
          headers: cors,
          contentType: 'application/json',
          body: '{"error":{"key":"not_found"}}',
        });
      });
      api.on('GET /v2/users/7/authorization', () => ({
        body: { data: { admin: true, scopes: ['gestion-de-chantier'] } },
      }));
      api.on('GET /api/jwt/access-token/is-valid', () => ({ body: { status: 'ok' } }));
      api.on('GET /api/jwt/access-token/renew', () => ({ body: { status: 'ok' } }));
      await use(api);
    },
    // Every page of these tests is served through the routes above, used or not by the test.
    { auto: true },
  ],
});

export { expect };

/** A notification as GET /v2/notifications answers it (newest first by id order here). */
export function makeNotification(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    notification_param_id: 100 + id,
    title: `Notification ${id}`,
    description: `<p>Le règlement de la facture <strong>F-2026-${String(id).padStart(4, '0')}</strong> a été reçu.</p>`,
    valid_from: new Date(Date.now() - id * 60_000).toISOString(),
    read_at: null as string | null,
    metadata: { link: { href: '/facturation/reglements/recus', label: 'Voir les règlements' } },
    ...overrides,
  };
}

/**
 * Serves `total` notifications (the first `unread` of them unread) on GET /v2/notifications with
 * limit and offset, and marks them read on POST /v2/notifications/{id}/read, like the server.
 */
export function serveNotifications(api: FakeApi, total: number, unread = total, make = makeNotification) {
  const all = Array.from({ length: total }, (_, index) =>
    make(index + 1, index < unread ? {} : { read_at: new Date(Date.now() - 3_600_000).toISOString() }),
  );
  api.on('GET /v2/notifications', ({ search }) => {
    const limit = Number(search.get('limit') ?? 10);
    const offset = Number(search.get('offset') ?? 0);
    return {
      body: {
        data: all.slice(offset, offset + limit),
        info: { hits: all.length, totalUnreads: all.filter((item) => item.read_at === null).length },
      },
    };
  });
  for (const item of all) {
    api.on(`POST /v2/notifications/${item.id}/read`, () => {
      item.read_at ??= new Date().toISOString();
      return { body: { data: item } };
    });
  }
  return all;
}

/**
 * Loads every declared font face, not only those already in use: `document.fonts.ready` can
 * resolve before a weight that is about to be drawn has arrived, and a screenshot then catches
 * the fallback font.
 */
export async function loadAllFonts(page: Page) {
  await page.evaluate(async () => {
    await Promise.all([...document.fonts].map((face) => face.load().catch(() => face)));
    await document.fonts.ready;
  });
}

/**
 * The element's picture once it has settled (two pictures in a row alike), for comparing one page
 * with another. Its SVG icons are masked: their anti-aliasing differs by a pixel or two from one
 * rasterisation to the next, with or without page CSS (a test compares their styles instead).
 */
export async function settledPicture(element: Locator): Promise<Buffer> {
  const take = () => element.screenshot({ animations: 'disabled', mask: [element.locator('svg')] });
  let previous = await take();
  for (let attempt = 0; attempt < 10; attempt++) {
    const next = await take();
    if (next.equals(previous)) return next;
    previous = next;
  }
  return previous;
}

/**
 * How many pixels differ between two pictures of the same size, decoded by the browser. A rounded
 * border cut by the picture's edge is anti-aliased a little differently from one capture to the next
 * (a dozen pixels seen); a style that reaches inside an element changes thousands.
 */
export async function differingPixels(page: Page, a: Buffer, b: Buffer): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const pixels = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('No 2D canvas');
        context.drawImage(bitmap, 0, 0);
        return {
          width: bitmap.width,
          height: bitmap.height,
          data: context.getImageData(0, 0, bitmap.width, bitmap.height).data,
        };
      };
      const [x, y] = await Promise.all([pixels(first), pixels(second)]);
      if (x.width !== y.width || x.height !== y.height) return Number.POSITIVE_INFINITY;
      let count = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        if (x.data[i] !== y.data[i] || x.data[i + 1] !== y.data[i + 1] || x.data[i + 2] !== y.data[i + 2])
          count++;
      }
      return count;
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}
