import { useEffect, useId, useState } from 'react';
import { markNotificationRead, type Notification } from '../../../api/notifications';
import { fetchNotificationsByRead } from '../../../api/preferences';
import { button } from '../../../ui/button.css';
import { SafeHtml } from '../../../ui/SafeHtml';
import * as formStyles from '../../customers/form/form.css';
import * as styles from '../preferences.css';

export type ReadFilter = 'all' | 'unread' | 'read';

const filterLabels: Record<ReadFilter, string> = { all: 'Toutes', unread: 'Non lues', read: 'Lues' };
const pageSize = 100;

const readOf = (filter: ReadFilter) => (filter === 'all' ? undefined : filter === 'read');

export interface NotificationsCentreProps {
  load?: typeof fetchNotificationsByRead;
  markRead?: typeof markNotificationRead;
}

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

/** The settings' notifications centre: every notification with its read flag, a filter, mark read. */
export function NotificationsCentre({
  load = fetchNotificationsByRead,
  markRead = markNotificationRead,
}: NotificationsCentreProps) {
  const [filter, setFilter] = useState<ReadFilter>('all');
  const [items, setItems] = useState<Notification[] | null>(null);
  const [failed, setFailed] = useState(false);
  const name = useId();

  useEffect(() => {
    let current = true;
    setItems(null);
    setFailed(false);
    load(pageSize, 0, readOf(filter)).then((page) => {
      if (!current) return;
      if (page) setItems(page.data);
      else setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [filter, load]);

  async function read(item: Notification) {
    const after = await markRead(item.id);
    if (!after) return;
    setItems((list) =>
      (list ?? [])
        .map((n) => (n.id === item.id ? { ...n, read_at: after.read_at } : n))
        // Under « Non lues » a read one leaves the list.
        .filter((n) => filter !== 'unread' || n.read_at === null),
    );
  }

  return (
    <section className={styles.page} aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`}>Centre de notifications</h2>
      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Afficher</legend>
        <div className={formStyles.choices}>
          {(Object.keys(filterLabels) as ReadFilter[]).map((value) => (
            <label key={value} className={formStyles.choice}>
              <input
                type="radio"
                name={name}
                value={value}
                checked={filter === value}
                onChange={() => setFilter(value)}
              />
              {filterLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      {failed ? <p role="alert">Les notifications n'ont pas pu être chargées.</p> : null}
      {items === null ? (
        failed ? null : (
          <p aria-busy="true">Chargement des notifications…</p>
        )
      ) : items.length === 0 ? (
        <p>Aucune notification.</p>
      ) : (
        <ul className={styles.page} aria-label="Notifications">
          {items.map((item) => (
            <li key={item.id} className={styles.panel}>
              <div className={styles.row}>
                <strong>{item.title}</strong>
                <span>· {dateTime.format(new Date(item.valid_from))}</span>
                <span>· {item.read_at ? 'Lue' : 'Non lue'}</span>
              </div>
              <SafeHtml html={item.description} />
              {item.read_at ? null : (
                <div>
                  <button
                    type="button"
                    className={button.secondary}
                    aria-label={`Marquer comme lue : ${item.title}`}
                    onClick={() => void read(item)}
                  >
                    Marquer comme lue
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
