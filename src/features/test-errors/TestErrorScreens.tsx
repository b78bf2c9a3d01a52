import { useEffect } from 'react';
import { logger } from '../../logging/logger';
import * as styles from '../coming-soon/panel.css';

export const UNCAUGHT_TEST_ERROR = 'Erreur client de test : non interceptée';
export const LOGGED_TEST_ERROR = 'Erreur client de test : journalisée';

/** Runs once after the page shows, even under StrictMode's double effects (the timer is cleared). */
function useAfterRender(action: () => void) {
  useEffect(() => {
    const timer = setTimeout(action);
    return () => clearTimeout(timer);
  }, [action]);
}

function TestPage({ title, text }: { title: string; text: string }) {
  return (
    <section className={styles.panel}>
      <p className={styles.eyebrow}>Page de test</p>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
    </section>
  );
}

const throwUncaught = () => {
  // Thrown from a timer, outside React: no error boundary sees it, the page's global capture does.
  throw new Error(UNCAUGHT_TEST_ERROR);
};

/** `/test/client-side-error/uncaught`: an uncaught error, which the page logs to the server. */
export function UncaughtErrorScreen() {
  useAfterRender(throwUncaught);
  return (
    <TestPage
      title="Erreur non interceptée (test)"
      text="Cette page lève volontairement une erreur que rien n'intercepte. Elle est journalisée et transmise au serveur."
    />
  );
}

const logError = () =>
  logger.error(LOGGED_TEST_ERROR, { error: new Error(LOGGED_TEST_ERROR), labels: { test: true } });

/** `/test/client-side-error/logger`: an error logged through the logger, forwarded to the server. */
export function LoggedErrorScreen() {
  useAfterRender(logError);
  return (
    <TestPage
      title="Erreur journalisée (test)"
      text="Cette page journalise volontairement une erreur avec le journal de l'application. Elle est transmise au serveur."
    />
  );
}
