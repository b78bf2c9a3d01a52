/**
 * The edit lock of a draft invoice, on two levels. Between tabs of this browser (which share one
 * signed-in session, so the server cannot tell them apart): a Web Lock named after the invoice.
 * Between sessions (another sign-in, another user): the server's lock (`POST …/lock`, renewed
 * before its 15 minutes of inactivity lapse, `…/unlock` on leaving). Whoever does not get both
 * reads the draft without editing it, and asks again every `LOCK_RETRY_MS`.
 */
import { ApiError } from '../../../api/errors';
import { lockInvoice, unlockInvoice } from '../../../api/invoices';
import { logger } from '../../../logging/logger';

/** Renewed well within the server's 15 minutes (LOCK_IDLE_MS), even while nothing is typed. */
export const LOCK_RENEW_MS = 5 * 60_000;
/** How often a read-only editor asks whether the draft is free again. */
export const LOCK_RETRY_MS = 30_000;

export interface EditLockHandle {
  /** Takes (or renews) the lock; `onChange` says whether this editor holds it. */
  take(): Promise<void>;
  /** Leaves: frees both levels and stops asking. */
  release(): void;
}

/** Holds the browser-wide lock `name` until the returned function is called; null while another tab has it. */
function holdTabLock(name: string): Promise<(() => void) | null> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return Promise.resolve(() => {});
  return new Promise((resolve) => {
    locks
      .request(name, { ifAvailable: true }, (granted) => {
        if (!granted) {
          resolve(null);
          return undefined;
        }
        return new Promise<void>((release) => resolve(release));
      })
      .catch((error: unknown) => {
        logger.warn('Error taking the tab lock', { error });
        resolve(() => {});
      });
  });
}

/** An invoice's edit lock. */
export function createEditLock({
  enterpriseId,
  invoiceId,
  onChange,
}: {
  enterpriseId: number;
  invoiceId: number;
  onChange: (held: boolean) => void;
}): EditLockHandle {
  return createDocumentLock({
    tabLockName: `bo-invoice-edit-${enterpriseId}-${invoiceId}`,
    lock: () => lockInvoice(enterpriseId, invoiceId),
    unlock: () => unlockInvoice(enterpriseId, invoiceId),
    labels: { invoiceId },
    onChange,
  });
}

/**
 * The same two-level lock for any document the server locks as it does invoices (a draft quote:
 * `POST …/quotes/{id}/lock` and `…/unlock`): the tab lock's name and the server's two calls.
 */
export function createDocumentLock({
  tabLockName,
  lock,
  unlock,
  labels,
  onChange,
}: {
  tabLockName: string;
  lock: () => Promise<{ lockedByAnotherSession: boolean }>;
  unlock: () => Promise<void>;
  /** The document named in the logs. */
  labels: Record<string, number>;
  onChange: (held: boolean) => void;
}): EditLockHandle {
  let releaseTab: (() => void) | null = null;
  let serverHeld = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let left = false;

  const again = (delay: number) => {
    clearTimeout(timer);
    if (!left) timer = setTimeout(() => void take(), delay);
  };

  function freeServer() {
    if (!serverHeld) return;
    serverHeld = false;
    unlock().catch((error: unknown) => logger.warn('Error releasing the edit lock', { error, labels }));
  }

  async function take(): Promise<void> {
    if (left) return;
    releaseTab ??= await holdTabLock(tabLockName);
    if (left) return release();
    if (!releaseTab) {
      onChange(false);
      return again(LOCK_RETRY_MS);
    }
    try {
      const answer = await lock();
      serverHeld = !answer.lockedByAnotherSession;
    } catch (error) {
      if (!(error instanceof ApiError && error.key === 'resource_locked')) {
        // Not a refusal (offline, a fault): keep editing; each save takes the lock on the server.
        logger.warn('Error taking the edit lock', { error, labels });
        onChange(true);
        return again(LOCK_RETRY_MS);
      }
      serverHeld = false;
    }
    if (left) return release();
    if (!serverHeld) {
      // Another session edits it: free the tab lock too, so another tab of ours may ask as well.
      releaseTab();
      releaseTab = null;
    }
    onChange(serverHeld);
    again(serverHeld ? LOCK_RENEW_MS : LOCK_RETRY_MS);
  }

  function release() {
    left = true;
    clearTimeout(timer);
    freeServer();
    releaseTab?.();
    releaseTab = null;
  }

  return { take, release };
}
