import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $session } from '../../session/session';
import { LoadingScreen } from '../../ui/LoadingScreen';
import * as screen from '../../ui/screen.css';
import { preferencesMessages } from './form/messages';
import * as styles from './preferences.css';
import type { Loaded } from './useLoad';

/**
 * A settings page: its heading, then what it loaded (or a spinner, or why it could not). A page (or
 * part of one) only an administrator changes says so to the others first, under its heading
 * (`restricted`); its controls are then read-only or absent, never greyed and refused.
 */
export function SettingsPage<T>({
  title,
  intro,
  restricted,
  state,
  children,
}: {
  title: string;
  intro?: string;
  /** What a member who is not an administrator may not do here (preferencesMessages.restricted…). */
  restricted?: string;
  state: Loaded<T>;
  children: (data: T) => ReactNode;
}) {
  const { isAdmin } = useStore($session);
  if (state.status === 'loading') return <LoadingScreen title={title} />;
  return (
    <section className={styles.page} aria-labelledby="preferences-title">
      <div className={screen.header}>
        <div>
          <h1 id="preferences-title" className={screen.title}>
            {title}
          </h1>
          {intro ? <p className={screen.subtitle}>{intro}</p> : null}
        </div>
      </div>
      {restricted && !isAdmin ? (
        <p className={styles.restrictedNotice} data-restricted-page="true">
          {restricted}
        </p>
      ) : null}
      {state.status === 'failed' ? (
        <p role="alert">{preferencesMessages.loadFailed}</p>
      ) : (
        children(state.data)
      )}
    </section>
  );
}
