import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { InvoicesList } from '../../src/features/invoices/list/InvoicesList';
import { defaultListQuery, type InvoiceListState } from '../../src/features/invoices/list/invoiceListStore';
import { invoicePage, makeInvoices } from '../../src/features/invoices/testing/invoiceFixtures';

const rows = makeInvoices(50);
const page = invoicePage(rows, 100_000);

const base: InvoiceListState = {
  ...defaultListQuery(),
  load: 'loaded',
  rows: [],
  hits: 0,
  totals: invoicePage([]).info.totals,
  selected: [],
  pageSize: 50,
};

/** The list on a given state; filters and checkboxes change it in place (no server). */
function ListStory({ state }: { state: InvoiceListState }) {
  const [current, setCurrent] = useState(state);
  return (
    <InvoicesList
      state={current}
      onQuery={(changes) => setCurrent({ ...current, ...changes })}
      onSort={(sort) => setCurrent({ ...current, sort, order: current.order === 'desc' ? 'asc' : 'desc' })}
      onToggle={(id) =>
        setCurrent({
          ...current,
          selected: current.selected.includes(id)
            ? current.selected.filter((other) => other !== id)
            : [...current.selected, id],
        })
      }
      onTogglePage={() =>
        setCurrent({ ...current, selected: current.selected.length ? [] : current.rows.map((row) => row.id) })
      }
      onRetry={() => {}}
    />
  );
}

const meta: Meta<typeof ListStory> = { title: 'Invoices/List', component: ListStory };
export default meta;
type Story = StoryObj<typeof ListStory>;

export const Loading: Story = { args: { state: { ...base, load: 'loading' } } };
/** No invoice yet: says so and offers to create one. */
export const Empty: Story = { args: { state: base } };
/** The first 50 of 100 000 invoices: the server pages and sums the whole selection. */
export const Rows: Story = {
  args: { state: { ...base, rows: page.data, hits: page.info.hits, totals: page.info.totals } },
};
/** Two rows checked: the bar says how many and their totals. */
export const Selected: Story = {
  args: {
    state: { ...base, rows: page.data, hits: page.info.hits, totals: page.info.totals, selected: [1, 2] },
  },
};
/** Overdue invoices only, found by a search. */
export const Filtered: Story = {
  args: {
    state: (() => {
      const overdue = rows.filter((row) => row.overdue);
      const filtered = invoicePage(overdue);
      return {
        ...base,
        q: 'FA-2026',
        status: 'overdue' as const,
        rows: filtered.data,
        hits: filtered.info.hits,
        totals: filtered.info.totals,
      };
    })(),
  },
};
export const Failed: Story = { args: { state: { ...base, load: 'failed' } } };

/** Mes factures at 800 px: the number, customer and amounts first. */
export const RowsAt800: Story = {
  ...Rows,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
