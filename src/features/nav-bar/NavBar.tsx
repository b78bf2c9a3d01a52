import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo } from 'react';
import { getConfig } from '../../config/config';
import type { ElementHostProps } from '../../elements/defineElement';
import { $here } from '../../routes/location';
import { $session } from '../../session/session';
import { NotificationBell } from '../notifications/NotificationBell';
import { activeTrail } from './activeEntry';
import { CollapsedMenu } from './CollapsedMenu';
import { MenuBar } from './MenuBar';
import { topMenu, visibleMenu } from './menu';
import { $menuCollapsed, $menuHidden } from './menuVisibility';
import * as styles from './navBar.css';

const NAV_LABEL = 'Navigation principale';

/** A lazy chunk: its fetch and the data layer stay out of the page's entry (see CompanyName). */
const CompanyName = lazy(() => import('./CompanyName'));

/**
 * The top navigation bar of every back-office page (spec section 2, "Top menu"): the menu the user
 * may see, the current entry marked, collapsed into one 'Menu' under 1024 px, the company's name
 * and the notification bell at the end. `?menu=no` in the page address hides it.
 */
export function NavBar({ host }: ElementHostProps) {
  const { scopes } = useStore($session);
  const here = useStore($here);
  const hidden = useStore($menuHidden);
  const collapsed = useStore($menuCollapsed);
  const config = getConfig();
  const menu = useMemo(() => visibleMenu(topMenu(config), scopes), [config, scopes]);
  const trail = activeTrail(menu, here, config);

  if (hidden) return null;
  const View = collapsed ? CollapsedMenu : MenuBar;
  return (
    <nav className={styles.bar} aria-label={NAV_LABEL}>
      <View menu={menu} trail={trail} host={host} />
      <Suspense fallback={null}>
        <CompanyName />
      </Suspense>
      <div className={styles.bellSlot}>
        <NotificationBell host={host} />
      </div>
    </nav>
  );
}
