/**
 * The platform-side pages (spec section 2): thin server-rendered French pages that embed the
 * elements. Each needs the session cookie; without a valid one the browser goes to
 * /login?redirect=<this page>. The handlers load the data; the pages' HTML is platform-views.ts's.
 */

import { and, eq, sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { resolveCaller } from '../auth/caller.js';
import { readSessionCookie } from '../auth/session-cookie.js';
import { companies, customers, invoices, payments, quotes, users } from '../db/schema.js';
import type { AppDeps, AppEnv, Caller } from '../http/env.js';
import { elementChunks, modulePreloads, tagsDrawnAtOnce } from '../static/route-preload.js';
import { applicationsPage, applicationsPagePath } from './applications.js';
import { renderPage } from './layout.js';
import {
  exportDataPage,
  faqPage,
  myAccountPage,
  privateSpacePage,
  privateSpaceTags,
  reportingPage,
  subscriptionPage,
} from './platform-views.js';

type PageContext = Context<AppEnv>;

function loginUrl(c: PageContext, platformOrigin: string): string {
  const here = new URL(c.req.url);
  return `/login?redirect=${encodeURIComponent(`${platformOrigin}${here.pathname}${here.search}`)}`;
}

export function platformPages(deps: AppDeps) {
  const { config, db } = deps;
  const app = new Hono<AppEnv>();

  /** Wraps a page: signs the caller in from the cookie, or sends them to the sign-in page. */
  const page =
    (
      heading: string,
      render: (caller: Caller, c: PageContext) => Promise<{ body: string; script?: string }>,
    ) =>
    async (c: PageContext) => {
      const caller = await resolveCaller(deps, readSessionCookie(c));
      if (!caller) return c.redirect(loginUrl(c, config.platformOrigin), 302);
      const { body, script } = await render(caller, c);
      c.header('Cache-Control', 'no-store');
      return c.html(
        renderPage({
          config,
          nonce: c.get('secureHeadersNonce') ?? '',
          heading,
          body,
          ...(script ? { script } : {}),
          current: c.req.path,
          chunkHints: modulePreloads(elementChunks(config.distDir, tagsDrawnAtOnce(body))),
        }),
      );
    };

  const companyOf = (caller: Caller) =>
    db.withTenant(
      caller.companyId,
      async (tx) => (await tx.select().from(companies).where(eq(companies.id, caller.companyId)))[0]!,
    );

  app.get('/', (c) => c.redirect('/app/my-account', 302));
  // No icon yet: answer without a body rather than a 404 in every page's console.
  app.get('/favicon.ico', (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(null, 204);
  });

  app.get(
    '/app/my-account',
    page('Mon compte', async (caller) => {
      const [user, company] = await Promise.all([
        db.withTenant(
          caller.companyId,
          async (tx) =>
            (
              await tx
                .select()
                .from(users)
                .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.userId)))
            )[0],
        ),
        companyOf(caller),
      ]);
      return myAccountPage(config, user, company);
    }),
  );

  app.get(
    '/app/prive/',
    page('Espace privé', async (caller) => {
      const chunks = Object.fromEntries(
        privateSpaceTags.map((tag) => [tag, elementChunks(config.distDir, [tag])]),
      );
      return privateSpacePage(config, await companyOf(caller), chunks);
    }),
  );
  // The legacy links use /app/prive/; be lenient with the form without the slash.
  app.get('/app/prive', (c) => c.redirect('/app/prive/', 301));

  app.get(
    '/app/enterprise/subscription/my-subscription',
    page('Mon abonnement', async (caller) => {
      const company = await companyOf(caller);
      const [{ seats }] = (await db.withTenant(caller.companyId, (tx) =>
        tx
          .select({ seats: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.companyId, caller.companyId)),
      )) as [{ seats: number }];
      return subscriptionPage(config, company, seats);
    }),
  );

  app.get(
    '/app/enterprise/export-data',
    page('Export des données', async (caller) => {
      const counts = await db.withTenant(caller.companyId, async (tx) => {
        const count = async (table: typeof customers | typeof invoices | typeof payments | typeof quotes) =>
          (
            await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(table)
              .where(eq(table.companyId, caller.companyId))
          )[0]?.n ?? 0;
        return {
          customers: await count(customers),
          quotes: await count(quotes),
          invoices: await count(invoices),
          payments: await count(payments),
        };
      });
      return exportDataPage(config, counts);
    }),
  );

  // « Mes applications » (issue 25): the measure groups as elements, shown in place (applications.ts).
  app.get(
    applicationsPagePath,
    page('Mes applications', async () => applicationsPage(config)),
  );
  app.get('/app/applications', (c) => c.redirect(applicationsPagePath, 301));

  // « Suivi d'activité » (issue 24): the figures and the activity log (platform-views.ts).
  app.get(
    '/app/reporting',
    page("Suivi d'activité", async () => reportingPage()),
  );

  // The help page is public; when signed in it shows the nav bar like the other pages.
  app.get('/foire-aux-questions', async (c) => {
    const caller = await resolveCaller(deps, readSessionCookie(c));
    c.header('Cache-Control', 'no-store');
    return c.html(
      renderPage({
        config,
        nonce: c.get('secureHeadersNonce') ?? '',
        heading: 'Foire aux questions',
        elements: caller !== null,
        current: c.req.path,
        ...faqPage(config, caller !== null),
      }),
    );
  });

  return app;
}
