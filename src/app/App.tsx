import { useStore } from '@nanostores/react';
import { Suspense } from 'react';
import { customerMessages } from '../features/customers/messages';
import { invoiceMessages } from '../features/invoices/messages';
import { NavBar } from '../features/nav-bar/NavBar';
import { NotFound } from '../features/not-found/NotFound';
import { paymentMessages } from '../features/payments/messages';
import { $here } from '../routes/location';
import { $router, type RouteName } from '../routes/router';
import { ErrorBoundary } from '../ui/errors/ErrorBoundary';
import { LoadingScreen } from '../ui/LoadingScreen';
import { LeaveQuestion } from '../ui/modal/LeaveQuestion';
import { Spinner } from '../ui/Spinner';
import { Shell } from '../ui/shell/Shell';
import { root } from '../ui/theme.css';
import * as styles from './app.css';
import { screenFor } from './screens';

/**
 * The heading of the lists a phone opens first (issue 27), shown with the spinner while their
 * screen's code loads rather than a spinner alone: the page says where the user is as soon as the
 * entry has run, and the screen's own heading then takes its place. Only headings that do not wait
 * for data (an editor's names its invoice).
 */
const headingWhileLoading: Partial<Record<RouteName, string>> = {
  paymentsPending: paymentMessages.outstandingTitle,
  paymentsReceived: paymentMessages.receivedTitle,
  invoices: invoiceMessages.listTitle,
  customers: customerMessages.listTitle,
};

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
          <Suspense fallback={loading(page?.route)}>
            {page ? screenFor(page) : <NotFound path={pathname} />}
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}

function loading(route: RouteName | undefined) {
  const title = route && headingWhileLoading[route];
  return title ? <LoadingScreen title={title} /> : <Spinner />;
}
