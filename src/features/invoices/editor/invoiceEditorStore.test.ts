import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceDetail } from '../../../api/invoices';
import { setConfig } from '../../../config/config';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { logger } from '../../../logging/logger';
import { mockFetch, type RecordedCall } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { professionalCustomer } from '../../customers/testing/customerFixtures';
import { invoiceMessages } from '../messages';
import { progressDraft, simpleDraft, validatedInvoice, vatRates } from '../testing/invoiceFixtures';
import { LOCK_RENEW_MS, LOCK_RETRY_MS } from './editLock';
import { updateRow } from './invoiceDraft';
import { createInvoiceEditor, hasUnsavedWork } from './invoiceEditorStore';

const path = '/v2/companies/1/invoices/4521';
type Answer = { status?: number; body?: unknown };

function serve(
  invoice: InvoiceDetail = simpleDraft,
  extra: Record<string, (call: RecordedCall) => Answer | Promise<Answer>> = {},
) {
  return mockFetch({
    [`GET ${path}`]: () => ({ body: { data: invoice } }),
    'GET /v2/companies/1/vat-rates': () => ({ body: { data: vatRates } }),
    'GET /v2/companies/1/document-settings': () => ({
      body: { data: { quantityPrecision: 2, unitPricePrecision: 2 } },
    }),
    'GET /v2/companies/1/customers/42': () => ({ body: { data: { ...professionalCustomer, id: 42 } } }),
    [`POST ${path}/edit`]: ({ body }) => {
      const sent = body as { version: number; title?: string };
      return {
        body: { data: { ...invoice, version: sent.version + 1, title: sent.title ?? invoice.title } },
      };
    },
    ...extra,
  });
}

const firstLineKey = 'line-1';
/** The edit lock is tested on its own below: here, an editor that always holds it. */
const noLock = { take: async () => {}, release: () => {} };

describe('invoice editor store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
  });
  afterEach(() => {
    vi.useRealTimers();
    setTokenCookie(null);
  });

  it('loads the invoice and the VAT rates, with the server’s line totals by row', async () => {
    serve();
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    const state = editor.$editor.get();
    expect(state).toMatchObject({ status: 'ready', save: 'saved', vatRates });
    expect(state.draft?.lines.map((row) => [row.kind, row.label])).toEqual([
      ['chapter', 'Démolition'],
      ['line', 'Dépose carrelage mural'],
      ['chapter', 'Plomberie'],
      ['line', 'Receveur de douche extra-plat'],
      ['line', 'Main d’œuvre plomberie'],
    ]);
    expect(state.lineTotals).toEqual({ 'line-1': 37_500, 'line-2': 110_000, 'line-3': 90_000 });
  });

  it('says not found on a 404 and failed on another error; VAT rates failing do not block', async () => {
    mockFetch({ [`GET ${path}`]: () => ({ status: 404, body: { error: { key: 'not_found' } } }) });
    const missing = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await missing.load();
    expect(missing.$editor.get().status).toBe('notFound');

    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch({ [`GET ${path}`]: () => ({ status: 500, body: { error: { key: 'internal_error' } } }) });
    const broken = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await broken.load();
    expect(broken.$editor.get().status).toBe('failed');
  });

  it('saves a change after the autosave delay, with the version read, and takes the server’s answer', async () => {
    const { calls } = serve();
    const editor = createInvoiceEditor({
      editLock: noLock,
      enterpriseId: 1,
      invoiceId: 4521,
      autosaveDelayMs: 500,
    });
    await editor.load();
    editor.edit((draft) => ({ ...draft, title: 'Salle de bains et WC' }));
    expect(editor.$editor.get().save).toBe('dirty');
    expect(hasUnsavedWork(editor.$editor.get())).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(editor.$editor.get().save).toBe('saved'));
    const edit = calls.find((call) => call.method === 'POST');
    expect(edit?.body).toMatchObject({
      id: 4521,
      version: 3,
      title: 'Salle de bains et WC',
      date: '2026-11-20',
      lines: [
        {
          chapter: 'Démolition',
          label: 'Dépose carrelage mural',
          quantityMilli: 12_500,
          unitPriceCents: 3_000,
        },
        { chapter: 'Plomberie', label: 'Receveur de douche extra-plat' },
        { chapter: 'Plomberie', label: 'Main d’œuvre plomberie', vatRateId: 2 },
      ],
    });
    expect(editor.$editor.get().invoice?.version).toBe(4);
    expect(hasUnsavedWork(editor.$editor.get())).toBe(false);
  });

  it('keeps an invalid value as typed, sends nothing, and shows the message under it', async () => {
    const { calls } = serve();
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => updateRow(draft, firstLineKey, { quantity: '12,5x' }));
    await vi.advanceTimersByTimeAsync(5_000);
    const state = editor.$editor.get();
    expect(state.save).toBe('invalid');
    expect(state.errors.lines[firstLineKey]).toEqual({ quantity: 'Ce champ doit être un nombre.' });
    expect(state.draft?.lines[1]?.quantity).toBe('12,5x');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await editor.flush();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('after a refused save keeps what was typed, shows the server’s sentence, and retries on flush', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let refuse = true;
    const { calls } = serve(simpleDraft, {
      [`POST ${path}/edit`]: ({ body }) =>
        refuse
          ? { status: 409, body: { error: { key: 'resource_locked' } } }
          : { body: { data: { ...simpleDraft, version: 4, title: (body as { title: string }).title } } },
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => ({ ...draft, title: 'Titre tapé' }));
    await editor.flush();
    expect(editor.$editor.get()).toMatchObject({
      save: 'failed',
      message: serverErrorMessages.resource_locked,
    });
    expect(editor.$editor.get().draft?.title).toBe('Titre tapé');
    refuse = false;
    await editor.flush();
    expect(editor.$editor.get()).toMatchObject({ save: 'saved', message: null });
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
  });

  it('stops saving on a stale version and says so; reloading starts again from the server', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(simpleDraft, {
      [`POST ${path}/edit`]: () => ({ status: 409, body: { error: { key: 'stale_version' } } }),
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => ({ ...draft, title: 'Mon titre' }));
    await editor.flush();
    expect(editor.$editor.get()).toMatchObject({ save: 'stale', message: invoiceMessages.stale });
    expect(editor.editable()).toBe(false);
    editor.edit((draft) => ({ ...draft, title: 'ignoré' }));
    expect(editor.$editor.get().draft?.title).toBe('Mon titre');
    await editor.load();
    expect(editor.$editor.get()).toMatchObject({ save: 'saved', message: null });
  });

  it('a change typed while a save is in flight is sent after it, and not lost', async () => {
    let release: () => void = () => {};
    const bodies: unknown[] = [];
    serve(simpleDraft, {
      [`POST ${path}/edit`]: async ({ body }) => {
        bodies.push(body);
        if (bodies.length === 1) await new Promise<void>((resolve) => (release = resolve));
        const sent = body as { version: number; title: string };
        return { body: { data: { ...simpleDraft, version: sent.version + 1, title: sent.title } } };
      },
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => ({ ...draft, title: 'Un' }));
    const first = editor.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.$editor.get().save).toBe('saving');
    editor.edit((draft) => ({ ...draft, title: 'Un deux' }));
    const second = editor.flush();
    release();
    await Promise.all([first, second]);
    await vi.waitFor(() => expect(editor.$editor.get().save).toBe('saved'));
    expect(bodies.map((body) => (body as { title: string; version: number }).title)).toEqual([
      'Un',
      'Un deux',
    ]);
    expect((bodies[1] as { version: number }).version).toBe(4);
    expect(editor.$editor.get().draft?.title).toBe('Un deux');
  });

  it('validates after the waiting save, and shows the validated invoice', async () => {
    const { calls } = serve(simpleDraft, {
      [`POST ${path}/validate`]: () => ({ body: { data: validatedInvoice } }),
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => ({ ...draft, title: 'Avant validation' }));
    const answer = await editor.act('validate');
    expect(calls.filter((call) => call.method === 'POST').map((call) => new URL(call.url).pathname)).toEqual([
      `${path}/edit`,
      `${path}/validate`,
    ]);
    expect(calls.at(-1)?.body).toEqual({ version: 4 });
    expect(answer?.number).toBe('FA-2026-0042');
    expect(editor.$editor.get()).toMatchObject({ busy: null, save: 'saved' });
    expect(editor.$editor.get().invoice?.status).toBe('VALIDATED');
    expect(editor.editable()).toBe(false);
  });

  it('is busy from the click on, while the waiting save goes; a second click sends nothing more', async () => {
    let answerSave: () => void = () => {};
    const { calls } = serve(simpleDraft, {
      [`POST ${path}/edit`]: ({ body }) =>
        new Promise<Answer>((resolve) => {
          answerSave = () =>
            resolve({
              body: { data: { ...simpleDraft, version: (body as { version: number }).version + 1 } },
            });
        }),
      [`POST ${path}/validate`]: () => ({ body: { data: validatedInvoice } }),
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => ({ ...draft, title: 'Avant validation' }));
    const first = editor.act('validate');
    expect(editor.$editor.get().busy).toBe('validate');
    const second = editor.act('validate');
    await vi.waitFor(() => expect(calls.some((call) => call.url.endsWith('/edit'))).toBe(true));
    answerSave();
    expect((await first)?.status).toBe('VALIDATED');
    expect(await second).toBeNull();
    expect(calls.filter((call) => call.url.endsWith('/validate'))).toHaveLength(1);
    expect(editor.$editor.get()).toMatchObject({ busy: null, message: null });
  });

  it('shows the exact message of a refused revert, and does not act while a value is invalid', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = serve(validatedInvoice, {
      [`POST ${path}/revert`]: () => ({
        status: 409,
        body: { error: { key: 'invoice_not_last_validated_part' } },
      }),
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    expect(await editor.act('revert')).toBeNull();
    expect(editor.$editor.get().message).toBe(serverErrorMessages.invoice_not_last_validated_part);

    const draftEditor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    serve();
    await draftEditor.load();
    draftEditor.edit((draft) => ({ ...draft, date: '31/02/2026' }));
    expect(draftEditor.$editor.get().errors.date).toBe('La date doit respecter le format JJ/MM/AAAA.');
    expect(await draftEditor.act('validate')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/validate'))).toBe(false);
  });

  it('reverts with the reason typed; the server’s refusal (already sent) is said in French', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let refuse = true;
    const { calls } = serve(validatedInvoice, {
      [`POST ${path}/revert`]: ({ body }) =>
        refuse
          ? { status: 409, body: { error: { key: 'invoice_already_sent' } } }
          : { body: { data: { ...simpleDraft, version: (body as { version: number }).version + 1 } } },
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    expect(await editor.act('revert', { reason: 'Mauvais client' })).toBeNull();
    expect(editor.$editor.get().message).toBe(serverErrorMessages.invoice_already_sent);
    refuse = false;
    const answer = await editor.act('revert', { reason: 'Mauvais client' });
    expect(answer?.status).toBe('PROVISOIRE');
    expect(editor.$editor.get().message).toBeNull();
    expect(calls.filter((call) => call.url.endsWith('/revert')).map((call) => call.body)).toEqual([
      { version: validatedInvoice.version, reason: 'Mauvais client' },
      { version: validatedInvoice.version, reason: 'Mauvais client' },
    ]);
  });

  it('reads a draft’s customer (name and address) for the unprintable characters’ warning; never for a validated one', async () => {
    const { calls } = serve(simpleDraft, {
      'GET /v2/companies/1/customers/42': () => ({
        body: {
          data: { ...professionalCustomer, id: 42, companyName: 'SCI 山田', address: '3 quai Perrache' },
        },
      }),
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    await vi.waitFor(() => expect(editor.$editor.get().customerTexts).toContain('SCI 山田'));
    expect(editor.$editor.get().customerTexts).toContain('3 quai Perrache');
    const validated = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    serve(validatedInvoice);
    const before = calls.length;
    await validated.load();
    expect(calls.slice(before).some((call) => call.url.includes('/customers/'))).toBe(false);
  });

  it('edits a draft whose customer cannot be read, without the warning’s texts', async () => {
    const { calls } = serve(simpleDraft, {
      'GET /v2/companies/1/customers/42': () => ({ status: 500, body: { error: { key: 'internal_error' } } }),
    });
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Error getting the invoice customer', expect.anything()),
    );
    expect(calls.some((call) => call.url.endsWith('/customers/42'))).toBe(true);
    expect(editor.$editor.get()).toMatchObject({ status: 'ready', customerTexts: [] });
  });

  it('a stale version on an action stops the autosave too', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    serve(validatedInvoice, {
      [`POST ${path}/cancel`]: () => ({ status: 409, body: { error: { key: 'stale_version' } } }),
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    expect(await editor.act('cancel')).toBeNull();
    expect(editor.$editor.get()).toMatchObject({ save: 'stale', message: invoiceMessages.stale });
  });

  it('deletes the draft with its version, or shows why not', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let refuse = false;
    const { calls } = serve(simpleDraft, {
      [`POST ${path}/delete`]: () =>
        refuse
          ? { status: 409, body: { error: { key: 'resource_locked' } } }
          : { body: { data: { id: 4521, deleted: true } } },
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    expect(await editor.remove()).toBe(false);
    await editor.load();
    expect(await editor.remove()).toBe(true);
    expect(calls.at(-1)?.body).toEqual({ version: 3 });
    refuse = true;
    expect(await editor.remove()).toBe(false);
    expect(editor.$editor.get()).toMatchObject({ busy: null, message: serverErrorMessages.resource_locked });
  });

  it('on a progress statement sends the lines’ cumulative progress by quote line', async () => {
    const { calls } = serve({ ...progressDraft, id: 4521 });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => updateRow(draft, 'line-12', { progress: '75' }));
    await editor.flush();
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      progress: [
        { quoteLineId: 101, progressBasisPoints: 4000 },
        { quoteLineId: 102, progressBasisPoints: 7500 },
      ],
    });
    expect(calls.find((call) => call.method === 'POST')?.body).not.toHaveProperty('lines');
  });

  it('leaves a locked invoice read-only, and ignores edits before it is loaded', async () => {
    serve({ ...simpleDraft, lock: { lockedByAnotherSession: true, expiresAt: null } });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    editor.edit((draft) => ({ ...draft, title: 'trop tôt' }));
    expect(editor.$editor.get().draft).toBeNull();
    await editor.load();
    editor.edit((draft) => ({ ...draft, title: 'refusé' }));
    expect(editor.$editor.get().draft?.title).toBe(simpleDraft.title);
    editor.dispose();
  });

  it('a new line has no total until the server answers one for it', async () => {
    serve();
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => ({
      ...draft,
      lines: [...draft.lines, { ...draft.lines[1]!, key: 'row-new', label: 'Joint silicone' }],
    }));
    await editor.flush();
    expect(editor.$editor.get().lineTotals).not.toHaveProperty('row-new');
    expect(editor.$editor.get().save).toBe('saved');
  });

  it('deleting waits for the save in flight', async () => {
    const order: string[] = [];
    serve(simpleDraft, {
      [`POST ${path}/edit`]: () => {
        order.push('edit');
        return { body: { data: { ...simpleDraft, version: 4 } } };
      },
      [`POST ${path}/delete`]: ({ body }) => {
        order.push(`delete ${(body as { version: number }).version}`);
        return { body: { data: { id: 4521, deleted: true } } };
      },
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    editor.edit((draft) => ({ ...draft, title: 'Dernier mot' }));
    const saving = editor.flush();
    expect(await editor.remove()).toBe(true);
    await saving;
    expect(order).toEqual(['edit', 'delete 4']);
  });
});

describe('invoice editor store: edit lock and precisions', () => {
  const held = { body: { data: { lockedByAnotherSession: false, expiresAt: null } } };
  const refused = { status: 409, body: { error: { key: 'resource_locked' } } };
  const posts = (calls: RecordedCall[], action: string) =>
    calls.filter((call) => call.method === 'POST' && call.url.endsWith(`${path}/${action}`));

  beforeEach(() => {
    vi.useFakeTimers();
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setTokenCookie(null);
  });

  it('takes the lock when a draft opens, renews it while open, and releases it on leaving', async () => {
    const { calls } = serve(simpleDraft, {
      [`POST ${path}/lock`]: () => held,
      [`POST ${path}/unlock`]: () => held,
    });
    const editor = createInvoiceEditor({ enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(posts(calls, 'lock')).toHaveLength(1);
    expect(editor.editable()).toBe(true);
    await vi.advanceTimersByTimeAsync(LOCK_RENEW_MS);
    expect(posts(calls, 'lock')).toHaveLength(2);
    editor.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(posts(calls, 'unlock')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3 * LOCK_RENEW_MS);
    expect(posts(calls, 'lock')).toHaveLength(2);
  });

  it('another session edits it: read-only, nothing typed or sent; once free, read again and editable', async () => {
    let otherSession = true;
    const { calls } = serve(simpleDraft, {
      [`POST ${path}/lock`]: () => (otherSession ? refused : held),
    });
    const editor = createInvoiceEditor({ enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(editor.$editor.get().lockedElsewhere).toBe(true);
    expect(editor.editable()).toBe(false);
    editor.edit((draft) => ({ ...draft, title: 'Ici' }));
    expect(editor.$editor.get().draft?.title).toBe(simpleDraft.title);
    otherSession = false;
    await vi.advanceTimersByTimeAsync(LOCK_RETRY_MS);
    expect(editor.$editor.get().lockedElsewhere).toBe(false);
    expect(calls.filter((call) => call.method === 'GET' && call.url.endsWith(path))).toHaveLength(2);
    expect(editor.editable()).toBe(true);
    expect(posts(calls, 'edit')).toHaveLength(0);
  });

  it('another tab of this browser edits it: read-only without asking the server', async () => {
    const request = vi.fn(async (_name: string, _options: unknown, callback: (lock: null) => unknown) =>
      callback(null),
    );
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const { calls } = serve(simpleDraft, { [`POST ${path}/lock`]: () => held });
    const editor = createInvoiceEditor({ enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    await vi.advanceTimersByTimeAsync(0);
    expect(request.mock.calls[0]?.[0]).toBe('bo-invoice-edit-1-4521');
    expect(editor.$editor.get().lockedElsewhere).toBe(true);
    expect(posts(calls, 'lock')).toHaveLength(0);
    editor.dispose();
  });

  it('a validated invoice takes no lock', async () => {
    const { calls } = serve(validatedInvoice, { [`POST ${path}/lock`]: () => held });
    const editor = createInvoiceEditor({ enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    await vi.advanceTimersByTimeAsync(LOCK_RENEW_MS);
    expect(posts(calls, 'lock')).toHaveLength(0);
  });

  it('reads the precisions from the document settings and sends the lines at them', async () => {
    const { calls } = serve(simpleDraft, {
      'GET /v2/companies/1/document-settings': () => ({
        body: { data: { quantityPrecision: 0, unitPricePrecision: 0, documentsPerPage: 20 } },
      }),
    });
    const editor = createInvoiceEditor({ editLock: noLock, enterpriseId: 1, invoiceId: 4521 });
    await editor.load();
    expect(editor.$editor.get().precisions).toEqual({ quantityPrecision: 0, unitPricePrecision: 0 });
    editor.edit((draft) => updateRow(draft, firstLineKey, { quantity: '1,5', unitPrice: '9,99' }));
    await editor.flush();
    const sent = posts(calls, 'edit')[0]?.body as {
      lines: { quantityMilli: number; unitPriceCents: number }[];
    };
    expect(sent.lines[0]).toMatchObject({ quantityMilli: 2_000, unitPriceCents: 1_000 });
  });
});
