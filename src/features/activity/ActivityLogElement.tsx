import { Suspense } from 'react';
import { isActivityObjectType } from '../../contract/activity';
import type { ElementHostProps } from '../../elements/defineElement';
import { drawsAtOnce, lazyComponent } from '../../ui/lazyComponent';
import { Spinner } from '../../ui/Spinner';

/** The log, its filters and table: a lazy chunk, loaded only where the tag is. */
const ActivityLog = lazyComponent(async () => (await import('./ActivityLog')).ActivityLog);

export interface ActivityLogElementProps extends ElementHostProps {
  objectType?: string;
  objectId?: number;
}

/**
 * `<bo-activity-log>`: the company's activity log on a platform page (« Suivi d'activité »), or,
 * with `object-type` and `object-id`, one object's history (the customer and job sheets).
 */
function ActivityLogElementDrawn({ objectType, objectId }: ActivityLogElementProps) {
  const type = objectType?.toLowerCase() ?? '';
  const object =
    isActivityObjectType(type) && Number.isSafeInteger(objectId) && (objectId ?? 0) > 0
      ? { objectType: type, objectId: objectId! }
      : null;
  return (
    <Suspense fallback={<Spinner />}>
      {/* Another object is another log (its own filters and pages). */}
      <ActivityLog
        key={object ? `${object.objectType}-${object.objectId}` : 'all'}
        object={object}
        headingLevel={2}
      />
    </Suspense>
  );
}

export const ActivityLogElement = drawsAtOnce(ActivityLogElementDrawn, ActivityLog);
