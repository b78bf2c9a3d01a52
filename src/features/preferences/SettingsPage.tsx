import type { ReactNode } from 'react';
import { LoadingScreen } from '../../ui/LoadingScreen';
import * as screen from '../../ui/screen.css';
import { preferencesMessages } from './form/messages';
import * as styles from './preferences.css';
import type { Loaded } from './useLoad';

/** A settings page: its heading, then what it loaded (or a spinner, or why it could not). */
export function SettingsPage<T>({
  title,
  intro,
  state,
  children,
}: {
  title: string;
  intro?: string;
  state: Loaded<T>;
  children: (data: T) => ReactNode;
}) {
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
      {state.status === 'failed' ? (
        <p role="alert">{preferencesMessages.loadFailed}</p>
      ) : (
        children(state.data)
      )}
    </section>
  );
}
