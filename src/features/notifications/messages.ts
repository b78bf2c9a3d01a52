/** The notification centre's French texts (the spec names the controls, not their words). */
export const notificationMessages = {
  title: 'Notifications',
  bell: (unread: number) =>
    unread === 0 ? 'Notifications' : `Notifications, ${unread} non lue${unread > 1 ? 's' : ''}`,
  empty: "Vous n'avez aucune notification.",
  /** A load that failed: said, with a way to try again, rather than an empty list. */
  failed: "Les notifications n'ont pas pu être chargées.",
  retry: 'Réessayer',
  markAllRead: 'Tout marquer comme lu',
  showMore: 'Afficher plus',
  /** The list shows count / total. */
  count: (shown: number, total: number) => `${shown} / ${total}`,
  countLabel: (shown: number, total: number) => `${shown} notifications affichées sur ${total}`,
  /** Said after an unread notification's title, for screen readers. */
  unreadSuffix: '(non lue)',
  markRead: 'Marquer comme lue',
} as const;
