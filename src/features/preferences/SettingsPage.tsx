import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $session } from '../../session/session';
import { ListFailed } from '../../ui/ListPages';
import { LoadingScreen } from '../../ui/LoadingScreen';
import * as screen from '../../ui/screen.css';
import { preferencesMessages } from './form/messages';
import * as styles from './preferences.css';
import type { SettingsView } from './settingsStores';

/**
 * A settings page: its heading, then what its store loaded (or a spinner, or why it could not, with
 * « Réessayer »). A page (or
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
  /** What `useSettings` reads of the page's store (a story or a test gives its own). */
  state: Pick<SettingsView<T>, 'data' | 'error' | 'reload'>;
  children: (data: T) => ReactNode;
}) {
  const { isAdmin } = useStore($session);
  // Not asked yet (no session), or asked: the heading and the spinner.
  if (state.data === undefined && state.error === undefined) return <LoadingScreen title={title} />;
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
      {state.data === undefined ? (
        <ListFailed message={preferencesMessages.loadFailed} onRetry={state.reload} />
      ) : (
        children(state.data)
      )}
    </section>
  );
}
