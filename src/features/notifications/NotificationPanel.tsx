import { useStore } from '@nanostores/react';
import { button } from '../../ui/button.css';
import { Spinner } from '../../ui/Spinner';
import { notificationMessages } from './messages';
import { NotificationItem } from './NotificationItem';
import {
  $notifications,
  readAllNotifications,
  refreshNotifications,
  showMoreNotifications,
} from './notificationStore';
import { $now } from './now';
import * as styles from './panel.css';

/** Says the load failed, with a way to try again (the list kept above it, when there is one). */
function LoadFailed() {
  return (
    <div className={styles.failed} role="alert">
      <p className={styles.failedText}>{notificationMessages.failed}</p>
      <button type="button" className={button.secondary} onClick={() => void refreshNotifications()}>
        {notificationMessages.retry}
      </button>
    </div>
  );
}

/**
 * The notification centre: count / total, « Tout marquer comme lu », the list, 'show more', the
 * empty message, or, when the load failed, that it failed and a way to try again.
 */
export function NotificationPanel({ titleId, host }: { titleId: string; host?: HTMLElement }) {
  const { items, hits, status, unread } = useStore($notifications);
  const now = useStore($now);
  const firstLoad = items.length === 0 && (status === 'loading' || status === 'idle');
  const shown = items.length;
  const failed = status === 'failed';

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
        {unread > 0 && (
          <button
            type="button"
            className={`${button.ghost} ${styles.markAll}`}
            onClick={(event) => {
              // The button goes once nothing is unread: the focus stays in the popover.
              event.currentTarget.closest<HTMLElement>('[role="dialog"]')?.focus();
              void readAllNotifications();
            }}
          >
            {notificationMessages.markAllRead}
          </button>
        )}
      </div>
      <div className={styles.scroller}>
        {firstLoad ? (
          <Spinner />
        ) : shown === 0 && failed ? (
          <LoadFailed />
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
      {shown > 0 && failed && (
        <div className={styles.footer}>
          <LoadFailed />
        </div>
      )}
      {shown > 0 && !failed && shown < hits && (
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
