import { map } from 'nanostores';
import { ApiError } from '../../../api/errors';
import { getPrecisions, listVatRates, type Precisions, type VatRate } from '../../../api/invoices';
import {
  duplicateQuote,
  editQuote,
  getQuoteEditorDetail,
  lockQuote,
  type QuoteEditorDetail,
  reviseQuote,
  unlockQuote,
} from '../../../api/quotes';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { logger } from '../../../logging/logger';
import { createDocumentLock, type EditLockHandle } from '../../invoices/editor/editLock';
import { quoteEditorMessages as m } from './messages';
import {
  type BuiltContent,
  buildContent,
  type DraftTotals,
  draftErrors,
  draftFromQuote,
  draftToInput,
  draftTotals,
  hasErrors,
  issuesOnRows,
  type QuoteDraft,
  type QuoteDraftErrors,
} from './quoteDraft';

/**
 * A draft saves itself as the invoice editor's does (invoiceEditorStore): each change waits this
 * long for the next keystroke, then the whole tree is sent. The totals on screen do not wait for
 * the server: the contract's `quoteAmounts` computes them at each keystroke, as the server will.
 */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * saved: the server has what is on screen. dirty: a change waits for its save. saving: sent.
 * invalid: a value cannot be sent yet (its message is under it; nothing sent). failed: the save
 * was refused or the network failed (kept on screen, retried on the next change or the retry
 * button). stale: someone else saved first (409 stale_version): no more autosave until reloaded.
 */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'invalid' | 'failed' | 'stale';

export type QuoteEditorAction = 'revise' | 'duplicate';

export interface QuoteEditorState {
  status: 'loading' | 'ready' | 'notFound' | 'failed';
  quote: QuoteEditorDetail | null;
  draft: QuoteDraft | null;
  errors: QuoteDraftErrors;
  /** The live amounts of the draft as typed (the contract's rule, the server's). */
  totals: DraftTotals | null;
  vatRates: VatRate[];
  /** Decimals shown on quantities and unit prices (document settings). */
  precisions: Precisions;
  save: SaveState;
  /** « Afficher les marges »: the firm's margin view, on screen only (never printed nor sent); absent: off. */
  showMargins?: boolean;
  /** The French sentence of the last refused save or action (server error keys). */
  message: string | null;
  busy: QuoteEditorAction | null;
  /**
   * Another session (or another tab of this browser) edits this draft: read-only here until it
   * leaves (the lock is asked again meanwhile), as the invoice editor does.
   */
  lockedElsewhere?: boolean;
}

export interface QuoteEditorOptions {
  enterpriseId: number;
  quoteId: number;
  autosaveDelayMs?: number;
  /** The draft's edit lock (tests give their own). */
  editLock?: EditLockHandle;
}

const noErrors = (): QuoteDraftErrors => ({ fields: {}, rows: {} });
const defaultPrecisions: Precisions = { quantityPrecision: 2, unitPricePrecision: 2 };

export const isStale = (error: unknown) => error instanceof ApiError && error.key === 'stale_version';

/** Work not yet on the server: leaving the page now would lose it. */
export const hasUnsavedWork = (state: QuoteEditorState) =>
  state.save === 'dirty' ||
  state.save === 'saving' ||
  state.save === 'invalid' ||
  state.save === 'failed' ||
  state.save === 'stale';

/** Another session holds the draft's edit lock: read-only here. */
export const isLocked = (state: QuoteEditorState) =>
  Boolean(state.lockedElsewhere) || state.quote?.lock.lockedByAnotherSession === true;

/** A draft whose lifecycle lets it be written (the server's `allowed.edit`), not locked by another session. */
export const isEditable = (state: QuoteEditorState) =>
  state.quote?.allowed.edit === true && state.save !== 'stale' && !isLocked(state);

/**
 * One quote in the editor: its draft as typed, the server's last answer, the live totals, the
 * autosave, « Modifier » (a new revision) and « Dupliquer ». One store per editor.
 */
export function createQuoteEditor({
  enterpriseId,
  quoteId,
  autosaveDelayMs = AUTOSAVE_DELAY_MS,
  editLock,
}: QuoteEditorOptions) {
  const $editor = map<QuoteEditorState>({
    status: 'loading',
    quote: null,
    draft: null,
    errors: noErrors(),
    totals: null,
    vatRates: [],
    precisions: defaultPrecisions,
    save: 'saved',
    showMargins: false,
    message: null,
    busy: null,
    lockedElsewhere: false,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;

  /** The company's rates a line may use (unchecked until they are read). */
  const rateIds = () => {
    const rates = $editor.get().vatRates;
    return rates.length > 0 ? new Set(rates.map((rate) => rate.id)) : undefined;
  };

  /**
   * The draft's edit lock (src/features/invoices/editor/editLock.ts, shared with invoices): taken
   * when a draft opens here, renewed while it stays open, released on leaving. While another tab or
   * session holds it the quote is read-only and the lock is asked again; once free, the draft is
   * read again (the other one may have saved) and becomes editable.
   */
  const lock =
    editLock ??
    createDocumentLock({
      tabLockName: `bo-quote-edit-${enterpriseId}-${quoteId}`,
      lock: () => lockQuote(enterpriseId, quoteId),
      unlock: () => unlockQuote(enterpriseId, quoteId),
      labels: { quoteId },
      onChange: (held) => {
        const wasLocked = $editor.get().lockedElsewhere;
        $editor.setKey('lockedElsewhere', !held);
        if (held && wasLocked && !hasUnsavedWork($editor.get())) void load();
      },
    });

  /** Shows a quote as the server answered it: its draft, amounts and state start again from it. */
  function show(quote: QuoteEditorDetail) {
    clearTimeout(timer);
    const draft = draftFromQuote(quote);
    $editor.set({
      ...$editor.get(),
      status: 'ready',
      quote,
      draft,
      errors: noErrors(),
      totals: draftTotals(buildContent(draft), $editor.get().showMargins),
      save: 'saved',
      message: null,
    });
  }

  async function load(): Promise<void> {
    clearTimeout(timer);
    $editor.set({ ...$editor.get(), status: 'loading', message: null });
    const vatRates = listVatRates(enterpriseId).catch((error: unknown) => {
      logger.warn('Error getting VAT rates', { error });
      return [] as VatRate[];
    });
    const precisions = getPrecisions(enterpriseId).catch((error: unknown) => {
      logger.warn('Error getting document settings', { error });
      return defaultPrecisions;
    });
    try {
      const [quote, rates, kept] = await Promise.all([
        getQuoteEditorDetail(enterpriseId, quoteId),
        vatRates,
        precisions,
      ]);
      $editor.set({ ...$editor.get(), vatRates: rates, precisions: kept });
      show(quote);
      if (quote.allowed.edit) {
        $editor.setKey('lockedElsewhere', quote.lock.lockedByAnotherSession);
        void lock.take();
      } else lock.release();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) $editor.setKey('status', 'notFound');
      else {
        logger.error('Error getting quote', { error, labels: { quoteId } });
        $editor.setKey('status', 'failed');
      }
    }
  }

  /** A change typed by the user: kept and totalled at once, sent after the autosave delay. */
  function edit(change: (draft: QuoteDraft) => QuoteDraft): void {
    const state = $editor.get();
    if (!state.draft || !isEditable(state)) return;
    const draft = change(state.draft);
    const built = buildContent(draft);
    const errors = draftErrors(draft, built, rateIds());
    $editor.set({
      ...state,
      draft,
      errors,
      totals: draftTotals(built, state.showMargins),
      save: hasErrors(errors) ? 'invalid' : 'dirty',
    });
    clearTimeout(timer);
    if (!hasErrors(errors)) timer = setTimeout(() => void flush(), autosaveDelayMs);
  }

  async function send(sent: QuoteDraft, quote: QuoteEditorDetail): Promise<void> {
    $editor.setKey('save', 'saving');
    const built: BuiltContent = buildContent(sent);
    try {
      const saved = await editQuote(enterpriseId, quote.id, quote.version, draftToInput(sent, built));
      const current = $editor.get();
      const changedSince = current.draft !== sent;
      $editor.set({ ...current, quote: saved, save: changedSince ? current.save : 'saved', message: null });
    } catch (error) {
      logger.warn('Error saving quote draft', { error, labels: { quoteId } });
      const current = $editor.get();
      // A 422 names its fields by path: their messages go under them, what was typed stays.
      const fields = error instanceof ApiError && error.key === 'validation' ? error.fields : {};
      $editor.set({
        ...current,
        errors: current.draft ? issuesOnRows(fields, built, current.draft, current.errors) : current.errors,
        save: isStale(error) ? 'stale' : 'failed',
        message: isStale(error) ? m.stale : errorMessageFor(error),
      });
    }
  }

  /** Saves now what waits (one save at a time: a change typed meanwhile is sent after it). */
  async function flush(): Promise<void> {
    clearTimeout(timer);
    if (inFlight) await inFlight;
    const { save, draft, quote } = $editor.get();
    if ((save !== 'dirty' && save !== 'failed') || !draft || !quote) return;
    inFlight = send(draft, quote);
    await inFlight;
    inFlight = null;
    if ($editor.get().save === 'dirty') await flush();
  }

  /**
   * « Modifier » (a new draft revision of a sent, expired or refused quote) or « Dupliquer » (a new
   * draft): answers the new quote (the caller opens it), or null with the server's French sentence.
   */
  async function act(action: QuoteEditorAction): Promise<QuoteEditorDetail | null> {
    if ($editor.get().busy) return null;
    $editor.setKey('busy', action);
    try {
      await flush();
      const { quote, save } = $editor.get();
      if (!quote || save === 'failed' || save === 'stale') return null;
      if (save === 'invalid') {
        $editor.setKey('message', m.invalid);
        return null;
      }
      $editor.setKey('message', null);
      return action === 'revise'
        ? await reviseQuote(enterpriseId, quote.id, quote.version)
        : await duplicateQuote(enterpriseId, quote.id);
    } catch (error) {
      logger.warn(`Error on quote ${action}`, { error, labels: { quoteId } });
      $editor.set({
        ...$editor.get(),
        message: isStale(error) ? m.stale : errorMessageFor(error),
        save: isStale(error) ? 'stale' : $editor.get().save,
      });
      return null;
    } finally {
      $editor.setKey('busy', null);
    }
  }

  /**
   * The quote changed outside the editor (sent, answered: the actions' slot): the server's answer
   * is shown, or the quote is read again. What waits is sent first, so nothing typed is lost.
   */
  async function refresh(quote?: QuoteEditorDetail): Promise<void> {
    await flush();
    if (hasUnsavedWork($editor.get())) {
      // A refused save: what was typed stays on screen, the quote's state is the server's.
      if (quote) $editor.setKey('quote', quote);
      return;
    }
    if (quote) show(quote);
    else await load();
  }

  /** « Afficher les marges » on or off: the margins are computed only while shown (read-only quotes too). */
  function showMargins(on: boolean): void {
    const state = $editor.get();
    $editor.set({
      ...state,
      showMargins: on,
      totals: state.draft ? draftTotals(buildContent(state.draft), on) : state.totals,
    });
  }

  /** Stops the autosave timer and releases the edit lock (the editor leaves the page). */
  function dispose(): void {
    clearTimeout(timer);
    lock.release();
  }

  return { $editor, load, edit, flush, act, refresh, showMargins, dispose };
}

export type QuoteEditorStore = ReturnType<typeof createQuoteEditor>;
