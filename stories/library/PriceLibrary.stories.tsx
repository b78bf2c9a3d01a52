import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ApiError } from '../../src/api/errors';
import type { LibraryFamily, LibraryItem, LibraryItemSummary, LibraryPage } from '../../src/api/library';
import { type PricedItem, pricingRates } from '../../src/contract/pricing';
import {
  initialLibraryQuery,
  type LibraryListQuery,
  pricedItemOf,
} from '../../src/features/library/libraryStores';
import { PriceLibraryView } from '../../src/features/library/PriceLibrary';
import { ItemSheetView } from '../../src/features/library/sheet/ItemSheet';

/** Hourly cost 45 €, sold 54 € (benefit 20 %); materials sold at cost × 1,3. */
const rates = pricingRates({
  directLabourCostCents: 3000,
  employerChargesBasisPoints: 5000,
  siteCostCents: 0,
  indirectChargesCents: 0,
  overheadExpensesCents: 0,
  yearlySiteHours: 0,
  contingencyBasisPoints: 0,
  benefitBasisPoints: 2000,
  materialsCoefficientMilli: 1300,
});

const families: LibraryFamily[] = [
  { id: 1, parentId: null, name: 'Plâtrerie', version: 1 },
  { id: 2, parentId: 1, name: 'Cloisons', version: 1 },
  { id: 3, parentId: null, name: 'Peinture', version: 1 },
  { id: 4, parentId: null, name: 'Électricité', version: 1 },
];

const item = (fields: Partial<LibraryItemSummary> & Pick<LibraryItemSummary, 'id' | 'designation'>) => ({
  kind: 'supply' as const,
  code: '',
  unit: 'u',
  familyId: null,
  unitCostCents: 0,
  supplier: '',
  vatRateId: 1,
  lossBasisPoints: 0,
  fixedSalePriceCents: null,
  costCents: 0,
  salePriceCents: 0,
  version: 1,
  ...fields,
});

const items: LibraryItemSummary[] = [
  item({
    id: 11,
    code: 'PLA-BA13',
    designation: 'Plaque de plâtre BA13 standard',
    unit: 'm²',
    familyId: 1,
    unitCostCents: 450,
    lossBasisPoints: 500,
    costCents: 473,
    salePriceCents: 614,
  }),
  item({
    id: 12,
    code: 'PLA-M48',
    designation: 'Montant métallique M48',
    unit: 'ml',
    familyId: 2,
    unitCostCents: 210,
    costCents: 210,
    salePriceCents: 273,
  }),
  item({
    id: 13,
    code: 'PLA-VIS',
    designation: 'Vis TTPC 25 mm (boîte de 1 000)',
    unit: 'u',
    familyId: 1,
    unitCostCents: 1890,
    costCents: 1890,
    salePriceCents: 2457,
  }),
  item({
    id: 14,
    kind: 'labour',
    code: 'MO-PLA',
    designation: 'Heure de plaquiste',
    unit: 'h',
    unitCostCents: null,
    costCents: 4500,
    salePriceCents: 5400,
  }),
  item({
    id: 15,
    kind: 'equipment',
    code: 'MAT-ECH',
    designation: 'Échafaudage roulant (jour)',
    unit: 'j',
    unitCostCents: 3500,
    costCents: 3500,
    salePriceCents: 4550,
  }),
  item({
    id: 16,
    kind: 'work',
    code: 'OUV-CLO72',
    designation: 'Cloison 72/48 une plaque par face',
    unit: 'm²',
    familyId: 2,
    unitCostCents: null,
    costCents: 5243,
    salePriceCents: 6454,
  }),
];

const page = (rows: LibraryItemSummary[]): LibraryPage => ({ data: rows, info: { hits: rows.length } });

function ListStory({ initial, failed = false }: { initial: LibraryPage | undefined; failed?: boolean }) {
  const [query, setQuery] = useState<LibraryListQuery>(initialLibraryQuery);
  const rows = (initial?.data ?? []).filter(
    (row) =>
      (!query.q || `${row.code} ${row.designation}`.toLowerCase().includes(query.q.toLowerCase())) &&
      (!query.kind || row.kind === query.kind),
  );
  return (
    <PriceLibraryView
      query={query}
      page={initial ? page(rows) : undefined}
      loading={false}
      failed={failed}
      families={families}
      onQuery={(changes) => setQuery((current) => ({ ...current, ...changes, page: changes.page ?? 0 }))}
      onRetry={() => {}}
      onOpen={() => {}}
      onNew={() => {}}
      onCreateFamily={async (input) => ({ id: 99, version: 1, ...input })}
      onEditFamily={async (family, changes) => ({ ...family, ...changes, version: family.version + 1 })}
      onImport={() => {}}
    />
  );
}

/** The work « Cloison 72/48 » and its parts, as the rule reads them. */
const work: LibraryItem = {
  ...items[5]!,
  components: [
    {
      itemId: 11,
      quantityMilli: 2100,
      kind: 'supply',
      code: 'PLA-BA13',
      designation: 'Plaque de plâtre BA13 standard',
      unit: 'm²',
      costCents: 473,
      salePriceCents: 614,
    },
    {
      itemId: 12,
      quantityMilli: 2000,
      kind: 'supply',
      code: 'PLA-M48',
      designation: 'Montant métallique M48',
      unit: 'ml',
      costCents: 210,
      salePriceCents: 273,
    },
    {
      itemId: 14,
      quantityMilli: 800,
      kind: 'labour',
      code: 'MO-PLA',
      designation: 'Heure de plaquiste',
      unit: 'h',
      costCents: 4500,
      salePriceCents: 5400,
    },
  ],
};
const priced: Record<number, PricedItem> = Object.fromEntries(
  items.map((row) => [row.id, pricedItemOf(row)]),
);

function WorkSheetStory({ answer }: { answer: 'saved' | 'stale' | 'inUse' }) {
  const [search, setSearch] = useState('');
  return (
    <ItemSheetView
      item={work}
      kind="work"
      families={families}
      vatRates={[{ id: 1, internalName: 'TVA 10 % rénovation', basisPoints: 1000, isDefault: true }]}
      rates={rates}
      pricedComponents={priced}
      onComponentIds={() => {}}
      componentChoices={items.filter((row) => row.designation.toLowerCase().includes(search.toLowerCase()))}
      onComponentSearch={setSearch}
      onCreate={async () => work}
      onSave={async (from, changes) => {
        if (answer === 'stale') throw new ApiError(409, 'stale_version');
        return { ...from, ...changes, components: from.components, version: from.version + 1 } as LibraryItem;
      }}
      onReload={async () => {}}
      onDelete={async () => {
        if (answer === 'inUse') throw new ApiError(409, 'library_item_in_use');
      }}
      onBack={() => {}}
    />
  );
}

const meta: Meta = { title: 'Library/Base de données' };
export default meta;

/** A new company: nothing yet, and the actions that fill the library. */
export const Empty: StoryObj<typeof ListStory> = { render: () => <ListStory initial={page([])} /> };

/** The list: search (code or words), kind, family tree, sort, costs and sale prices. */
export const List: StoryObj<typeof ListStory> = { render: () => <ListStory initial={page(items)} /> };

/** A work's sheet: its composition, the live déboursé sec and sale price (the server's rule). */
export const WorkSheet: StoryObj<typeof WorkSheetStory> = {
  render: (args) => <WorkSheetStory {...args} />,
  args: { answer: 'saved' },
};

/** A save refused because someone saved first: the French sentence, nothing typed lost, « Recharger ». */
export const WorkSheetStaleSave: StoryObj<typeof WorkSheetStory> = {
  render: (args) => <WorkSheetStory {...args} />,
  args: { answer: 'stale' },
};

/** The list could not be loaded: the sentence and « Réessayer ». */
export const LoadError: StoryObj<typeof ListStory> = {
  render: () => <ListStory initial={undefined} failed />,
};

/** « Base de données » at 800 px: the family tree above the list. */
export const ListAt800: StoryObj<typeof ListStory> = {
  ...List,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
