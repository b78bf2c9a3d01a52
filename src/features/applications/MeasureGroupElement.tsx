import { Suspense } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { drawsAtOnce, lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';

/** The group's page, its form, table, import and timeline: a lazy chunk. */
const MeasureGroup = lazyComponent(async () => (await import('./MeasureGroup')).MeasureGroup);

export interface MeasureGroupElementProps extends ElementHostProps {
  groupId?: number;
}

/**
 * `<bo-measure-group group-id="12">`: a measure group on a platform page: its name and job, its
 * measures and totals, the quotes that use it, « Importer un fichier » and its latest events.
 */
function MeasureGroupElementDrawn({ groupId }: MeasureGroupElementProps) {
  if (!groupId || !Number.isInteger(groupId) || groupId < 1) return null;
  return (
    <Suspense fallback={<Spinner />}>
      <MeasureGroup key={groupId} application="" id={groupId} headingLevel={2} />
    </Suspense>
  );
}

export const MeasureGroupElement = drawsAtOnce(MeasureGroupElementDrawn, MeasureGroup);
