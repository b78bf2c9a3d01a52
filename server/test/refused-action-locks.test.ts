/**
 * Issue 26, item 11: a refused action releases what it took. A revert or cancel is refused after
 * the session's edit lock was taken (the domain's rule, a stale version): the invoice must not stay
 * read-only for 15 minutes in the same user's other tab or session. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyApi, type Json } from './support/company-api.js';
import { bootHarness, type Harness } from './support/harness.js';

let h: Harness;
/** Two sessions of the same admin (two tabs after a renewal, or two devices). */
let tabA: string;
let tabB: string;
let vatRateId: number;
let customerId: number;

const api = companyApi(
  () => h,
  () => tabA,
);

async function validatedInvoice(): Promise<Json> {
  const created = await api('POST', '/invoices', {
    kind: 'simple',
    customerId,
    lines: [{ label: 'Pose', unit: 'forfait', quantityMilli: 1_000, unitPriceCents: 10_000, vatRateId }],
  });
  expect(created.status).toBe(200);
  const validated = await api('POST', `/invoices/${created.body.data.id}/validate`, {
    version: created.body.data.version,
  });
  expect(validated.status, JSON.stringify(validated.body)).toBe(200);
  // The editor lets the lock go once it shows a validated invoice (invoiceEditorStore's load).
  expect((await api('POST', `/invoices/${created.body.data.id}/unlock`)).status).toBe(200);
  return validated.body.data;
}

/** What tab B is told of the invoice's lock, and whether it may take the lock itself. */
async function seenFromTabB(id: number) {
  const read = await api('GET', `/invoices/${id}`, undefined, tabB);
  const lock = await api('POST', `/invoices/${id}/lock`, undefined, tabB);
  return { lockedForB: read.body.data.lock.lockedByAnotherSession, lockStatus: lock.status };
}

beforeAll(async () => {
  h = await bootHarness();
  tabA = await h.tokenFor('admin@demo.fr');
  tabB = await h.tokenFor('admin@demo.fr');
  const rates = (await api('GET', '/vat-rates')).body.data as { id: number; basisPoints: number }[];
  vatRateId = rates.find((r) => r.basisPoints === 2000)!.id;
  const customer = await api('POST', '/customers', {
    type: 'private',
    lastName: 'Verrou',
    firstName: 'Paul',
    email: 'paul.verrou@example.fr',
  });
  customerId = customer.body.data.id;
});
afterAll(() => h.close());

describe('a refused action takes no edit lock', () => {
  it('a revert refused (already downloaded): the other session edits at once', async () => {
    const issued = await validatedInvoice();
    const pdf = await h.request('GET', `/v2/companies/1/invoices/${issued.id}/pdf`, { token: tabA });
    expect(pdf.status).toBe(200);
    await pdf.arrayBuffer();
    const refused = await api('POST', `/invoices/${issued.id}/revert`, {
      version: issued.version,
      reason: 'Erreur de quantité',
    });
    expect([refused.status, refused.body.error?.key]).toEqual([409, 'invoice_already_sent']);
    expect(await seenFromTabB(issued.id)).toEqual({ lockedForB: false, lockStatus: 200 });
  });

  it('a cancel refused (a stale version): the other session edits at once', async () => {
    const issued = await validatedInvoice();
    const refused = await api('POST', `/invoices/${issued.id}/cancel`, { version: issued.version - 1 });
    expect([refused.status, refused.body.error?.key]).toEqual([409, 'stale_version']);
    expect(await seenFromTabB(issued.id)).toEqual({ lockedForB: false, lockStatus: 200 });
    // Tab B may now cancel it itself: nothing of A's refused attempt stands in its way.
    const cancelled = await api('POST', `/invoices/${issued.id}/cancel`, { version: issued.version }, tabB);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  });

  it('a lock held before the refusal is kept: the editing session still holds it', async () => {
    const draft = (
      await api('POST', '/invoices', {
        kind: 'simple',
        customerId,
        lines: [{ label: 'Pose', unit: 'forfait', quantityMilli: 1_000, unitPriceCents: 10_000, vatRateId }],
      })
    ).body.data;
    expect((await api('POST', `/invoices/${draft.id}/lock`)).status).toBe(200);
    const stale = await api('POST', `/invoices/${draft.id}/edit`, {
      id: draft.id,
      version: draft.version + 5,
      comment: 'A',
    });
    expect(stale.body.error?.key).toBe('stale_version');
    expect((await seenFromTabB(draft.id)).lockedForB).toBe(true);
  });

  it('a quote edit refused (a stale version) leaves the quote free for the other session', async () => {
    const quotes = (await api('GET', '/quotes?limit=5')).body.data as Json[];
    const quote = quotes.find((q) => q.status === 'draft') ?? quotes[0];
    const refused = await api('POST', `/quotes/${quote.id}/edit`, {
      id: quote.id,
      version: quote.version + 5,
      title: 'A',
    });
    expect(refused.status).toBe(409);
    const read = await api('GET', `/quotes/${quote.id}`, undefined, tabB);
    expect(read.body.data.lock.lockedByAnotherSession).toBe(false);
  });
});
