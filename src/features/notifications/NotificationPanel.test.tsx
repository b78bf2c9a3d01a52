import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../api/notifications';
import { setConfig } from '../../config/config';
import { resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { NotificationPanel } from './NotificationPanel';
import { $notifications, openNotifications, resetNotifications } from './notificationStore';
import * as styles from './panel.css';

const notification = (id: number, read = false): Notification => ({
  id,
  notification_param_id: id,
  title: `Notification ${id}`,
  description: `<p>La facture <a href="/facturation/factures/${id}">FA-2026-0000${id}</a> a été validée.</p>`,
  valid_from: '2026-11-20T10:00:00.000Z',
  read_at: read ? '2026-11-20T11:00:00.000Z' : null,
  metadata: { link: undefined, buttons: [] },
});

const listAnswer = (items: Notification[]) => ({
  body: {
    data: items,
    info: { hits: items.length, totalUnreads: items.filter((item) => !item.read_at).length },
  },
});

describe('NotificationPanel', () => {
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

  it('says a failed load failed, not that there is no notification, and tries again', async () => {
    const answers = [
      { status: 500, body: { error: { key: 'internal_error' } } },
      listAnswer([notification(1)]),
    ];
    mockFetch({ 'GET /v2/notifications': () => answers.shift()! });
    render(<NotificationPanel titleId="title" />);
    await openNotifications();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining("Les notifications n'ont pas pu être chargées."),
    );
    expect(screen.queryByText("Vous n'avez aucune notification.")).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Notification 1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps the list shown when loading more fails, says so below it, and tries again', async () => {
    resetNotifications({ items: [notification(1), notification(2)], hits: 8, unread: 2, status: 'failed' });
    const { calls } = mockFetch({
      'GET /v2/notifications': () => listAnswer([notification(1), notification(2)]),
    });
    render(<NotificationPanel titleId="title" />);
    expect(screen.getByText('Notification 2')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain("Les notifications n'ont pas pu être chargées.");
    expect(screen.queryByRole('button', { name: 'Afficher plus' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(calls.map((call) => new URL(call.url).search)).toEqual(['?limit=5&offset=0']);
  });

  it('still says when there is no notification at all', async () => {
    mockFetch({ 'GET /v2/notifications': () => listAnswer([]) });
    render(<NotificationPanel titleId="title" />);
    await openNotifications();
    expect(await screen.findByText("Vous n'avez aucune notification.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).toBeNull();
  });

  it('« Tout marquer comme lu » reads them all, the count follows, and the button goes', async () => {
    const readAll = vi.fn(() => ({ body: { data: { read: 2 } } }));
    mockFetch({
      'GET /v2/notifications': () => listAnswer([notification(1), notification(2), notification(3, true)]),
      'POST /v2/notifications/read-all': readAll,
    });
    render(
      <div role="dialog" aria-labelledby="title" tabIndex={-1}>
        <NotificationPanel titleId="title" />
      </div>,
    );
    await openNotifications();
    expect($notifications.get().unread).toBe(2);
    expect(screen.getAllByText('(non lue)')).toHaveLength(2);

    await userEvent.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    expect($notifications.get().unread).toBe(0);
    expect(screen.queryAllByText('(non lue)')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).toBeNull();
    // The focus stays in the popover rather than falling to the page.
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    await waitFor(() => expect(readAll).toHaveBeenCalledTimes(1));
  });

  it("keeps the links of a notification's HTML inside the styled description", async () => {
    mockFetch({ 'GET /v2/notifications': () => listAnswer([notification(4)]) });
    render(<NotificationPanel titleId="title" />);
    await openNotifications();
    const link = await screen.findByRole('link', { name: 'FA-2026-00004' });
    expect(link.closest(`.${styles.description}`)).not.toBeNull();
    expect(decodeURIComponent(link.getAttribute('href')!)).toContain('/facturation/factures/4');
    // Sanitised: it opens in a new tab (ui/SafeHtml.tsx); its colour is the stylesheet's rule for
    // `.description a` (jsdom does not apply vanilla-extract's CSS: checked in a real browser).
    expect(link.getAttribute('target')).toBe('_blank');
  });
});
