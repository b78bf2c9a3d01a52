import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteEditorDetail } from '../../../api/quotes';
import { setConfig } from '../../../config/config';
import { serverErrorMessage, serverErrorMessages } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { mockFetch, type RecordedCall } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { quoteEditorMessages as m } from './messages';
import { findRow, flatRows, type QuoteDraft, updateRow } from './quoteDraft';
import { createQuoteEditor, hasUnsavedWork, isEditable, isLocked } from './quoteEditorStore';
import { editorQuote, vatRates } from './testing/quoteEditorFixtures';

const path = '/v2/companies/1/quotes/12';
type Answer = { status?: number; body?: unknown };

function serve(
  quote: QuoteEditorDetail = editorQuote(),
  extra: Record<string, (call: RecordedCall) => Answer | Promise<Answer>> = {},
) {
  return mockFetch({
    [`GET ${path}`]: () => ({ body: { data: quote } }),
    'GET /v2/companies/1/vat-rates': () => ({ body: { data: vatRates } }),
    'GET /v2/companies/1/document-settings': () => ({
      body: { data: { quantityPrecision: 2, unitPricePrecision: 2 } },
    }),
    [`POST ${path}/edit`]: ({ body }) => {
      const sent = body as { version: number; title?: string };
      return { body: { data: { ...quote, version: sent.version + 1, title: sent.title ?? quote.title } } };
    },
    ...extra,
  });
}

/** The key of the row whose label is `label`. */
const keyOf = (draft: QuoteDraft | null, label: string) => {
  const found = flatRows(draft?.items ?? []).find((entry) => entry.row.label === label);
  if (!found) throw new Error(`no row ${label}`);
  return found.row.key;
};

/** An edit lock that is always this session's (the lock's own tests are below). */
const noLock = () => ({ take: vi.fn(async () => {}), release: vi.fn() });

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST');

async function ready(quote?: QuoteEditorDetail, extra?: Parameters<typeof serve>[1]) {
  const served = serve(quote, extra);
  const editor = createQuoteEditor({
    enterpriseId: 1,
    quoteId: 12,
    autosaveDelayMs: 500,
    editLock: noLock(),
  });
  await editor.load();
  return { editor, ...served };
}

describe('quote editor store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    setTokenCookie(null);
  });

  it('« Afficher les marges »: margins computed while shown, on each change too, and dropped when hidden', async () => {
    const { editor } = await ready();
    expect(editor.$editor.get().totals?.margins).toBeNull();
    editor.showMargins(true);
    const dépose = keyOf(editor.$editor.get().draft, 'Dépose carrelage mural');
    expect(editor.$editor.get()).toMatchObject({ showMargins: true });
    expect(editor.$editor.get().totals?.margins?.lines[dépose]).toMatchObject({ saleHt: 37_500, cost: null });
    editor.edit((draft) => updateRow(draft, dépose, { costCents: 1_000 }));
    expect(editor.$editor.get().totals?.margins?.lines[dépose]).toMatchObject({
      cost: 12_500,
      margin: 25_000,
    });
    expect(editor.$editor.get().totals?.margins?.quote.cost).toBe(12_500);
    editor.showMargins(false);
    expect(editor.$editor.get().totals?.margins).toBeNull();
  });

  it('« Afficher les marges » before the quote is read: kept, the totals come with it', async () => {
    serve();
    const editor = createQuoteEditor({ enterpriseId: 1, quoteId: 12 });
    editor.showMargins(true);
    expect(editor.$editor.get()).toMatchObject({ showMargins: true, totals: null });
    await editor.load();
    expect(editor.$editor.get().totals?.margins?.quote).toMatchObject({ withoutCost: 4 });
  });

  it('loads the quote, its rates and precisions, with the live totals of its tree', async () => {
    const { editor } = await ready();
    const state = editor.$editor.get();
    expect(state).toMatchObject({ status: 'ready', save: 'saved', vatRates });
    expect(flatRows(state.draft?.items ?? []).map(({ row, depth }) => [depth, row.kind, row.label])).toEqual([
      [0, 'chapter', 'Démolition'],
      [1, 'line', 'Dépose carrelage mural'],
      [1, 'text', 'Évacuation des gravats comprise.'],
      [0, 'chapter', 'Plomberie'],
      [1, 'line', 'Receveur de douche extra-plat'],
      [1, 'chapter', 'Évacuations'],
      [2, 'line', 'Siphon de sol'],
      [1, 'line', 'Paroi de douche en verre'],
      [0, 'chapter', 'Carrelage'],
      [1, 'line', 'Faïence murale 30 × 60'],
    ]);
    // 375 + 1100 + 90 + 936 = 2501 € HT at 10 %; the option (650 €) aside.
    expect(state.totals?.amounts).toMatchObject({
      ht: 250_100,
      vat: 25_010,
      ttc: 275_110,
      optionsHt: 65_000,
    });
    expect(state.totals?.chapters[keyOf(state.draft, 'Plomberie')]).toEqual({
      ht: 119_000,
      optionsHt: 65_000,
    });
    expect(isEditable(state)).toBe(true);
  });

  it('says not found on a 404 and failed on another error; rates and settings failing do not block', async () => {
    mockFetch({ [`GET ${path}`]: () => ({ status: 404, body: { error: { key: 'not_found' } } }) });
    const missing = createQuoteEditor({ enterpriseId: 1, quoteId: 12 });
    await missing.load();
    expect(missing.$editor.get().status).toBe('notFound');

    mockFetch({ [`GET ${path}`]: () => ({ status: 500, body: { error: { key: 'internal_error' } } }) });
    const broken = createQuoteEditor({ enterpriseId: 1, quoteId: 12 });
    await broken.load();
    expect(broken.$editor.get().status).toBe('failed');

    mockFetch({ [`GET ${path}`]: () => ({ body: { data: editorQuote() } }) });
    const bare = createQuoteEditor({ enterpriseId: 1, quoteId: 12 });
    await bare.load();
    expect(bare.$editor.get()).toMatchObject({ status: 'ready', vatRates: [] });
    expect(bare.$editor.get().precisions).toEqual({ quantityPrecision: 2, unitPricePrecision: 2 });
  });

  it('totals a change at once and saves the whole tree after the autosave delay', async () => {
    const { editor, calls } = await ready();
    const key = keyOf(editor.$editor.get().draft, 'Siphon de sol');
    editor.edit((draft) => updateRow(draft, key, { quantity: '3' }));
    expect(editor.$editor.get().save).toBe('dirty');
    expect(editor.$editor.get().totals?.lines[key]).toBe(13_500);
    expect(editor.$editor.get().totals?.amounts.ht).toBe(254_600);
    expect(hasUnsavedWork(editor.$editor.get())).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(posts(calls)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(editor.$editor.get().save).toBe('saved'));
    const body = posts(calls)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 12,
      version: 3,
      date: '2026-11-20',
      validUntil: '2026-12-20',
      startDate: '2027-01-11',
      durationDays: 10,
      discountBasisPoints: 0,
      depositBasisPoints: 3000,
      feeCents: 0,
    });
    const plumbing = (body.items as { items: unknown[] }[])[1];
    expect(plumbing).toEqual({
      kind: 'chapter',
      title: 'Plomberie',
      items: [
        expect.objectContaining({ kind: 'priced', designation: 'Receveur de douche extra-plat' }),
        {
          kind: 'chapter',
          title: 'Évacuations',
          items: [
            {
              kind: 'priced',
              designation: 'Siphon de sol',
              unit: 'u',
              quantityMilli: 3000,
              unitPriceCents: 4500,
              vatRateId: 2,
              vatRate: 1000,
            },
          ],
        },
        expect.objectContaining({ kind: 'option', designation: 'Paroi de douche en verre' }),
      ],
    });
    expect(editor.$editor.get().quote?.version).toBe(4);
    expect(hasUnsavedWork(editor.$editor.get())).toBe(false);
  });

  it('keeps a change typed during a save and sends it after', async () => {
    let release: () => void = () => {};
    const quote = editorQuote();
    const { editor, calls } = await ready(quote, {
      [`POST ${path}/edit`]: async ({ body }) => {
        const sent = body as { version: number; title: string };
        if (sent.version === 3) await new Promise<void>((resolve) => (release = resolve));
        return { body: { data: { ...quote, version: sent.version + 1, title: sent.title } } };
      },
    });
    editor.edit((draft) => ({ ...draft, title: 'Salle de bains 1' }));
    void editor.flush();
    await vi.waitFor(() => expect(editor.$editor.get().save).toBe('saving'));
    editor.edit((draft) => ({ ...draft, title: 'Salle de bains 2' }));
    const second = editor.flush();
    release();
    await second;
    await vi.waitFor(() => expect(editor.$editor.get()).toMatchObject({ save: 'saved' }));
    expect(posts(calls).map((call) => (call.body as { title: string }).title)).toEqual([
      'Salle de bains 1',
      'Salle de bains 2',
    ]);
    expect(editor.$editor.get().draft?.title).toBe('Salle de bains 2');
  });

  it('sends nothing while a value does not read, and says where', async () => {
    const { editor, calls } = await ready();
    const key = keyOf(editor.$editor.get().draft, 'Siphon de sol');
    editor.edit((draft) => updateRow(draft, key, { quantity: '2,5 m' }));
    expect(editor.$editor.get().save).toBe('invalid');
    expect(editor.$editor.get().errors.rows[key]).toEqual({ quantity: validationMessages.number });
    await vi.advanceTimersByTimeAsync(1000);
    await editor.flush();
    expect(posts(calls)).toHaveLength(0);
    expect(hasUnsavedWork(editor.$editor.get())).toBe(true);
  });

  it('keeps what was typed when a save fails, and retries it', async () => {
    let fail = true;
    const quote = editorQuote();
    const { editor } = await ready(quote, {
      [`POST ${path}/edit`]: () =>
        fail
          ? { status: 500, body: { error: { key: 'internal_error' } } }
          : { body: { data: { ...quote, version: 4, title: 'Cuisine' } } },
    });
    editor.edit((draft) => ({ ...draft, title: 'Cuisine' }));
    await editor.flush();
    expect(editor.$editor.get()).toMatchObject({
      save: 'failed',
      message: serverErrorMessage('internal_error'),
    });
    expect(editor.$editor.get().draft?.title).toBe('Cuisine');
    fail = false;
    await editor.flush();
    expect(editor.$editor.get()).toMatchObject({ save: 'saved', message: null });
  });

  it("puts a 422's field errors under their rows", async () => {
    const { editor } = await ready(editorQuote(), {
      [`POST ${path}/edit`]: () => ({
        status: 422,
        body: { error: { key: 'validation', fields: { 'items.1.items.1.items.0.unit': 'too_long' } } },
      }),
    });
    const key = keyOf(editor.$editor.get().draft, 'Siphon de sol');
    editor.edit((draft) => updateRow(draft, key, { unit: 'ml' }));
    await editor.flush();
    expect(editor.$editor.get().save).toBe('failed');
    expect(editor.$editor.get().errors.rows[key]?.unit).toBe(m.tooLong(20));
    expect(editor.$editor.get().draft && findRow(editor.$editor.get().draft!.items, key)?.list[0]?.unit).toBe(
      'ml',
    );
  });

  it('stops on a stale save (409) and keeps what was typed; reloading starts again from the server', async () => {
    const { editor, calls } = await ready(editorQuote(), {
      [`POST ${path}/edit`]: () => ({ status: 409, body: { error: { key: 'stale_version' } } }),
    });
    editor.edit((draft) => ({ ...draft, title: 'Typed here' }));
    await editor.flush();
    expect(editor.$editor.get()).toMatchObject({ save: 'stale', message: m.stale });
    expect(editor.$editor.get().draft?.title).toBe('Typed here');
    expect(isEditable(editor.$editor.get())).toBe(false);
    editor.edit((draft) => ({ ...draft, title: 'Ignored' }));
    expect(editor.$editor.get().draft?.title).toBe('Typed here');
    await editor.flush();
    expect(posts(calls)).toHaveLength(1);
    await editor.load();
    expect(editor.$editor.get()).toMatchObject({ save: 'saved', message: null });
    expect(editor.$editor.get().draft?.title).toBe('Salle de bains');
  });

  it('does not edit a sent quote', async () => {
    const { editor } = await ready(editorQuote('sent'));
    editor.edit((draft) => ({ ...draft, title: 'No' }));
    expect(editor.$editor.get().draft?.title).toBe('Salle de bains');
    expect(isEditable(editor.$editor.get())).toBe(false);
  });

  it('« Modifier » saves what waits, then answers the new revision', async () => {
    const revision = editorQuote('draft', undefined, { id: 13, number: 'DE-2026-00012-B', revisionIndex: 1 });
    const { editor, calls } = await ready(editorQuote('sent'), {
      [`POST ${path}/revise`]: () => ({ body: { data: revision } }),
    });
    const answer = await editor.act('revise');
    expect(answer?.number).toBe('DE-2026-00012-B');
    expect(posts(calls).map((call) => [call.url.replace('https://api.example', ''), call.body])).toEqual([
      [`${path}/revise`, { version: 3 }],
    ]);
    expect(editor.$editor.get().busy).toBeNull();
  });

  it('« Dupliquer » answers the copy; a second click while busy does nothing', async () => {
    const copy = editorQuote('draft', undefined, { id: 20, number: 'DE-2026-00020' });
    let release: () => void = () => {};
    const { editor, calls } = await ready(editorQuote('accepted'), {
      [`POST ${path}/duplicate`]: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { body: { data: copy } };
      },
    });
    const first = editor.act('duplicate');
    await vi.waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(await editor.act('duplicate')).toBeNull();
    release();
    expect((await first)?.id).toBe(20);
  });

  it('says why an action was refused; a stale one stops the autosave', async () => {
    const { editor } = await ready(editorQuote('sent'), {
      [`POST ${path}/revise`]: () => ({ status: 409, body: { error: { key: 'quote_not_editable' } } }),
    });
    expect(await editor.act('revise')).toBeNull();
    expect(editor.$editor.get()).toMatchObject({
      message: serverErrorMessages.quote_not_editable,
      save: 'saved',
    });

    const stale = await ready(editorQuote('sent'), {
      [`POST ${path}/revise`]: () => ({ status: 409, body: { error: { key: 'stale_version' } } }),
    });
    expect(await stale.editor.act('revise')).toBeNull();
    expect(stale.editor.$editor.get()).toMatchObject({ message: m.stale, save: 'stale' });
  });

  it('does not duplicate a draft whose values do not read or whose save failed', async () => {
    const { editor, calls } = await ready(editorQuote(), {
      [`POST ${path}/edit`]: () => ({ status: 500, body: { error: { key: 'internal_error' } } }),
    });
    editor.edit((draft) => ({ ...draft, date: '32/13/2026' }));
    expect(await editor.act('duplicate')).toBeNull();
    expect(editor.$editor.get().message).toBe(m.invalid);
    editor.edit((draft) => ({ ...draft, date: '21/11/2026' }));
    expect(await editor.act('duplicate')).toBeNull();
    expect(editor.$editor.get().save).toBe('failed');
    expect(posts(calls).filter((call) => call.url.endsWith('/duplicate'))).toHaveLength(0);
  });

  it('shows a quote changed by the actions, or reads it again; what was typed and refused stays', async () => {
    const { editor, calls } = await ready();
    await editor.refresh(editorQuote('sent'));
    expect(editor.$editor.get().quote?.status).toBe('sent');
    await editor.refresh();
    expect(editor.$editor.get().quote?.status).toBe('draft');
    expect(calls.filter((call) => call.method === 'GET' && call.url.endsWith(path))).toHaveLength(2);

    const failing = await ready(editorQuote(), {
      [`POST ${path}/edit`]: () => ({ status: 500, body: { error: { key: 'internal_error' } } }),
    });
    failing.editor.edit((draft) => ({ ...draft, title: 'Kept' }));
    await failing.editor.refresh(editorQuote('sent'));
    expect(failing.editor.$editor.get().quote?.status).toBe('sent');
    expect(failing.editor.$editor.get().draft?.title).toBe('Kept');
    await failing.editor.refresh();
    expect(failing.editor.$editor.get().draft?.title).toBe('Kept');
  });

  it('stops the autosave when disposed', async () => {
    const { editor, calls } = await ready();
    editor.edit((draft) => ({ ...draft, title: 'Never sent' }));
    editor.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(posts(calls)).toHaveLength(0);
  });

  describe('the edit lock (as invoices: another session edits the draft)', () => {
    const held = { body: { data: { lockedByAnotherSession: false, expiresAt: null } } };
    const refused = { status: 409, body: { error: { key: 'resource_locked' } } };

    it('is read-only while another session holds it, read again and editable once it is free', async () => {
      let otherSession = true;
      const { calls } = serve(editorQuote(), {
        [`POST ${path}/lock`]: () => (otherSession ? refused : held),
        [`POST ${path}/unlock`]: () => held,
      });
      const editor = createQuoteEditor({ enterpriseId: 1, quoteId: 12, autosaveDelayMs: 500 });
      await editor.load();
      await vi.advanceTimersByTimeAsync(0);
      expect(editor.$editor.get().lockedElsewhere).toBe(true);
      expect(isLocked(editor.$editor.get())).toBe(true);
      expect(isEditable(editor.$editor.get())).toBe(false);
      // Nothing typed is taken while it is locked.
      editor.edit((draft) => ({ ...draft, title: 'Autre objet' }));
      expect(editor.$editor.get().draft?.title).toBe('Salle de bains');

      otherSession = false;
      await vi.advanceTimersByTimeAsync(30_000);
      expect(editor.$editor.get().lockedElsewhere).toBe(false);
      expect(isEditable(editor.$editor.get())).toBe(true);
      // Read again: the other session may have saved.
      expect(
        calls.filter((call) => call.method === 'GET' && new URL(call.url).pathname === path),
      ).toHaveLength(2);

      editor.dispose();
      expect(calls.filter((call) => new URL(call.url).pathname === `${path}/unlock`)).toHaveLength(1);
    });

    it('says so from the quote itself, and a quote that is not a draft takes no lock', async () => {
      const { calls } = serve(
        editorQuote('draft', undefined, { lock: { lockedByAnotherSession: true, expiresAt: null } }),
        {
          [`POST ${path}/lock`]: () => refused,
        },
      );
      const editor = createQuoteEditor({ enterpriseId: 1, quoteId: 12 });
      await editor.load();
      expect(isLocked(editor.$editor.get())).toBe(true);
      editor.dispose();

      const sent = serve(editorQuote('sent'), { [`POST ${path}/lock`]: () => held });
      const readOnly = createQuoteEditor({ enterpriseId: 1, quoteId: 12 });
      await readOnly.load();
      await vi.advanceTimersByTimeAsync(0);
      expect(sent.calls.filter((call) => new URL(call.url).pathname === `${path}/lock`)).toHaveLength(0);
      expect(calls.filter((call) => new URL(call.url).pathname === `${path}/unlock`)).toHaveLength(0);
    });
  });
});
