import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ActivityLogView } from '../../src/features/activity/ActivityLog';
import { type ActivityLogQuery, emptyActivityQuery } from '../../src/features/activity/activityLog';
import { activityRows } from '../../src/features/activity/testing/activityFixtures';

const users = [
  ['1', 'Sophie Martin'],
  ['2', 'Lucas Bernard'],
] as const;

/** The log filtering its rows in place, as the server would. */
function LogStory({
  empty = false,
  failed = false,
  history = false,
}: {
  empty?: boolean;
  failed?: boolean;
  history?: boolean;
}) {
  const [query, setQuery] = useState<ActivityLogQuery>(emptyActivityQuery);
  const rows = empty
    ? []
    : activityRows
        .filter((row) => !query.kind || row.kind === query.kind)
        .filter((row) => !query.userId || String(row.userId) === query.userId)
        .filter((row) => !query.objectType || row.objectType === query.objectType);
  return (
    <ActivityLogView
      page={failed ? undefined : { data: rows, total: rows.length }}
      loading={false}
      failed={failed}
      query={query}
      onQuery={(changes) => setQuery((current) => ({ ...current, page: 0, ...changes }))}
      onClear={() => setQuery(emptyActivityQuery)}
      onRetry={() => {}}
      users={users}
      object={history ? { objectType: 'customer', objectId: 30 } : null}
      onDownload={() => {}}
      downloading={false}
      headingLevel={1}
    />
  );
}

const meta: Meta<typeof LogStory> = { title: "Suivi d'activité/Journal d'activité", component: LogStory };
export default meta;

/** The company's log: who did what and when, each row a link to its object. */
export const Log: StoryObj<typeof LogStory> = { args: {} };

/** A customer's or job's history (`object-type`, `object-id`): no object filter. */
export const History: StoryObj<typeof LogStory> = { args: { history: true } };

export const Empty: StoryObj<typeof LogStory> = { args: { empty: true } };

export const Failed: StoryObj<typeof LogStory> = { args: { failed: true } };

/** The activity log at 800 px. */
export const LogAt800: StoryObj<typeof LogStory> = {
  ...Log,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
