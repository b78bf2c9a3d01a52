import type { MouseEvent } from 'react';
import type { Notification, NotificationLink } from '../../api/notifications';
import { emit } from '../../elements/events';
import { formatDate, formatRelative } from '../../i18n/format';
import { followLink, type ResolvedLink, resolveLink } from '../../routes/links';
import { SafeHtml } from '../../ui/SafeHtml';
import { visuallyHidden } from '../../ui/theme.css';
import { notificationMessages } from './messages';
import { readNotification } from './notificationStore';
import * as styles from './panel.css';

function ItemLink({
  link,
  target,
  className,
  host,
}: {
  link: NotificationLink;
  target: ResolvedLink;
  className: string;
  host?: HTMLElement;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    emit(host, 'bo-navigate', { label: link.label, href: target.href, inApp: target.inApp });
    followLink(event, target);
  };
  return (
    <a
      href={target.href}
      className={className}
      target={target.newTab ? '_blank' : undefined}
      rel={target.newTab ? 'noopener noreferrer' : undefined}
      onClick={onClick}
    >
      {link.label}
    </a>
  );
}

/**
 * One notification: title, sanitized description, time since it is valid, its link and buttons.
 * Unread, a click anywhere on it (or on its title, for the keyboard) reads it; read, it is dimmed
 * and nothing happens.
 */
export function NotificationItem({
  notification,
  now,
  host,
}: {
  notification: Notification;
  now: Date;
  host?: HTMLElement;
}) {
  const { id, title, description, valid_from, read_at, metadata } = notification;
  const unread = read_at === null;
  const read = () => {
    if (!unread) return;
    void readNotification(id);
    emit(host, 'bo-notification-read', { id });
  };
  // An address that would leave our origins without saying so is shown as no link at all.
  const withTarget = (item: NotificationLink) => {
    const target = resolveLink(item.href);
    return target ? [{ item, target }] : [];
  };
  const link = metadata?.link ? withTarget(metadata.link)[0] : undefined;
  const buttons = (metadata?.buttons ?? []).flatMap(withTarget);
  const validFrom = new Date(valid_from);
  const dated = !Number.isNaN(validFrom.getTime());

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the title is the keyboard's way to read it (a button).
    <li className={`${styles.item} ${unread ? styles.unread : styles.read}`} onClick={read}>
      <div className={styles.itemHeader}>
        {unread ? (
          <button type="button" className={styles.itemTitle} title={notificationMessages.markRead}>
            {title}
            <span className={visuallyHidden}> {notificationMessages.unreadSuffix}</span>
          </button>
        ) : (
          <p className={styles.itemTitle}>{title}</p>
        )}
        {dated && (
          <time className={styles.time} dateTime={valid_from} title={formatDate(validFrom)}>
            {formatRelative(validFrom, now)}
          </time>
        )}
      </div>
      <SafeHtml html={description} className={styles.description} />
      {(link || buttons.length > 0) && (
        <div className={styles.actions}>
          {link && <ItemLink link={link.item} target={link.target} className={styles.link} host={host} />}
          {buttons.map(({ item, target }) => (
            <ItemLink
              key={`${item.href}-${item.label}`}
              link={item}
              target={target}
              className={styles.actionButton}
              host={host}
            />
          ))}
        </div>
      )}
    </li>
  );
}
