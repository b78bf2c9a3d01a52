import { useStore } from '@nanostores/react';
import { button } from '../../ui/button.css';
import { Spinner } from '../../ui/Spinner';
import { notificationMessages } from './messages';
import { NotificationItem } from './NotificationItem';
import { $notifications, showMoreNotifications } from './notificationStore';
import * as styles from './notifications.css';
import { $now } from './now';

/** The notification centre: count / total, the list, 'show more', or the empty message. */
export function NotificationPanel({ titleId, host }: { titleId: string; host?: HTMLElement }) {
  const { items, hits, status } = useStore($notifications);
  const now = useStore($now);
  const firstLoad = items.length === 0 && (status === 'loading' || status === 'idle');
  const shown = items.length;

  return (
    <>
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          {notificationMessages.title}
        </h2>
        {!firstLoad && shown > 0 && (
          <span className={styles.count} title={notificationMessages.countLabel(shown, hits)}>
            {notificationMessages.count(shown, hits)}
          </span>
        )}
      </div>
      <div className={styles.scroller}>
        {firstLoad ? (
          <Spinner />
        ) : shown === 0 ? (
          <p className={styles.empty}>{notificationMessages.empty}</p>
        ) : (
          <ul className={styles.list} aria-labelledby={titleId}>
            {items.map((notification) => (
              <NotificationItem key={notification.id} notification={notification} now={now} host={host} />
            ))}
          </ul>
        )}
      </div>
      {shown > 0 && shown < hits && (
        <div className={styles.footer}>
          <button
            type="button"
            className={button.ghost}
            aria-busy={status === 'loading'}
            disabled={status === 'loading'}
            onClick={() => void showMoreNotifications()}
          >
            {notificationMessages.showMore}
          </button>
        </div>
      )}
    </>
  );
}
