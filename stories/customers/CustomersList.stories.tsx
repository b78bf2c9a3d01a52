import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { CustomerSortKey, CustomerType } from '../../src/api/customers';
import { CustomersList } from '../../src/features/customers/list/CustomersList';
import type { CustomerListState } from '../../src/features/customers/list/customerListStore';
import { makeCustomers } from '../../src/features/customers/testing/customerFixtures';

const base: CustomerListState = {
  q: '',
  type: '',
  sort: 'name',
  order: 'asc',
  page: 0,
  status: 'loaded',
  rows: [],
  hits: 0,
};

/** The list on a given state; sorting and the type filter change it in place (no server). */
function ListStory({ state }: { state: CustomerListState }) {
  const [current, setCurrent] = useState(state);
  return (
    <CustomersList
      state={current}
      onSearch={(q) => setCurrent({ ...current, q })}
      onFilter={(type: CustomerType | '') =>
        setCurrent({ ...current, type, rows: state.rows.filter((row) => !type || row.type === type) })
      }
      onSort={(sort: CustomerSortKey) =>
        setCurrent({
          ...current,
          sort,
          order: current.sort === sort && current.order === 'asc' ? 'desc' : 'asc',
        })
      }
      onPage={(page) => setCurrent({ ...current, page })}
      onRetry={() => {}}
    />
  );
}

const meta: Meta<typeof ListStory> = { title: 'Customers/List', component: ListStory };
export default meta;
type Story = StoryObj<typeof ListStory>;

export const Loading: Story = { args: { state: { ...base, status: 'loading' } } };
export const Empty: Story = { args: { state: base } };
/** The first 50 of 10 000 customers: the server pages, the header stays in view. */
export const PageOfRows: Story = { args: { state: { ...base, rows: makeCustomers(50), hits: 10_000 } } };
/** Private customers of Lyon, sorted by city. */
export const Filtered: Story = {
  args: {
    state: {
      ...base,
      q: 'lyon',
      type: 'private',
      sort: 'city',
      order: 'desc',
      rows: makeCustomers(24).filter((customer) => customer.type === 'private' && customer.city === 'Lyon'),
      hits: 3,
    },
  },
};
export const NoMatch: Story = { args: { state: { ...base, q: 'personne' } } };
/** Page 10 of 200: first, previous, the numbers around, next and last. */
export const ManyPages: Story = {
  args: { state: { ...base, page: 9, rows: makeCustomers(50, 451), hits: 10_000 } },
};
/** Another page is on its way: the rows shown stay, a bar moves above them, the footer says so. */
export const LoadingNextPage: Story = {
  args: { state: { ...base, status: 'loading', page: 1, rows: makeCustomers(12, 51), hits: 10_000 } },
};

/** « Gestion clients » at 800 px (the menu collapses under 1024 px). */
export const PageOfRowsAt800: Story = {
  ...PageOfRows,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
