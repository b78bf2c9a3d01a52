import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../config/config';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import {
  $notifications,
  closeNotifications,
  openNotifications,
  readAllNotifications,
  readNotification,
  refreshNotifications,
  resetNotifications,
  showMoreNotifications,
} from './notificationStore';

const notification = (id: number, read = false) => ({
  id,
  notification_param_id: id,
  title: `Notification ${id}`,
  description: '<p>texte</p>',
  valid_from: '2026-11-20T10:00:00.000Z',
  read_at: read ? '2026-11-20T11:00:00.000Z' : null,
  metadata: {},
});

function serve(total: number, unread: number) {
  const all = Array.from({ length: total }, (_, index) => notification(index + 1, index >= unread));
  return mockFetch({
    'GET /v2/notifications': ({ url }) => {
      const limit = Number(new URL(url).searchParams.get('limit'));
      return {
        body: {
          data: all.slice(0, limit),
          info: { hits: total, totalUnreads: all.filter((n) => !n.read_at).length },
        },
      };
    },
    'POST /v2/notifications/1/read': () => ({ body: { data: { ...notification(1), read_at: 'x' } } }),
  });
}

const requested = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'GET').map((call) => new URL(call.url).search);

describe('$notifications', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    resetNotifications();
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('loads 5 on open, 5 more each time, and goes back to 5 on close', async () => {
    const { calls } = serve(23, 3);
    await openNotifications();
    expect($notifications.get()).toMatchObject({ hits: 23, unread: 3, limit: 5, status: 'loaded' });
    expect($notifications.get().items).toHaveLength(5);
    await showMoreNotifications();
    await showMoreNotifications();
    expect($notifications.get().items).toHaveLength(15);
    closeNotifications();
    expect($notifications.get()).toMatchObject({ limit: 5, status: 'loaded' });
    expect($notifications.get().items).toHaveLength(5);
    expect(requested(calls)).toEqual(['?limit=5&offset=0', '?limit=10&offset=0', '?limit=15&offset=0']);
  });

  it('reads an unread notification at once with the current time, then tells the server', async () => {
    const { calls } = serve(3, 2);
    await refreshNotifications();
    const now = new Date('2026-11-21T08:30:00.000Z');
    await readNotification(1, now);
    expect($notifications.get().items[0]?.read_at).toBe(now.toISOString());
    expect($notifications.get().unread).toBe(1);
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      url: 'https://api.example/v2/notifications/1/read',
    });
    // Read already, or unknown: nothing happens.
    await readNotification(1);
    await readNotification(3);
    await readNotification(99);
    expect($notifications.get().unread).toBe(1);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('keeps a local read when an older answer comes back unread', async () => {
    serve(3, 3);
    await refreshNotifications();
    await readNotification(1);
    await refreshNotifications();
    expect($notifications.get().items[0]?.read_at).not.toBeNull();
    expect($notifications.get().unread).toBe(2);
  });

  it('drops an answer that arrives after the popover closed or a newer request', async () => {
    let release: () => void = () => {};
    mockFetch({
      'GET /v2/notifications': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { data: [notification(1)], info: { hits: 1, totalUnreads: 1 } } });
        }),
    });
    const pending = openNotifications();
    expect($notifications.get().status).toBe('loading');
    closeNotifications();
    expect($notifications.get().status).toBe('loaded');
    release();
    await pending;
    expect($notifications.get().items).toEqual([]);
  });

  it('logs a failed load and keeps what was shown', async () => {
    serve(2, 1);
    await refreshNotifications();
    mockFetch({
      'GET /v2/notifications': () => ({ status: 500, body: { error: { key: 'internal_error' } } }),
    });
    await showMoreNotifications();
    expect($notifications.get()).toMatchObject({ status: 'failed', unread: 1 });
    expect($notifications.get().items).toHaveLength(2);
    expect(console.error).toHaveBeenCalledWith(
      'Error getting notifications',
      expect.anything(),
      expect.anything(),
    );
    closeNotifications();
    expect($notifications.get().status).toBe('failed');
  });

  it('logs a failed read and keeps it read here', async () => {
    serve(1, 1);
    await refreshNotifications();
    mockFetch({ 'POST /v2/notifications/1/read': () => ({ status: 500, body: {} }) });
    await readNotification(1);
    expect($notifications.get().unread).toBe(0);
    expect(console.error).toHaveBeenCalledWith(
      'Error marking notification read',
      expect.anything(),
      expect.anything(),
    );
  });

  it('reads everything at once with « Tout marquer comme lu », then tells the server', async () => {
    const readAll = vi.fn(() => ({ body: { data: { read: 7 } } }));
    mockFetch({
      'GET /v2/notifications': ({ url }) => {
        const limit = Number(new URL(url).searchParams.get('limit'));
        // The server has read them all once asked to.
        const answered = readAll.mock.calls.length > 0;
        return {
          body: {
            data: Array.from({ length: Math.min(limit, 12) }, (_, index) =>
              notification(index + 1, answered || index >= 7),
            ),
            info: { hits: 12, totalUnreads: answered ? 0 : 7 },
          },
        };
      },
      'POST /v2/notifications/read-all': readAll,
    });
    await openNotifications();
    expect($notifications.get().unread).toBe(7);
    const now = new Date('2026-11-21T09:00:00.000Z');
    const done = readAllNotifications(now);
    // At once, before the server answers: every shown item read now, the bell at 0.
    expect($notifications.get().unread).toBe(0);
    expect($notifications.get().items.filter((item) => item.read_at === now.toISOString())).toHaveLength(5);
    await done;
    expect(readAll).toHaveBeenCalledTimes(1);
    await showMoreNotifications();
    expect($notifications.get().unread).toBe(0);
    expect($notifications.get().items.every((item) => item.read_at)).toBe(true);
    // Nothing unread: nothing sent.
    await readAllNotifications();
    expect(readAll).toHaveBeenCalledTimes(1);
  });

  it('does not believe a count that left before « Tout marquer comme lu » was done', async () => {
    let release: () => void = () => {};
    const page = (unread: number) => ({
      body: {
        data: Array.from({ length: 5 }, (_, index) => notification(index + 1, index >= unread)),
        info: { hits: 20, totalUnreads: 9 },
      },
    });
    mockFetch({ 'GET /v2/notifications': () => page(3) });
    await openNotifications();
    mockFetch({
      'GET /v2/notifications': () =>
        new Promise((resolve) => {
          release = () => resolve(page(3));
        }),
      'POST /v2/notifications/read-all': () => ({ body: { data: { read: 9 } } }),
    });
    const late = showMoreNotifications();
    await readAllNotifications(new Date('2030-01-01T00:00:00.000Z'));
    release();
    await late;
    // The late answer still counted 9 unread: they are read here, and so is the bell.
    expect($notifications.get().unread).toBe(0);
    expect($notifications.get().items.every((item) => item.read_at)).toBe(true);
  });

  it('logs a failed « Tout marquer comme lu » and keeps them read here', async () => {
    mockFetch({
      'GET /v2/notifications': () => ({
        body: { data: [notification(1), notification(2)], info: { hits: 2, totalUnreads: 2 } },
      }),
      'POST /v2/notifications/read-all': () => ({ status: 500, body: {} }),
    });
    await openNotifications();
    await readAllNotifications();
    expect(console.error).toHaveBeenCalledWith('Error marking all notifications read', expect.anything());
    await refreshNotifications();
    expect($notifications.get().unread).toBe(0);
    expect($notifications.get().items.every((item) => item.read_at)).toBe(true);
  });

  it('loads the count once a bell shows and the user is signed in', async () => {
    const { calls } = serve(4, 2);
    const stop = $notifications.listen(() => {});
    expect(calls).toHaveLength(0);
    $session.setKey('status', 'signed-in');
    await vi.waitFor(() => expect($notifications.get().unread).toBe(2));
    stop();
  });
});
