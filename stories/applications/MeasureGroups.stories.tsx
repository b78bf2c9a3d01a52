import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import type { MeasureGroupDetail } from '../../src/features/applications/api';
import { defaultGroupsQuery, type GroupsListQuery } from '../../src/features/applications/applicationsStores';
import { ImportPanel } from '../../src/features/applications/ImportPanel';
import { MeasureGroupEventsView, MeasureGroupView } from '../../src/features/applications/MeasureGroup';
import { MeasureGroupsView } from '../../src/features/applications/MeasureGroups';
import { events, groupDetail, groupRows } from '../../src/features/applications/testing/measureFixtures';

const jobs = {
  choices: [
    { id: 3, label: 'Réaménagement fournil Mercier (Boulangerie Mercier)' },
    { id: 5, label: 'Extension Durand (M. Durand)' },
  ],
  loading: false,
  onSearch: () => {},
};

/** The list filtering its rows in place, as the server would. */
function ListStory({ empty = false }: { empty?: boolean }) {
  const [query, setQuery] = useState<GroupsListQuery>(defaultGroupsQuery('pix4d'));
  const rows = empty
    ? []
    : groupRows
        .filter((row) => !query.q || row.name.toLowerCase().includes(query.q.toLowerCase()))
        .filter((row) => !query.job || row.businessJob?.id === query.job.id)
        .sort((a, b) => (query.sort === 'date' ? 1 : -1) * a.createdAt.localeCompare(b.createdAt));
  return (
    <MeasureGroupsView
      application="pix4d"
      page={{ data: rows, info: { hits: rows.length } }}
      loading={false}
      failed={false}
      query={query}
      onQuery={(changes) => setQuery((current) => ({ ...current, page: 0, ...changes }))}
      onRetry={() => {}}
      onNew={() => {}}
      jobs={jobs}
    />
  );
}

function GroupStory({
  group = groupDetail,
  importPanel,
}: {
  group?: MeasureGroupDetail;
  importPanel?: (group: MeasureGroupDetail) => ReactNode;
}) {
  return (
    <MeasureGroupView
      application="pix4d"
      group={group}
      events={{ data: events.slice(0, 3), info: { hits: events.length } }}
      eventsFailed={false}
      onRetryEvents={() => {}}
      onMoreEvents={() => {}}
      jobs={jobs}
      onSave={async (from, values) => ({ ...from, name: values.name, version: from.version + 1 })}
      onReload={async () => group}
      onImport={async () => ({ format: 'pix4d-geojson', read: 3, added: 0, changed: 3, warnings: [], group })}
      importPanel={importPanel}
    />
  );
}

const meta: Meta<typeof ListStory> = { title: 'Applications/Groupes de mesures', component: ListStory };
export default meta;

/** Pix4D's groups: job, measure count, totals in their units, date (sortable), search and job filter. */
export const GroupsList: StoryObj<typeof ListStory> = { args: {} };

/** No group yet: what is missing and « Nouveau groupe de mesures ». */
export const GroupsListEmpty: StoryObj<typeof ListStory> = { args: { empty: true } };

/** A group with its measures, totals per kind, its job, the quote that uses it and its latest events. */
export const GroupWithMeasures: StoryObj<typeof GroupStory> = { render: () => <GroupStory /> };

/** A new group, still empty: the import is the way in. */
export const GroupEmpty: StoryObj<typeof GroupStory> = {
  render: () => (
    <GroupStory
      group={{
        ...groupDetail,
        measures: [],
        quotes: [],
        measureCount: 0,
        totals: { length: 0, area: 0, volume: 0, count: 0 },
      }}
    />
  ),
};

/** A refused file: the server's reasons listed, nothing stored, the file still chosen. */
export const ImportRefused: StoryObj<typeof GroupStory> = {
  render: () => (
    <GroupStory
      importPanel={() => (
        <ImportPanel
          application="pix4d"
          onImport={async () => {
            throw new Error('refused');
          }}
          initialFile={new File(['nom;valeur'], 'export-toiture.csv', { type: 'text/csv' })}
          initial={{
            state: 'refused',
            message: null,
            reasons: [
              'Ligne 12 : unité inconnue « pieds ».',
              'Ligne 19 : une surface ne peut pas être négative (-12,5).',
            ],
          }}
        />
      )}
    />
  ),
};

/** The group's whole timeline (`…/events`): every kind, values before and after, files, reasons, quote. */
export const Timeline: StoryObj<typeof MeasureGroupEventsView> = {
  render: () => (
    <MeasureGroupEventsView
      application="pix4d"
      group={groupDetail}
      events={{ data: events, info: { hits: events.length } }}
      eventsFailed={false}
      onRetryEvents={() => {}}
      onMoreEvents={() => {}}
    />
  ),
};

/** The groups at 800 px: the name and totals first, the rest as the room allows. */
export const GroupsListAt800: StoryObj<typeof ListStory> = {
  ...GroupsList,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
