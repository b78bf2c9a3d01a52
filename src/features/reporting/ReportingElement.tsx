import { lazy, Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { Spinner } from '../../ui/Spinner';

/** The figures and charts (uPlot with them): a lazy chunk, loaded only where the tag is. */
const Reporting = lazy(async () => ({ default: (await import('./Reporting')).Reporting }));

export type ReportingElementProps = ElementHostProps;

/** `<bo-reporting>`: the figures and charts of « Suivi d'activité » on a platform page. */
export function ReportingElement(_props: ReportingElementProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <Reporting />
    </Suspense>
  );
}
