/**
 * The public acceptance link of a quote (issue 21): GET /devis/{token} (the page), GET
 * /devis/{token}/pdf (the PDF to read, `?download=1` to download), POST /devis/{token}/accept (form:
 * `name`, `agree=on`) and POST /devis/{token}/refuse (form: `reason`, optional). No session of the
 * product: the token is the key (documents/quote-link.ts). Every endpoint is rate limited per
 * address in the shared counters (http/rate-limit.ts), and an answer per link too; the forms are
 * refused when the browser says they come from another site (as /login). Anything that is not a
 * link that holds answers the French « Page introuvable » (404); a refused form, a clear French page
 * with nothing changed (400, 409).
 */
import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { acceptancePath, answerThroughLink, openQuoteLink, type QuoteLink } from '../documents/quote-link.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { createSharedCounters } from '../http/rate-limit.js';
import { todayInFrance } from '../invoicing/today.js';
import { renderPage } from '../pages/layout.js';
import {
  acceptanceLimits,
  type FormState,
  messageBody,
  quoteLinkBody,
  quoteLinkHeading,
  quoteLinkMessages,
} from '../pages/quote-acceptance.js';
import { attachmentHeader } from './quote-documents.js';

const documents = () => import('../documents/quote-document.js');
const renderers = () => import('../documents/pdf-renderer.js');

/**
 * Per address: 60 requests a minute on the links (a person reads, downloads, answers: a few), so
 * guessing tokens or rendering PDFs without end is cut short; per link: 10 answers in 10 minutes.
 */
export const quoteLinkLimits = {
  address: { limit: 60, windowSeconds: 60 },
  answers: { limit: 10, windowSeconds: 600 },
};

const keyOf = (kind: string, value: string) =>
  `quote-link:${kind}:${createHash('sha256').update(value).digest('base64url')}`;

type Status = 200 | 400 | 403 | 404 | 409 | 429 | 503;

export function quoteAcceptanceRoutes({ config, db, log, clientIp }: AppDeps) {
  const app = new Hono<AppEnv>();
  const counters = createSharedCounters(db.owner);

  const page = (c: Context<AppEnv>, heading: string, body: string, status: Status = 200) => {
    c.header('Cache-Control', 'no-store');
    // The token is in the address: never indexed (the pages' Referrer-Policy, strict-origin-when-
    // cross-origin, tells another site the origin only, never the path).
    c.header('X-Robots-Tag', 'noindex, nofollow');
    return c.html(
      renderPage({ config, nonce: c.get('secureHeadersNonce') ?? '', heading, body, elements: false }),
      status,
    );
  };
  const notFound = (c: Context<AppEnv>) =>
    page(c, quoteLinkMessages.notFoundHeading, messageBody(quoteLinkMessages.notFound), 404);
  const linkPage = (
    c: Context<AppEnv>,
    link: QuoteLink,
    token: string,
    state?: FormState,
    status: Status = 200,
  ) => page(c, quoteLinkHeading(link), quoteLinkBody(link, token, state), status);

  /** Counts the request against the address (and the link, for an answer); a page when over. */
  const overLimit = async (c: Context<AppEnv>, token: string, answering: boolean) => {
    const byAddress = await counters.hit(keyOf('address', clientIp(c)), quoteLinkLimits.address);
    const verdict =
      byAddress.allowed && answering
        ? await counters.hit(keyOf('answers', token), quoteLinkLimits.answers)
        : byAddress;
    if (verdict.allowed) return null;
    c.header('Retry-After', String(verdict.retryAfterSeconds));
    return page(c, 'Trop de tentatives', messageBody(quoteLinkMessages.tooMany), 429);
  };

  /** A form posted from another site, when the browser tells us (as /login). */
  const postedFromElsewhere = (c: Context<AppEnv>) => {
    const origin = c.req.header('origin');
    return (
      (origin !== undefined && origin !== config.platformOrigin) ||
      c.req.header('sec-fetch-site') === 'cross-site'
    );
  };

  const readForm = async (c: Context<AppEnv>): Promise<Record<string, unknown> | null> => {
    try {
      return await c.req.parseBody();
    } catch {
      return null;
    }
  };
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  app.get(`${acceptancePath}/:token`, async (c) => {
    const token = c.req.param('token');
    const limited = await overLimit(c, token, false);
    if (limited) return limited;
    const link = await openQuoteLink(db, token, todayInFrance());
    return link ? linkPage(c, link, token) : notFound(c);
  });

  app.get(`${acceptancePath}/:token/pdf`, async (c) => {
    const token = c.req.param('token');
    const limited = await overLimit(c, token, false);
    if (limited) return limited;
    const link = await openQuoteLink(db, token, todayInFrance());
    if (!link) return notFound(c);
    const { renderQuotePdf } = await documents();
    const { DocumentRenderUnavailable } = await renderers();
    try {
      const { filename, bytes } = await renderQuotePdf(db, link.companyId, link.quoteId);
      const download = c.req.query('download') !== undefined;
      c.header('X-Robots-Tag', 'noindex, nofollow');
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': 'application/pdf',
        'content-disposition': attachmentHeader(filename, download ? 'attachment' : 'inline'),
        'cache-control': 'private, no-store',
      });
    } catch (error) {
      if (error instanceof DocumentRenderUnavailable) {
        log.log('warn', 'pdf-unavailable', {
          companyId: link.companyId,
          quoteId: link.quoteId,
          error: error.message,
        });
        return page(c, quoteLinkHeading(link), messageBody(quoteLinkMessages.unavailable), 503);
      }
      throw error;
    }
  });

  app.post(`${acceptancePath}/:token/accept`, async (c) => {
    const token = c.req.param('token');
    if (postedFromElsewhere(c)) return page(c, 'Devis', messageBody(quoteLinkMessages.foreignForm), 403);
    const limited = await overLimit(c, token, true);
    if (limited) return limited;
    const today = todayInFrance();
    const link = await openQuoteLink(db, token, today);
    if (!link) return notFound(c);
    const form = await readForm(c);
    if (!form) return page(c, quoteLinkHeading(link), messageBody(quoteLinkMessages.badForm), 400);
    if (link.answer)
      return page(c, quoteLinkHeading(link), messageBody(quoteLinkMessages.alreadyAnswered), 409);
    const name = text(form.name).replace(/\s+/g, ' ').trim();
    const error = !name
      ? quoteLinkMessages.nameRequired
      : name.length > acceptanceLimits.name
        ? quoteLinkMessages.nameTooLong
        : text(form.agree) !== 'on'
          ? quoteLinkMessages.agreeRequired
          : null;
    if (error) return linkPage(c, link, token, { form: 'accept', error, name }, 400);
    // The PDF accepted: the quote as drawn now from its stored content (frozen since it was sent).
    const { renderQuoteDocument } = await documents();
    const { DocumentRenderUnavailable } = await renderers();
    let pdf: Uint8Array;
    try {
      pdf = await renderQuoteDocument(link.document);
    } catch (failure) {
      if (failure instanceof DocumentRenderUnavailable) {
        log.log('warn', 'pdf-unavailable', {
          companyId: link.companyId,
          quoteId: link.quoteId,
          error: failure.message,
        });
        return page(c, quoteLinkHeading(link), messageBody(quoteLinkMessages.unavailable), 503);
      }
      throw failure;
    }
    const answered = await answerThroughLink(
      db,
      token,
      {
        decision: 'accept',
        signerName: name,
        reason: '',
        ipAddress: clientIp(c),
        userAgent: (c.req.header('user-agent') ?? '').slice(0, 500),
        pdf,
      },
      today,
    );
    if (!answered.ok)
      return answered.key === 'not_found'
        ? notFound(c)
        : page(c, quoteLinkHeading(link), messageBody(quoteLinkMessages.alreadyAnswered), 409);
    log.log('info', 'quote-accepted-online', { companyId: link.companyId, quoteId: link.quoteId });
    // Post/redirect/get: the page now says the quote was accepted (a reload posts nothing again).
    return c.redirect(`${acceptancePath}/${encodeURIComponent(token)}`, 303);
  });

  app.post(`${acceptancePath}/:token/refuse`, async (c) => {
    const token = c.req.param('token');
    if (postedFromElsewhere(c)) return page(c, 'Devis', messageBody(quoteLinkMessages.foreignForm), 403);
    const limited = await overLimit(c, token, true);
    if (limited) return limited;
    const today = todayInFrance();
    const link = await openQuoteLink(db, token, today);
    if (!link) return notFound(c);
    const form = await readForm(c);
    if (!form) return page(c, quoteLinkHeading(link), messageBody(quoteLinkMessages.badForm), 400);
    if (link.answer)
      return page(c, quoteLinkHeading(link), messageBody(quoteLinkMessages.alreadyAnswered), 409);
    const reason = text(form.reason).trim();
    if (reason.length > acceptanceLimits.reason)
      return linkPage(
        c,
        link,
        token,
        { form: 'refuse', error: quoteLinkMessages.reasonTooLong, reason },
        400,
      );
    const answered = await answerThroughLink(
      db,
      token,
      {
        decision: 'refuse',
        signerName: '',
        reason,
        ipAddress: clientIp(c),
        userAgent: (c.req.header('user-agent') ?? '').slice(0, 500),
      },
      today,
    );
    if (!answered.ok)
      return answered.key === 'not_found'
        ? notFound(c)
        : page(c, quoteLinkHeading(link), messageBody(quoteLinkMessages.alreadyAnswered), 409);
    log.log('info', 'quote-refused-online', { companyId: link.companyId, quoteId: link.quoteId });
    return c.redirect(`${acceptancePath}/${encodeURIComponent(token)}`, 303);
  });

  return app;
}
