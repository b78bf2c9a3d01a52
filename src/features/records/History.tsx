import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/Spinner';
import type { ActivityObject } from '../activity/activityLog';
import * as shared from '../invoices/invoices.css';

/** The activity log with its filters and table: its own chunk, loaded once a sheet shows it. */
const ActivityLog = lazy(async () => ({ default: (await import('../activity/ActivityLog')).ActivityLog }));

/**
 * A record's « Historique » (issue 26, item 8): the activity log of this customer or job (H2's
 * ActivityLog, issue 24), under the sheet's other sections.
 */
export function History({ object, headingLevel = 2 }: { object: ActivityObject; headingLevel?: 2 | 3 }) {
  return (
    <div className={shared.panel}>
      <Suspense fallback={<Spinner />}>
        {/* Another record is another log (its own filters and pages). */}
        <ActivityLog
          key={`${object.objectType}-${object.objectId}`}
          object={object}
          headingLevel={headingLevel}
        />
      </Suspense>
    </div>
  );
}
