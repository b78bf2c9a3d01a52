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
import { button } from '../../src/ui/button.css';

const outstanding = makeOutstanding(10_000);
const received = makeReceived(200);

function outstandingState(over: Partial<PaymentListState<Outstanding, OutstandingSortKey>> = {}) {
  return {
    ...emptyFilters(),
    sort: 'dueDate' as const,
    order: 'asc' as const,
    page: 0,
    load: 'loaded' as const,
    rows: outstanding.slice(0, 500),
    hits: outstanding.length,
    totalCents: outstanding.reduce((s, r) => s + r.balanceCents, 0),
    selected: {},
    ...over,
  };
}

/** The list on a given state; filters and checkboxes change it in place (no server). */
function OutstandingStory({ state }: { state: PaymentListState<Outstanding, OutstandingSortKey> }) {
  const [current, setCurrent] = useState(state);
  const rows = Object.values(current.selected);
  return (
    <PaymentsList<Outstanding, OutstandingSortKey>
      kind="outstanding"
      title={m.outstandingTitle}
      other={{ to: '/facturation/reglements/recus', label: m.toReceived }}
      state={current}
      columns={outstandingColumns}
      keyOf={(row) => row.key}
      rowLabel={(row) =>
        m.selectOutstanding(m.invoiceName(row.invoiceNumber, row.invoiceId), row.isRetainage)
      }
      selection={{ count: rows.length, totalCents: rows.reduce((s, r) => s + r.balanceCents, 0) }}
      banks={demoBanks}
      batchActions={
        <button type="button" className={button.primary}>
          {m.paySelected}
        </button>
      }
      onQuery={(changes) => setCurrent({ ...current, ...changes })}
      onSort={(sort) => setCurrent({ ...current, sort, order: current.order === 'asc' ? 'desc' : 'asc' })}
      onToggle={(row) => {
        const selected = { ...current.selected };
        if (selected[row.key]) delete selected[row.key];
        else selected[row.key] = row;
        setCurrent({ ...current, selected });
      }}
      onTogglePage={() => setCurrent({ ...current, selected: {} })}
      onClearSelection={() => setCurrent({ ...current, selected: {} })}
      onRetry={() => {}}
    />
  );
}

function ReceivedStory({ state }: { state: PaymentListState<Received, ReceivedSortKey> }) {
  const [current, setCurrent] = useState(state);
  const rows = Object.values(current.selected);
  return (
    <PaymentsList<Received, ReceivedSortKey>
      kind="received"
      title={m.receivedTitle}
      other={{ to: '/facturation/reglements/en-attente', label: m.toOutstanding }}
      state={current}
      columns={receivedColumns}
      keyOf={(row) => String(row.id)}
      rowLabel={(row) => m.selectReceived(m.invoiceName(row.invoiceNumber, row.invoiceId), row.paidOn)}
      selection={{ count: rows.length, totalCents: rows.reduce((s, r) => s + r.amountCents, 0) }}
      banks={demoBanks}
      batchActions={
        <button type="button" className={button.primary}>
          {m.deleteSelected}
        </button>
      }
      onQuery={(changes) => setCurrent({ ...current, ...changes })}
      onSort={(sort) => setCurrent({ ...current, sort })}
      onToggle={(row) => {
        const selected = { ...current.selected };
        const key = String(row.id);
        if (selected[key]) delete selected[key];
        else selected[key] = row;
        setCurrent({ ...current, selected });
      }}
      onTogglePage={() => setCurrent({ ...current, selected: {} })}
      onClearSelection={() => setCurrent({ ...current, selected: {} })}
      onRetry={() => {}}
    />
  );
}

const meta: Meta<typeof OutstandingStory> = { title: 'Payments/Lists', component: OutstandingStory };
export default meta;
type Story = StoryObj<typeof OutstandingStory>;

/** A page of 500 of 10 000 outstanding lines: rows are virtualised, totals are the whole set's. */
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
      mode: 'check',
    },
  },
};
