import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { Outstanding, OutstandingSortKey, Received, ReceivedSortKey } from '../../src/api/payments';
import { outstandingColumns, receivedColumns } from '../../src/features/payments/columns';
import { paymentMessages as m } from '../../src/features/payments/messages';
import { PaymentsList } from '../../src/features/payments/PaymentsList';
import { emptyFilters, type PaymentListState } from '../../src/features/payments/paymentListStore';
import {
  demoBanks,
  makeOutstanding,
  makeReceived,
} from '../../src/features/payments/testing/paymentFixtures';
import { formatIsoDate } from '../../src/i18n/format';
import { button } from '../../src/ui/button.css';

const outstanding = makeOutstanding(60);
const received = makeReceived(40);

function outstandingState(over: Partial<PaymentListState<Outstanding, OutstandingSortKey>> = {}) {
  return {
    ...emptyFilters(),
    sort: 'dueDate' as const,
    order: 'asc' as const,
    page: 0,
    load: 'loaded' as const,
    rows: outstanding,
    hits: 10_000,
    totalCents: outstanding.reduce((s, r) => s + r.balanceCents, 0),
    selected: {},
    pageSize: 200,
    ...over,
  };
}

/** The list's state held in place: filters, sort and checkboxes change it (no server). */
function useLocalList<Row, Sort extends string>(
  state: PaymentListState<Row, Sort>,
  keyOf: (row: Row) => string,
  amountOf: (row: Row) => number,
) {
  const [current, setCurrent] = useState(state);
  const rows = Object.values(current.selected);
  return {
    state: current,
    keyOf,
    selection: { count: rows.length, totalCents: rows.reduce((sum, row) => sum + amountOf(row), 0) },
    banks: demoBanks,
    onQuery: (changes: Partial<PaymentListState<Row, Sort>>) => setCurrent({ ...current, ...changes }),
    onSort: (sort: Sort) => setCurrent({ ...current, sort, order: current.order === 'asc' ? 'desc' : 'asc' }),
    onToggle: (row: Row) => {
      const selected = { ...current.selected };
      const key = keyOf(row);
      if (selected[key]) delete selected[key];
      else selected[key] = row;
      setCurrent({ ...current, selected });
    },
    onTogglePage: () => setCurrent({ ...current, selected: {} }),
    onClearSelection: () => setCurrent({ ...current, selected: {} }),
    onRetry: () => {},
  };
}

function OutstandingStory({ state }: { state: PaymentListState<Outstanding, OutstandingSortKey> }) {
  const list = useLocalList(
    state,
    (row) => row.key,
    (row) => row.balanceCents,
  );
  return (
    <PaymentsList<Outstanding, OutstandingSortKey>
      {...list}
      kind="outstanding"
      title={m.outstandingTitle}
      other={{ to: '/facturation/reglements/recus', label: m.toReceived }}
      columns={outstandingColumns}
      rowLabel={(row) =>
        m.selectOutstanding(m.invoiceName(row.invoiceNumber, row.invoiceId), row.isRetainage)
      }
      batchActions={
        <button type="button" className={button.primary}>
          {m.paySelected}
        </button>
      }
    />
  );
}

function ReceivedStory({ state }: { state: PaymentListState<Received, ReceivedSortKey> }) {
  const list = useLocalList(
    state,
    (row) => String(row.id),
    (row) => row.amountCents,
  );
  return (
    <PaymentsList<Received, ReceivedSortKey>
      {...list}
      kind="received"
      title={m.receivedTitle}
      other={{ to: '/facturation/reglements/en-attente', label: m.toOutstanding }}
      columns={receivedColumns}
      rowLabel={(row) =>
        m.selectReceived(m.invoiceName(row.invoiceNumber, row.invoiceId), formatIsoDate(row.paidOn))
      }
      batchActions={
        <button type="button" className={button.primary}>
          {m.deleteSelected}
        </button>
      }
    />
  );
}

const meta: Meta<typeof OutstandingStory> = { title: 'Payments/Lists', component: OutstandingStory };
export default meta;
type Story = StoryObj<typeof OutstandingStory>;

/** A page of the outstanding lines (10 000 in the set): rows are virtualised, totals are the whole set's. */
export const OutstandingPage: Story = { args: { state: outstandingState() } };
/** Three lines checked: the batch bar says how many and their total. */
export const OutstandingSelected: Story = {
  args: {
    state: outstandingState({
      selected: Object.fromEntries(outstanding.slice(0, 3).map((row) => [row.key, row])),
    }),
  },
};
export const OutstandingEmpty: Story = {
  args: { state: outstandingState({ rows: [], hits: 0, totalCents: 0 }) },
};
export const OutstandingFailed: Story = {
  args: { state: outstandingState({ load: 'failed', rows: [], hits: 0, totalCents: 0 }) },
};
export const ReceivedPage: StoryObj<typeof ReceivedStory> = {
  render: (args) => <ReceivedStory {...args} />,
  args: {
    state: {
      ...emptyFilters(),
      sort: 'paidOn',
      order: 'desc',
      page: 0,
      load: 'loaded',
      rows: received,
      hits: received.length,
      totalCents: received.reduce((s, r) => s + r.amountCents, 0),
      selected: { '2': received[1]! },
      pageSize: 200,
      mode: 'check',
    },
  },
};

/** « Règlements en attente » at 800 px. */
export const OutstandingAt800: Story = {
  ...OutstandingPage,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
