import { Shell } from '../ui/shell/Shell';
import { root } from '../ui/theme.css';
import * as styles from './app.css';

/**
 * The client SPA host. The route table and its screens come with the SPA issue; until then the
 * host frames the page with the shell (session, toasts, offline modal) and says what is missing.
 */
export function App() {
  return (
    <div className={root}>
      <Shell />
      <main className={styles.main}>
        <h1 className={styles.title}>Espace client</h1>
        <p>
          Les écrans de l’espace client (facturation, règlements, clients, préférences) ne sont pas encore
          disponibles.
        </p>
      </main>
    </div>
  );
}
