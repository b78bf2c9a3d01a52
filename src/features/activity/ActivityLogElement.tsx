import { isActivityObjectType } from '../../contract/activity';
import type { ElementHostProps } from '../../elements/defineElement';
import { ActivityLog } from './ActivityLog';

export interface ActivityLogElementProps extends ElementHostProps {
  objectType?: string;
  objectId?: number;
}

/**
 * `<bo-activity-log>`: the company's activity log on a platform page (« Suivi d'activité »), or,
 * with `object-type` and `object-id`, one object's history (the customer and job sheets). This
 * module is itself a lazy chunk (src/elements/lazyTags.ts): the log comes with it, not one step later.
 */
export function ActivityLogElement({ objectType, objectId }: ActivityLogElementProps) {
  const type = objectType?.toLowerCase() ?? '';
  const object =
    isActivityObjectType(type) && Number.isSafeInteger(objectId) && (objectId ?? 0) > 0
      ? { objectType: type, objectId: objectId! }
      : null;
  return (
    // Another object is another log (its own filters and pages).
    <ActivityLog
      key={object ? `${object.objectType}-${object.objectId}` : 'all'}
      object={object}
      headingLevel={2}
    />
  );
}
