/**
 * The PDF renderer's bounds (issue 19): a document is drawn in a worker thread, so a render that
 * never ends (or eats its heap) costs its own worker only. The event loop keeps answering other
 * requests meanwhile, the render past its time limit answers 503 `document_unavailable`, and the
 * next document is drawn by a fresh worker. The clock is the test's own (fired when the test has
 * seen what it wants), so nothing here waits on wall-clock time.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../src/db/schema.js';
import { renderInvoicePdf } from '../src/documents/invoice-document.js';
import {
  createPdfRenderer,
  DocumentRenderUnavailable,
  type PdfRenderer,
} from '../src/documents/pdf-renderer.js';
import { bootHarness, type Harness } from './support/harness.js';

/** A clock whose timers run only when the test says. */
function manualClock() {
  const pending = new Set<() => void>();
  return {
    startTimer: (_ms: number, expire: () => void) => {
      pending.add(expire);
      return () => void pending.delete(expire);
    },
    expireAll() {
      for (const expire of [...pending]) {
        pending.delete(expire);
        expire();
      }
    },
  };
}

const stallingWorker = new URL('./support/stalling-pdf-worker.ts', import.meta.url);
const clock = manualClock();
const renderer = createPdfRenderer({
  workers: 1,
  maxQueued: 1,
  entry: stallingWorker,
  startTimer: clock.startTimer,
  resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 16 },
});

let h: Harness;
let token: string;
/** A draft, then a validated invoice. */
let drafts: number[];
const renderers: PdfRenderer[] = [renderer];
beforeAll(async () => {
  h = await bootHarness({ deps: { pdfRenderer: renderer } });
  token = await h.tokenFor('admin@demo.fr');
  // The draft is the one whose comment the tests change (a validated invoice prints its frozen copy).
  const first = async (status: 'PROVISOIRE' | 'VALIDATED') =>
    (
      await h.db.owner
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.companyId, 1), eq(invoices.status, status)))
        .orderBy(invoices.id)
        .limit(1)
    )[0]!.id;
  drafts = [await first('PROVISOIRE'), await first('VALIDATED')];
});
afterAll(async () => {
  await Promise.all(renderers.map((r) => r.close()));
  await h.close();
});

/**
 * The renderer's next `name` event; a worker that dies while starting fails the test with its error
 * instead of leaving it waiting for an event that cannot come.
 */
function nextEvent(of: PdfRenderer, name: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const onEvent = (...args: unknown[]) => {
      of.events.off('startFailed', onStartFailed);
      resolve(args);
    };
    const onStartFailed = (crash: unknown) => {
      of.events.off(name, onEvent);
      reject(new Error(`a PDF worker died while starting: ${String(crash)}`));
    };
    of.events.once(name, onEvent);
    of.events.once('startFailed', onStartFailed);
  });
}

const pdf = (id: number) => h.request('GET', `/v2/companies/1/invoices/${id}/pdf`, { token });
const setComment = (id: number, comment: string) =>
  h.db.owner.update(invoices).set({ comment }).where(eq(invoices.id, id));
const isPdf = async (response: Response) =>
  response.status === 200 &&
  new TextDecoder().decode(new Uint8Array(await response.arrayBuffer()).subarray(0, 5)) === '%PDF-';

// A worker loads pdf-lib, fontkit and the documents' modules through tsx: seconds on a busy machine.
describe('a PDF render is bounded', { timeout: 240_000 }, () => {
  it('past its time limit: its worker ends, 503 document_unavailable; others were answered meanwhile', async () => {
    const [stalled, next] = drafts as [number, number];
    await setComment(stalled, 'stall');
    try {
      const dispatched = nextEvent(renderer, 'dispatched');
      let answered = false;
      const stalledAnswer = pdf(stalled).finally(() => {
        answered = true;
      });
      await dispatched;
      // The render spins in its worker: the event loop still answers, a read and a write alike.
      const other = await h.request('GET', '/v2/companies/1/settings/logos', { token });
      expect(other.status).toBe(200);
      const list = await h.request('GET', '/v2/companies/1/invoices', { token });
      expect(list.status).toBe(200);
      expect(answered).toBe(false);
      // Another PDF waits for the worker (one in the pool, one render queued at most); a third is
      // refused at once rather than piling up.
      const queued = pdf(next);
      const full = await pdf(next);
      expect(full.status).toBe(503);
      expect(await full.json()).toEqual({ error: { key: 'document_unavailable' } });
      expect(answered).toBe(false);

      const expired = nextEvent(renderer, 'expired');
      clock.expireAll();
      await expired;
      const refused = await stalledAnswer;
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ error: { key: 'document_unavailable' } });
      // The queued PDF is drawn by a fresh worker.
      expect(await isPdf(await queued)).toBe(true);
    } finally {
      await setComment(stalled, '');
    }
    expect(await isPdf(await pdf(stalled))).toBe(true);
  });

  it('over its heap limit: its worker dies alone, 503, and the next PDF is drawn', async () => {
    const [hog] = drafts as [number];
    await setComment(hog, 'hog');
    try {
      const failed = nextEvent(renderer, 'failed');
      const refused = await pdf(hog);
      const [, crash] = await failed;
      expect(crash).toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toEqual({ error: { key: 'document_unavailable' } });
    } finally {
      await setComment(hog, '');
    }
    expect(await isPdf(await pdf(hog))).toBe(true);
  });

  it('the real worker is ended at its limit mid-render, and the next render is whole', async () => {
    const realClock = manualClock();
    const real = createPdfRenderer({ workers: 1, startTimer: realClock.startTimer });
    renderers.push(real);
    // The time is up the moment the worker gets the document: it cannot have answered yet.
    real.events.once('dispatched', () => realClock.expireAll());
    const cut = renderInvoicePdf(h.db, 1, drafts[0]!, real);
    await expect(cut).rejects.toBeInstanceOf(DocumentRenderUnavailable);
    await expect(cut).rejects.toMatchObject({ reason: 'time_limit' });
    const whole = await renderInvoicePdf(h.db, 1, drafts[0]!, real);
    expect(new TextDecoder().decode(whole.bytes.subarray(0, 5))).toBe('%PDF-');
  });
});
