import { map, onMount } from 'nanostores';
import {
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type Notification,
} from '../../api/notifications';
import { NOTIFICATIONS_PAGE_SIZE } from '../../config/constants';
import { $session } from '../../session/session';

export interface NotificationsState {
  /** Newest first, as the server sends them. */
  items: Notification[];
  /** Total number of notifications (info.hits). */
  hits: number;
  /** The bell's count (info.totalUnreads, minus what was read here since). */
  unread: number;
  /** How many the list asks for: 5, growing by 5 with 'show more', back to 5 on close. */
  limit: number;
  /**
   * idle until the first answer; failed keeps what was shown, and the panel says the load failed
   * with a way to try again (rather than « no notification »).
   */
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

const initialState = (): NotificationsState => ({
  items: [],
  hits: 0,
  unread: 0,
  limit: NOTIFICATIONS_PAGE_SIZE,
  status: 'idle',
});

/** The page's one notification store: every bell of the page shows it. */
export const $notifications = map<NotificationsState>(initialState());

/** Read here, by id → when: an answer that left before the read call must not undo it. */
const readHere = new Map<number, string>();
/**
 * « Tout marquer comme lu » here, at that time: every notification valid by then is read, whether
 * this page had loaded it or not (an answer that left before must not undo it either).
 */
let allReadAt: string | undefined;
/**
 * Requests numbered below this may have left before the server did a « Tout marquer comme lu »:
 * their counts are not believed (Infinity while the call is on its way, or after it failed).
 */
let countsTrustedFrom = 0;
/** Only the latest request may write: an older answer arriving late is dropped. */
let latestRequest = 0;

function applyLocalReads(items: Notification[]) {
  let overlaid = 0;
  const merged = items.map((item) => {
    const readAt =
      readHere.get(item.id) ?? (allReadAt && item.valid_from <= allReadAt ? allReadAt : undefined);
    if (item.read_at || !readAt) return item;
    overlaid += 1;
    return { ...item, read_at: readAt };
  });
  return { merged, overlaid };
}

async function load(limit: number): Promise<void> {
  const request = ++latestRequest;
  $notifications.setKey('status', 'loading');
  const page = await fetchNotifications(limit, 0);
  if (request !== latestRequest) return;
  if (!page) {
    $notifications.setKey('status', 'failed');
    return;
  }
  const { merged, overlaid } = applyLocalReads(page.data);
  // An answer that may predate « Tout marquer comme lu » on the server counts notifications that
  // are read now: the unread are those of the page still unread (newer ones).
  const unread =
    request < countsTrustedFrom
      ? merged.filter((item) => !item.read_at).length
      : Math.max(0, page.info.totalUnreads - overlaid);
  $notifications.set({
    ...$notifications.get(),
    items: merged,
    hits: page.info.hits,
    unread,
    status: 'loaded',
  });
}

/** Loads the first page again (the count of the bell, and the list). */
export function refreshNotifications(): Promise<void> {
  return load($notifications.get().limit);
}

/** The popover opens: GET /v2/notifications?limit=5&offset=0. */
export function openNotifications(): Promise<void> {
  $notifications.setKey('limit', NOTIFICATIONS_PAGE_SIZE);
  return load(NOTIFICATIONS_PAGE_SIZE);
}

/** 'Show more': 5 more. */
export function showMoreNotifications(): Promise<void> {
  const limit = $notifications.get().limit + NOTIFICATIONS_PAGE_SIZE;
  $notifications.setKey('limit', limit);
  return load(limit);
}

/** The popover closes: back to 5, and an answer still on its way is dropped. */
export function closeNotifications(): void {
  latestRequest += 1;
  const state = $notifications.get();
  $notifications.set({
    ...state,
    limit: NOTIFICATIONS_PAGE_SIZE,
    items: state.items.slice(0, NOTIFICATIONS_PAGE_SIZE),
    status: state.status === 'loading' ? 'loaded' : state.status,
  });
}

/**
 * An unread notification is clicked (spec section 4): read at once here with the current time, the
 * count drops by one, then POST /v2/notifications/{id}/read (a failure is logged only). A read
 * notification is left alone.
 */
export async function readNotification(id: number, now: Date = new Date()): Promise<void> {
  const state = $notifications.get();
  const item = state.items.find((candidate) => candidate.id === id);
  if (!item || item.read_at) return;
  const readAt = now.toISOString();
  readHere.set(id, readAt);
  $notifications.set({
    ...state,
    items: state.items.map((candidate) =>
      candidate.id === id ? { ...candidate, read_at: readAt } : candidate,
    ),
    unread: Math.max(0, state.unread - 1),
  });
  await markNotificationRead(id);
}

/**
 * « Tout marquer comme lu »: every notification is read here at once (the bell's count goes to 0),
 * then POST /v2/notifications/read-all; a failure is logged, as a single read's is, and it stays
 * read here. Once the server has done it, the counts of the answers asked for afterwards are
 * believed again.
 */
export async function readAllNotifications(now: Date = new Date()): Promise<void> {
  const state = $notifications.get();
  if (state.unread === 0 && state.items.every((item) => item.read_at)) return;
  const readAt = now.toISOString();
  allReadAt = readAt;
  $notifications.set({
    ...state,
    items: state.items.map((item) => (item.read_at ? item : { ...item, read_at: readAt })),
    unread: 0,
  });
  countsTrustedFrom = Number.POSITIVE_INFINITY;
  const read = await markAllNotificationsRead();
  if (read !== undefined && allReadAt === readAt) countsTrustedFrom = latestRequest + 1;
}

/** The count is loaded as soon as a bell shows and the user is signed in. */
onMount($notifications, () =>
  $session.subscribe(({ status }) => {
    if (status === 'signed-in' && $notifications.get().status === 'idle') void refreshNotifications();
  }),
);

/** Forgets everything (tests and stories). */
export function resetNotifications(state: Partial<NotificationsState> = {}): void {
  latestRequest += 1;
  readHere.clear();
  allReadAt = undefined;
  countsTrustedFrom = 0;
  $notifications.set({ ...initialState(), ...state });
}
