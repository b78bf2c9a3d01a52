import type { ElementHostProps } from '../../elements/defineElement';
import { Reporting } from './Reporting';
import * as styles from './reporting.css';

export type ReportingElementProps = ElementHostProps;

/**
 * `<bo-reporting>`: the figures and charts of « Suivi d'activité » on a platform page. This module is
 * itself a lazy chunk (src/elements/lazyTags.ts), loaded only where the tag is, so the screen is
 * imported with it (issue 27): a second lazy step cost a round trip, and React's 300 ms hold of a
 * suspended boundary, before the figures were even asked for. It holds a screen's height from its
 * first render (`reserved`): what follows it on the page (the activity log) starts below, rather
 * than being pushed down as the figures and charts arrive.
 */
export function ReportingElement(_props: ReportingElementProps) {
  return (
    <div className={styles.reserved}>
      <Reporting />
    </div>
  );
}
