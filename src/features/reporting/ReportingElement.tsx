import { Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { drawsAtOnce, lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';
import * as styles from './reporting.css';

/** The figures and charts (uPlot with them): a lazy chunk, loaded only where the tag is. */
const Reporting = lazyComponent(async () => (await import('./Reporting')).Reporting);

export type ReportingElementProps = ElementHostProps;

/**
 * `<bo-reporting>`: the figures and charts of « Suivi d'activité » on a platform page. It holds a
 * screen's height from its first render (`reserved`): what follows it on the page (the activity log)
 * starts below, rather than being pushed down as the figures and charts arrive.
 */
function ReportingElementDrawn(_props: ReportingElementProps) {
  return (
    <div className={styles.reserved}>
      <Suspense fallback={<Spinner />}>
        <Reporting />
      </Suspense>
    </div>
  );
}

export const ReportingElement = drawsAtOnce(ReportingElementDrawn, Reporting);
