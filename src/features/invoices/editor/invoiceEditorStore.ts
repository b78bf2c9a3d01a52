import { map } from 'nanostores';
import { getCustomer } from '../../../api/customers';
import { ApiError } from '../../../api/errors';
import {
  deleteInvoice,
  editInvoice,
  getInvoice,
  getPrecisions,
  type InvoiceAction,
  type InvoiceDetail,
  invoiceAction,
  listVatRates,
  type Precisions,
  revertInvoice,
  type VatRate,
} from '../../../api/invoices';
import { errorMessageFor } from '../../../i18n/serverErrors';
import { logger } from '../../../logging/logger';
import { invoiceMessages } from '../messages';
import { createEditLock, type EditLockHandle } from './editLock';
import {
  type DraftErrors,
  defaultPrecisions,
  draftErrors,
  draftFromInvoice,
  draftToInput,
  hasErrors,
  type InvoiceDraft,
  sentLines,
} from './invoiceDraft';

/**
 * Drafts save themselves: each change waits this long for the next keystroke, then the whole
 * draft is sent and the server's totals come back. Long enough for a word, short enough that
 * the totals follow the typing.
 */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * saved: the server has what is on screen. dirty: a change waits for its save. saving: sent.
 * invalid: a value is not a number or a date yet (nothing sent; the message is under it).
 * failed: the save was refused or the network failed (kept on screen, retried on the next change
 * or the retry button). stale: someone else saved first (409 stale_version): no more autosave.
 */
export type SaveState = 'saved' | 'dirty' | 'saving' | 'invalid' | 'failed' | 'stale';

export interface InvoiceEditorState {
  status: 'loading' | 'ready' | 'notFound' | 'failed';
  invoice: InvoiceDetail | null;
  draft: InvoiceDraft | null;
  errors: DraftErrors;
  /** The server's line totals by row key, as of the last save (new rows have none yet). */
  lineTotals: Record<string, number>;
  vatRates: VatRate[];
  /** Decimals kept on quantities and unit prices (document settings). */
  precisions: Precisions;
  /**
   * A draft's customer as its PDF prints it (name, address, zip code, city, country), read to warn
   * about characters the PDF cannot print; empty until read (or when it could not be).
   */
  customerTexts: string[];
  /**
   * Another tab of this browser, or another session, edits this draft: read-only here until it
   * leaves (the lock is asked again meanwhile).
   */
  lockedElsewhere: boolean;
  save: SaveState;
  /** The French sentence of the last refused save or action (server error keys). */
  message: string | null;
  /** An action in flight: its buttons are busy. */
  busy: InvoiceAction | 'delete' | null;
}

export interface InvoiceEditorOptions {
  enterpriseId: number;
  invoiceId: number;
  autosaveDelayMs?: number;
  /** The edit lock of the draft (tests give their own). */
  editLock?: EditLockHandle;
}

const noErrors = (): DraftErrors => ({ lines: {} });

/** Row key → the server's total of the line at the same place among the rows sent. */
function totalsByKey(draft: InvoiceDraft, invoice: InvoiceDetail): Record<string, number> {
  const rows = sentLines(draft);
  return Object.fromEntries(
    rows.flatMap((row, index) => {
      const line = invoice.lines[index];
      return line ? [[row.key, line.totalExclTaxCents] as const] : [];
    }),
  );
}

export const isStale = (error: unknown) => error instanceof ApiError && error.key === 'stale_version';

/**
 * One invoice in the editor: its draft as typed, the server's last answer (totals, number,
 * status), the autosave, and the actions of spec section 4. One store per editor, so a page may
 * embed several `<bo-invoice-editor>`s.
 */
export function createInvoiceEditor({
  enterpriseId,
  invoiceId,
  autosaveDelayMs = AUTOSAVE_DELAY_MS,
  editLock,
}: InvoiceEditorOptions) {
  const $editor = map<InvoiceEditorState>({
    status: 'loading',
    invoice: null,
    draft: null,
    errors: noErrors(),
    lineTotals: {},
    vatRates: [],
    precisions: defaultPrecisions,
    customerTexts: [],
    lockedElsewhere: false,
    save: 'saved',
    message: null,
    busy: null,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> | null = null;
  /**
   * The draft's edit lock: taken when a draft opens here, renewed while it stays open, released on
   * leaving. When another tab or session holds it, the editor is read-only and asks again; once
   * it is free, the draft is read again (the other one may have saved) and becomes editable.
   */
  const lock =
    editLock ??
    createEditLock({
      enterpriseId,
      invoiceId,
      onChange: (held) => {
        const wasLocked = $editor.get().lockedElsewhere;
        $editor.setKey('lockedElsewhere', !held);
        // Free again: read the draft again (the other one may have saved), unless work typed here waits.
        if (held && wasLocked && !hasUnsavedWork($editor.get())) void load();
      },
    });

  function show(invoice: InvoiceDetail) {
    const draft = draftFromInvoice(invoice);
    $editor.set({
      ...$editor.get(),
      status: 'ready',
      invoice,
      draft,
      errors: noErrors(),
      lineTotals: totalsByKey(draft, invoice),
      save: 'saved',
    });
  }

  async function load(): Promise<void> {
    clearTimeout(timer);
    $editor.set({ ...$editor.get(), status: 'loading', message: null });
    const vatRates = listVatRates(enterpriseId).catch((error: unknown) => {
      logger.warn('Error getting VAT rates', { error });
      return [];
    });
    const precisions = getPrecisions(enterpriseId).catch((error: unknown) => {
      logger.warn('Error getting document settings', { error });
      return defaultPrecisions;
    });
    try {
      const [invoice, rates, kept] = await Promise.all([
        getInvoice(enterpriseId, invoiceId),
        vatRates,
        precisions,
      ]);
      $editor.set({ ...$editor.get(), vatRates: rates, precisions: kept });
      show(invoice);
      if (invoice.status === 'PROVISOIRE') {
        $editor.setKey('lockedElsewhere', invoice.lock.lockedByAnotherSession);
        void lock.take();
        void loadCustomer(invoice.customerId);
      } else lock.release();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) $editor.setKey('status', 'notFound');
      else {
        logger.error('Error getting invoice', { error, labels: { invoiceId } });
        $editor.setKey('status', 'failed');
      }
    }
  }

  /** The draft's customer texts, for the unprintable characters' warning (never blocks the editor). */
  async function loadCustomer(customerId: number): Promise<void> {
    try {
      const customer = await getCustomer(enterpriseId, customerId);
      $editor.setKey('customerTexts', [
        customer.companyName,
        customer.firstName,
        customer.lastName,
        customer.address,
        customer.zipCode,
        customer.city,
        customer.country,
      ]);
    } catch (error) {
      logger.warn('Error getting the invoice customer', { error, labels: { invoiceId } });
    }
  }

  const editable = () => {
    const { invoice, save, lockedElsewhere } = $editor.get();
    return (
      invoice?.status === 'PROVISOIRE' &&
      !invoice.lock.lockedByAnotherSession &&
      !lockedElsewhere &&
      save !== 'stale'
    );
  };

  /** A change typed by the user: kept at once, sent after the autosave delay. */
  function edit(change: (draft: InvoiceDraft) => InvoiceDraft): void {
    const { draft, invoice } = $editor.get();
    if (!draft || !invoice || !editable()) return;
    const next = change(draft);
    const errors = draftErrors(next, invoice.kind);
    $editor.set({ ...$editor.get(), draft: next, errors, save: hasErrors(errors) ? 'invalid' : 'dirty' });
    clearTimeout(timer);
    if (!hasErrors(errors)) timer = setTimeout(() => void flush(), autosaveDelayMs);
  }

  async function send(sent: InvoiceDraft, invoice: InvoiceDetail): Promise<void> {
    $editor.setKey('save', 'saving');
    try {
      const saved = await editInvoice(
        enterpriseId,
        invoice.id,
        invoice.version,
        draftToInput(sent, invoice.kind, $editor.get().precisions),
      );
      const current = $editor.get();
      const changedSince = current.draft !== sent;
      $editor.set({
        ...current,
        invoice: saved,
        lineTotals: { ...current.lineTotals, ...totalsByKey(sent, saved) },
        save: changedSince ? current.save : 'saved',
        message: null,
      });
    } catch (error) {
      logger.warn('Error saving invoice draft', { error, labels: { invoiceId } });
      $editor.set({
        ...$editor.get(),
        save: isStale(error) ? 'stale' : 'failed',
        message: isStale(error) ? invoiceMessages.stale : errorMessageFor(error),
      });
    }
  }

  /** Saves now what waits (one save at a time: a change typed meanwhile is sent after it). */
  async function flush(): Promise<void> {
    clearTimeout(timer);
    if (inFlight) await inFlight;
    const { save, draft, invoice } = $editor.get();
    if ((save !== 'dirty' && save !== 'failed') || !draft || !invoice) return;
    inFlight = send(draft, invoice);
    await inFlight;
    inFlight = null;
    if ($editor.get().save === 'dirty') await flush();
  }

  /**
   * validate, revert (with the reason typed in its dialog) or cancel, after any waiting save.
   * Answers the invoice as the server returns it (cancelled: its creditNoteId names the new credit
   * note), or null with the server's French sentence on screen.
   */
  async function act(
    action: InvoiceAction,
    { reason = '' }: { reason?: string } = {},
  ): Promise<InvoiceDetail | null> {
    // Busy from the click on, the waiting save included: its progress shows, and a second click
    // (or another action) does not send the action twice with the same version.
    if ($editor.get().busy) return null;
    $editor.setKey('busy', action);
    try {
      await flush();
      const { invoice, save } = $editor.get();
      if (!invoice || save === 'invalid' || save === 'failed' || save === 'stale') return null;
      $editor.setKey('message', null);
      const answer =
        action === 'revert'
          ? await revertInvoice(enterpriseId, invoice.id, invoice.version, reason)
          : await invoiceAction(enterpriseId, invoice.id, action, invoice.version);
      show(answer);
      return answer;
    } catch (error) {
      logger.warn(`Error on invoice ${action}`, { error, labels: { invoiceId } });
      $editor.set({
        ...$editor.get(),
        message: isStale(error) ? invoiceMessages.stale : errorMessageFor(error),
        save: isStale(error) ? 'stale' : $editor.get().save,
      });
      return null;
    } finally {
      $editor.setKey('busy', null);
    }
  }

  /** Deletes the draft; true when done. */
  async function remove(): Promise<boolean> {
    clearTimeout(timer);
    if (inFlight) await inFlight;
    const { invoice } = $editor.get();
    if (!invoice) return false;
    $editor.set({ ...$editor.get(), busy: 'delete', message: null });
    try {
      await deleteInvoice(enterpriseId, invoice.id, invoice.version);
      return true;
    } catch (error) {
      logger.warn('Error deleting invoice', { error, labels: { invoiceId } });
      $editor.setKey('message', errorMessageFor(error));
      return false;
    } finally {
      $editor.setKey('busy', null);
    }
  }

  /** Stops the autosave timer and releases the edit lock (the editor leaves the page). */
  function dispose(): void {
    clearTimeout(timer);
    lock.release();
  }

  return { $editor, load, edit, flush, act, remove, dispose, editable };
}

export type InvoiceEditor = ReturnType<typeof createInvoiceEditor>;

/** Work not yet on the server: leaving the page now would lose it. */
export const hasUnsavedWork = (state: InvoiceEditorState) =>
  state.save === 'dirty' ||
  state.save === 'saving' ||
  state.save === 'invalid' ||
  state.save === 'failed' ||
  state.save === 'stale';
