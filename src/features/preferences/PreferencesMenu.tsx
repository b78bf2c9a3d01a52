import { RouteLink } from '../../routes/RouteLink';
import * as styles from './preferences.css';
import { isCurrentPreference, preferencesMenu } from './preferencesMenu';

const PREFERENCES_MENU_LABEL = 'Préférences';

/** The preferences' side menu: every settings page, the current one marked for assistive tech too. */
export function PreferencesMenu({ pathname }: { pathname: string }) {
  return (
    <nav className={styles.menu} aria-label={PREFERENCES_MENU_LABEL}>
      <p className={styles.menuTitle}>{PREFERENCES_MENU_LABEL}</p>
      <ul className={styles.list}>
        {preferencesMenu.map((entry) => (
          <li key={entry.path}>
            <RouteLink
              className={styles.link}
              to={entry.path}
              aria-current={isCurrentPreference(entry, pathname) ? 'page' : undefined}
            >
              {entry.label}
            </RouteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
