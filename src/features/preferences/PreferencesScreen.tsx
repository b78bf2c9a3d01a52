import { useStore } from '@nanostores/react';
import { type ReactNode, Suspense } from 'react';
import { $here } from '../../routes/location';
import { clientPaths, type PreferencesPage } from '../../routes/paths';
import { lazyScreen } from '../../ui/errors/lazyScreen';
import { LoadingScreen } from '../../ui/LoadingScreen';
import { ComingSoon } from '../coming-soon/ComingSoon';
import { PreferencesMenu } from './PreferencesMenu';
import * as styles from './preferences.css';
import { preferencesEntry } from './preferencesMenu';

const banks = () => import('../banks/screens');
const BanksScreen = lazyScreen(banks, 'BanksScreen');
const AccountingSettingsScreen = lazyScreen(banks, 'AccountingSettingsScreen');

/** The preferences pages built so far, each from its area's own chunk. */
const builtPages: Partial<Record<PreferencesPage, () => ReactNode>> = {
  [clientPaths.bankManagement]: () => <BanksScreen />,
  [clientPaths.accounting]: () => <AccountingSettingsScreen />,
};

/**
 * A preferences page framed by the side menu. No settings screen is built yet: each says so, and
 * names the platform page that does the job today when there is one.
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
