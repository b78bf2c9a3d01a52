import type { Notification } from '../../src/api/notifications';
import {
  type NotificationsState,
  resetNotifications,
} from '../../src/features/notifications/notificationStore';

const titles = ['Facture F-2026-0042 réglée', 'Devis D-2026-0107 accepté', 'Nouvelle version disponible'];

/** Stories' notifications: the first `unread` unread, newest first, an hour apart. */
export function fakeNotifications(total: number, unread: number): Notification[] {
  return Array.from({ length: total }, (_, index) => ({
    id: index + 1,
    notification_param_id: index + 1,
    title: titles[index % titles.length]!,
    description: `<p>Le règlement de <strong>1 250,00 €</strong> de la facture F-2026-${String(index + 40).padStart(4, '0')} a été enregistré.</p>`,
    valid_from: new Date(Date.now() - (index + 1) * 3_600_000).toISOString(),
    read_at: index < unread ? null : new Date(Date.now() - 600_000).toISOString(),
    metadata:
      index % 2
        ? { link: { href: '/facturation/reglements/recus', label: 'Voir les règlements reçus' }, buttons: [] }
        : { link: undefined, buttons: [{ href: '/facturation/factures/42', label: 'Ouvrir la facture' }] },
  }));
}

/**
 * Seeds the notification store, and answers GET /v2/notifications and the read call from the same
 * list with a stand-in fetch, so 'Afficher plus' and reading work in the story.
 */
export function seedNotifications(total: number, unread: number, state: Partial<NotificationsState> = {}) {
  const all = fakeNotifications(total, unread);
  const unreadCount = () => all.filter((item) => item.read_at === null).length;
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const read = url.pathname.match(/^\/v2\/notifications\/(\d+)\/read$/);
    const body = read
      ? { data: all.find((item) => item.id === Number(read[1])) }
      : {
          data: all.slice(0, Number(url.searchParams.get('limit') ?? 10)),
          info: { hits: all.length, totalUnreads: unreadCount() },
        };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  };
  resetNotifications({
    items: all.slice(0, 5),
    hits: total,
    unread: unreadCount(),
    status: 'loaded',
    ...state,
  });
}
