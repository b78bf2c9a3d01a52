import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { emit } from '../../elements/events';
import { Spinner } from '../../ui/Spinner';
import { loadPopover, prefetchPopover, prefetchPopoverWhenSettled } from './loadPopover';
import { notificationMessages } from './messages';
import { $notifications, closeNotifications, openNotifications } from './notificationStore';
import * as styles from './notifications.css';

const NotificationPopover = lazy(async () => ({ default: (await loadPopover()).NotificationPopover }));

const BellIcon = () => (
  <svg
    viewBox="0 0 20 20"
    className={styles.bellIcon}
    fill="none"
    stroke="currentColor"
    strokeWidth="1.6"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M10 2.5a5 5 0 0 0-5 5v3.2L3.5 13.5h13L15 10.7V7.5a5 5 0 0 0-5-5z" strokeLinejoin="round" />
    <path d="M8 16a2 2 0 0 0 4 0" strokeLinecap="round" />
  </svg>
);

/**
 * The notification bell: the unread count, and the notification centre in a popover. The bell and
 * its count ship with the page; the popover's content loads once the page has settled, or as soon
 * as a pointer or the focus reaches the bell.
 */
export function NotificationBell({ host }: ElementHostProps) {
  const { unread } = useStore($notifications);
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState<HTMLButtonElement | null>(null);
  const popoverId = useId();
  useEffect(prefetchPopoverWhenSettled, []);

  const close = useCallback(() => {
    setOpen(false);
    closeNotifications();
    emit(host, 'bo-notifications-toggle', { open: false });
  }, [host]);

  const toggle = () => {
    if (open) return close();
    setOpen(true);
    void openNotifications();
    emit(host, 'bo-notifications-toggle', { open: true });
  };

  return (
    <div className={styles.bell}>
      <button
        ref={setReference}
        type="button"
        className={styles.bellButton}
        aria-label={notificationMessages.bell(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={toggle}
        onPointerEnter={prefetchPopover}
        onPointerDown={prefetchPopover}
        onFocus={prefetchPopover}
      >
        <BellIcon />
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && reference && (
        <Suspense
          fallback={
            <div className={styles.pending}>
              <Spinner />
            </div>
          }
        >
          <NotificationPopover id={popoverId} reference={reference} onClose={close} host={host} />
        </Suspense>
      )}
    </div>
  );
}
