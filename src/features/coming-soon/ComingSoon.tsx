import { RouteLink } from '../../routes/RouteLink';
import { FrenchText } from '../../ui/FrenchText';
import * as styles from './panel.css';

export interface PlatformEquivalent {
  /** What the link says: « Ouvrir l'export des données sur la plateforme ». */
  label: string;
  /** A platform path (platformPaths) or an absolute address. */
  url: string;
}

interface ComingSoonProps {
  /** The area's name as the menu and the spec say it: « Règlements en attente ». */
  area: string;
  /** What the address points at, when it names one thing: « Facture n° 4521 ». */
  detail?: string;
  /** Where the platform does the same today, when it does. */
  platformEquivalent?: PlatformEquivalent;
}

const comingSoonTitle = (area: string) => `${area} — bientôt disponible`;

/**
 * What a screen of an area not built yet shows: its name, that it is coming, and the platform's
 * page that does the same job when there is one. Nothing that looks clickable does nothing.
 */
export function ComingSoon({ area, detail, platformEquivalent }: ComingSoonProps) {
  return (
    <section className={styles.panel}>
      <p className={styles.eyebrow}>Bientôt disponible</p>
      <h1 className={styles.title}>
        <FrenchText>{comingSoonTitle(area)}</FrenchText>
      </h1>
      {detail && (
        <p className={styles.text}>
          <FrenchText>{detail}</FrenchText>
        </p>
      )}
      <p className={styles.text}>Cet écran de l'espace client est en cours de construction.</p>
      {platformEquivalent && (
        <p className={styles.actions}>
          <RouteLink className={styles.link} to={platformEquivalent.url}>
            {platformEquivalent.label}
          </RouteLink>
        </p>
      )}
    </section>
  );
}
