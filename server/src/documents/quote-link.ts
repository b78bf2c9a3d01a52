/**
 * The online acceptance link of a quote (issue 21). Sending the quote makes a token of 32 random
 * bytes (256 bits, base64url); only its SHA-256 is stored (`quotes.acceptance_token_hash`), as for
 * user invitations (auth/invitations.ts): a copy of the database accepts no quote. A new send makes
 * a new token and the earlier link stops working (the mail holds the only copy of a token, so the
 * newest mail carries the one link that works).
 *
 * The link holds while the revision it was sent for is the latest and its validity date has not
 * passed (France); answering through it is the domain's `checkAcceptanceToken`, so a second
 * acceptance or an acceptance after a refusal get `quote_already_answered`, and anything else
 * (unknown, expired, superseded) is « Page introuvable ». Before the answer no company is known: the
 * owner connection finds the token's quote (the hash is the key, as an email is at sign-in), then
 * everything runs in that company's tenant transaction.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { formatCents } from '../../../src/contract/format.js';
import { recordActivity } from '../activity/record.js';
import type { AppConfig } from '../config.js';
import type { Database, Tx } from '../db/database.js';
import { businessJobs, notifications, quoteAnswers, quotes } from '../db/schema.js';
import { checkAcceptanceToken, type StoredQuoteStatus } from '../domain/index.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import { quoteAnswerEvent, type SentMark } from '../invoicing/quotes.js';
import { escapeHtml } from '../pages/html.js';
import { loadQuoteDocument, type QuoteDocument } from './quote-document.js';

export const acceptancePath = '/devis';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** 32 random bytes in base64url: 43 characters of [A-Za-z0-9_-]. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export function newAcceptanceToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOf(token) };
}

export const acceptanceUrl = (config: Pick<AppConfig, 'platformOrigin'>, token: string) =>
  `${config.platformOrigin}${acceptancePath}/${token}`;

// The send itself is invoicing/quotes.ts's `markQuoteSent` (one place for the mail and the seed).
export type { SentMark };

/** The send undone (the mail did not leave), unless something else moved the quote since. */
export async function unmarkQuoteSent(tx: Tx, companyId: number, quoteId: number, mark: SentMark) {
  if (mark.hash === null) return;
  await tx
    .update(quotes)
    .set({ ...mark.previous, version: sql`${quotes.version} + 1` })
    .where(
      and(
        eq(quotes.companyId, companyId),
        eq(quotes.id, quoteId),
        eq(quotes.acceptanceTokenHash, mark.hash),
        eq(quotes.status, 'sent'),
      ),
    );
}

/** The token's quote and company, or null (a malformed or unknown token). */
async function findQuoteByToken(db: Database, token: string) {
  if (!tokenShape.test(token)) return null;
  const [row] = await db.owner
    .select({ id: quotes.id, companyId: quotes.companyId })
    .from(quotes)
    .where(eq(quotes.acceptanceTokenHash, hashOf(token)));
  return row ?? null;
}

export interface QuoteLink {
  companyId: number;
  quoteId: number;
  document: QuoteDocument;
  answer: { decision: 'accepted' | 'refused'; signerName: string; answeredAt: Date } | null;
}

/** The link holds: its revision is the latest, sent or answered, and within its validity date. */
const linkHolds = (
  quote: { latest: boolean; status: StoredQuoteStatus; validUntil: string | null },
  today: string,
) => quote.latest && quote.status !== 'draft' && quote.validUntil !== null && today <= quote.validUntil;

/** What the public page shows for the token, or null: « Page introuvable ». */
export async function openQuoteLink(db: Database, token: string, today: string): Promise<QuoteLink | null> {
  const found = await findQuoteByToken(db, token);
  if (!found) return null;
  const { companyId, id: quoteId } = found;
  return db.withTenant(companyId, async (tx) => {
    const [quote] = await tx
      .select({ latest: quotes.latest, status: quotes.status, validUntil: quotes.validUntil })
      .from(quotes)
      .where(and(eq(quotes.companyId, companyId), eq(quotes.id, quoteId)));
    if (!quote || !linkHolds(quote, today)) return null;
    const document = await loadQuoteDocument(tx, companyId, quoteId);
    if (!document) return null;
    const [answer] = await tx
      .select({
        decision: quoteAnswers.decision,
        signerName: quoteAnswers.signerName,
        answeredAt: quoteAnswers.answeredAt,
      })
      .from(quoteAnswers)
      .where(and(eq(quoteAnswers.companyId, companyId), eq(quoteAnswers.quoteId, quoteId)));
    return { companyId, quoteId, document, answer: answer ?? null };
  });
}

export interface OnlineAnswer {
  decision: 'accept' | 'refuse';
  signerName: string;
  reason: string;
  ipAddress: string;
  userAgent: string;
  /** accept: the PDF the customer accepts, kept byte for byte. */
  pdf?: Uint8Array;
}

/** Bell notifications: the seed's « Devis accepté » template id, and one for a refusal. */
export const quoteNotificationParams = { accepted: 6, refused: 9 } as const;

/**
 * Records the customer's answer through the link, in the company's tenant transaction: the quote's
 * row locked, the token checked again against it, the domain's `checkAcceptanceToken`, then the
 * answer (who, when, IP address, user agent; for an acceptance the PDF and its SHA-256), the quote's
 * new status, and a notification in the bell of the job's owner. Refused: `not_found` (the link no
 * longer holds) or `quote_already_answered`; nothing is changed then.
 */
export async function answerThroughLink(
  db: Database,
  token: string,
  answer: OnlineAnswer,
  today: string,
): Promise<
  Outcome<
    { number: string; answeredAt: Date; pdfSha256: string | null },
    'not_found' | 'quote_already_answered'
  >
> {
  const found = await findQuoteByToken(db, token);
  if (!found) return fail('not_found');
  const { companyId, id: quoteId } = found;
  return db.withTenant(companyId, async (tx) => {
    const [quote] = await tx
      .select()
      .from(quotes)
      .where(
        and(
          eq(quotes.companyId, companyId),
          eq(quotes.id, quoteId),
          eq(quotes.acceptanceTokenHash, hashOf(token)),
        ),
      )
      .for('update');
    if (!quote || !linkHolds(quote, today)) return fail('not_found');
    const checked = checkAcceptanceToken(
      answer.decision,
      { status: quote.status, validUntil: quote.validUntil, latest: quote.latest, fullyInvoiced: false },
      today,
    );
    if (!checked.ok) return fail(checked.key === 'quote_already_answered' ? checked.key : 'not_found');
    const accepted = answer.decision === 'accept';
    const pdfSha256 = accepted && answer.pdf ? createHash('sha256').update(answer.pdf).digest('hex') : null;
    const [recorded] = await tx
      .insert(quoteAnswers)
      .values({
        companyId,
        quoteId,
        decision: accepted ? 'accepted' : 'refused',
        channel: 'online',
        signerName: answer.signerName,
        reason: answer.reason,
        ipAddress: answer.ipAddress,
        userAgent: answer.userAgent,
        pdfSha256,
        pdf: accepted ? (answer.pdf ?? null) : null,
      })
      // One answer per quote: one recorded in the back office meanwhile wins.
      .onConflictDoNothing({ target: quoteAnswers.quoteId })
      .returning({ answeredAt: quoteAnswers.answeredAt });
    if (!recorded) return fail('quote_already_answered');
    await tx
      .update(quotes)
      .set({ status: checked.value, version: sql`${quotes.version} + 1` })
      .where(eq(quotes.id, quoteId));
    // Answered by the customer through the link: no user of the company did it.
    await recordActivity(
      tx,
      quoteAnswerEvent(companyId, null, quote, {
        decision: accepted ? 'accepted' : 'refused',
        channel: 'online',
        signerName: answer.signerName,
        reason: answer.reason,
      }),
    );
    const [job] = await tx
      .select({ id: businessJobs.id, ownerUserId: businessJobs.ownerUserId })
      .from(businessJobs)
      .where(and(eq(businessJobs.companyId, companyId), eq(businessJobs.id, quote.businessJobId)));
    if (job?.ownerUserId) {
      const who = answer.signerName ? `${escapeHtml(answer.signerName)} a accepté` : 'Le client a refusé';
      await tx.insert(notifications).values({
        companyId,
        userId: job.ownerUserId,
        notificationParamId: accepted ? quoteNotificationParams.accepted : quoteNotificationParams.refused,
        title: accepted ? `Devis ${quote.number} accepté` : `Devis ${quote.number} refusé`,
        description: accepted
          ? `<p>${who} en ligne le devis <strong>${escapeHtml(quote.number)}</strong> (${escapeHtml(formatCents(quote.totalInclTaxCents))} TTC).</p>`
          : `<p>${who} en ligne le devis <strong>${escapeHtml(quote.number)}</strong>.${
              answer.reason ? ` Motif : <em>${escapeHtml(answer.reason)}</em>` : ''
            }</p>`,
        validFrom: recorded.answeredAt,
        metadata: { buttons: [{ href: `/affaires/${job.id}`, label: "Voir l'affaire" }] },
      });
    }
    return done({ number: quote.number, answeredAt: recorded.answeredAt, pdfSha256 });
  });
}
