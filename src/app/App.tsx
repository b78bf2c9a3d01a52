import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { NavBar } from '../features/nav-bar/NavBar';
import { NotFound } from '../features/not-found/NotFound';
import { $here } from '../routes/location';
import { $router } from '../routes/router';
import { ErrorBoundary } from '../ui/errors/ErrorBoundary';
import { LeaveQuestion } from '../ui/modal/LeaveQuestion';
import { Spinner } from '../ui/Spinner';
import { Shell } from '../ui/shell/Shell';
import { root } from '../ui/theme.css';
import * as styles from './app.css';
import { screenFor } from './screens';

/**
 * The client SPA host: the nav bar on top, the shell (session, toasts, offline modal, 'not logged
 * in'), and the current route's screen in the page's <main>, loaded from its area's chunk, inside
 * an error boundary. An address the route table does not know shows 'Page introuvable'.
 */
export function App() {
  const page = useStore($router);
  const { pathname } = useStore($here);
  return (
    <div className={`${root} ${styles.page}`}>
      <Shell />
      <LeaveQuestion />
      <header className={styles.top}>
        <NavBar />
      </header>
      <main className={styles.main}>
        {/* A new page gets a fresh boundary: one screen's failure does not follow the user around. */}
        <ErrorBoundary key={page?.path ?? pathname} area={page?.route ?? 'not-found'}>
          <Suspense fallback={<Spinner />}>{page ? screenFor(page) : <NotFound path={pathname} />}</Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
