import { clientPaths } from '../../routes/paths';
import { RouteLink } from '../../routes/RouteLink';
import { FrenchText } from '../../ui/FrenchText';
import * as styles from '../coming-soon/panel.css';

const NOT_FOUND_TITLE = 'Page introuvable';
const BACK_TO_PAYMENTS = 'Retour aux règlements en attente';

/**
 * An address the route table does not know (a mistyped path, a customer id with letters): says so
 * in French and leads back to the home page of the client area, the outstanding payments.
 */
export function NotFound({ path }: { path: string }) {
  return (
    <section className={styles.panel}>
      <h1 className={styles.title}>
        <FrenchText>{NOT_FOUND_TITLE}</FrenchText>
      </h1>
      <p className={styles.text}>
        Aucune page de l'espace client ne correspond à l'adresse{' '}
        <code className={styles.address}>{path}</code>. Elle a peut-être été mal saisie, ou la page a changé
        d'adresse.
      </p>
      <p className={styles.actions}>
        <RouteLink className={styles.link} to={clientPaths.paymentsPending}>
          {BACK_TO_PAYMENTS}
        </RouteLink>
      </p>
    </section>
  );
}
