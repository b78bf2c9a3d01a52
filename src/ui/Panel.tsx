import { type ReactNode, useId } from 'react';
import * as styles from './panel.css';
import { subtitle } from './screen.css';

export interface PanelProps {
  /** The panel's heading (an h2): also its accessible name. */
  title: string;
  /** At the end of the heading's row (a link to more). */
  action?: ReactNode;
  /** Said instead of the content when there is nothing to show (« Aucune mesure… »). */
  empty?: string | false;
  children?: ReactNode;
}

/** A page's boxed section: its heading, then its content or the sentence that says it is empty. */
export function Panel({ title, action, empty, children }: PanelProps) {
  const id = useId();
  const heading = (
    <h2 id={id} className={styles.sectionTitle} style={action ? { margin: 0 } : undefined}>
      {title}
    </h2>
  );
  return (
    <section className={styles.panel} aria-labelledby={id}>
      {action ? (
        <div className={styles.panelHeader}>
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {empty ? <p className={subtitle}>{empty}</p> : children}
    </section>
  );
}
