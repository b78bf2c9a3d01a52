import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { $here } from '../../routes/location';
import type { PreferencesPage } from '../../routes/paths';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { ComingSoon } from '../coming-soon/ComingSoon';
import { PreferencesMenu } from './PreferencesMenu';
import { builtPages } from './pages';
import * as styles from './preferences.css';
import { preferencesEntry } from './preferencesMenu';

/**
 * A preferences page framed by the side menu. A page not built yet says so, and names the platform
 * page that does the job today when there is one.
 */
export function PreferencesScreen({ page }: { page: PreferencesPage }) {
  const { pathname } = useStore($here);
  const entry = preferencesEntry(page);
  return (
    <div className={styles.layout}>
      <PreferencesMenu pathname={pathname} />
      {builtPages[page] ? (
        <Suspense fallback={<LoadingScreen title={entry.label} />}>{builtPages[page]()}</Suspense>
      ) : (
        <ComingSoon area={entry.label} platformEquivalent={entry.platformEquivalent} />
      )}
    </div>
  );
}
