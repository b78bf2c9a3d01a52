import type { Meta, StoryObj } from '@storybook/react-vite';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { formatCents, formatIsoDate } from '../../src/i18n/format';
import { button } from '../../src/ui/button.css';
import { DataTable } from '../../src/ui/DataTable';

interface Payment {
  id: number;
  paidOn: string;
  number: string;
  customer: string;
  job: string;
  mode: string;
  comment: string;
  amountCents: number;
}

const customers = ['Boulangerie Mercier', 'M. Jean Dupont', 'Bâti Sud Est SAS', 'Élodie Garnier'];
const jobs = ['Réfection de la toiture', 'Cuisine', 'Salle de bains', 'Extension de la maison'];
const makePayments = (count: number): Payment[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    paidOn: `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`,
    number: `FA-2026-${String(index + 1).padStart(5, '0')}`,
    customer: customers[index % customers.length]!,
    job: jobs[index % jobs.length]!,
    mode: index % 3 === 0 ? 'Chèque' : 'Virement',
    comment: index % 4 === 0 ? 'Acompte versé à la signature du devis' : '',
    amountCents: ((index * 7919) % 500_000) + 1_000,
  }));

const column = createColumnHelper<Payment>();
const columns = [
  column.accessor('paidOn', {
    header: 'Date de règlement',
    cell: ({ getValue }) => formatIsoDate(getValue()),
    meta: { sortKey: 'paidOn' },
  }),
  column.accessor('number', { header: 'N° facture', meta: { sortKey: 'number' } }),
  column.accessor('customer', { header: 'Client', meta: { grow: true, sortKey: 'customer' } }),
  column.accessor('job', { header: 'Affaire', meta: { grow: true, priority: 3 } }),
  column.accessor('mode', { header: 'Mode', meta: { priority: 2 } }),
  column.accessor('comment', { header: 'Commentaire', meta: { grow: true, priority: 3 } }),
  column.accessor('amountCents', {
    header: 'Montant réglé TTC',
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true, sortKey: 'amount' },
  }),
];

interface StoryProps {
  rows: Payment[];
  selectable: boolean;
  virtual: boolean;
  /** The table's room: 800 px shows how the amount stays in view. */
  width: number;
}

/** The table sorts its own rows here (no server); selection and pages are held in place. */
function DataTableStory({ rows, selectable, virtual, width }: StoryProps) {
  const [checked, setChecked] = useState<number[]>([]);
  const [page, setPage] = useState(0);
  const pageSize = 20;
  const shown = virtual ? rows : rows.slice(page * pageSize, (page + 1) * pageSize);
  const picked = rows.filter((row) => checked.includes(row.id));
  const total = picked.reduce((sum, row) => sum + row.amountCents, 0);
  return (
    <div style={{ width, maxWidth: '100%' }}>
      <DataTable
        caption="Règlements reçus"
        columns={columns}
        rows={shown}
        rowKey={(row) => String(row.id)}
        sort="paidOn"
        order="desc"
        virtual={virtual}
        selection={
          selectable
            ? {
                isSelected: (row) => checked.includes(row.id),
                onToggle: (row) =>
                  setChecked((ids) =>
                    ids.includes(row.id) ? ids.filter((id) => id !== row.id) : [...ids, row.id],
                  ),
                onTogglePage: () =>
                  setChecked((ids) =>
                    shown.every((row) => ids.includes(row.id))
                      ? ids.filter((id) => !shown.some((row) => row.id === id))
                      : [...new Set([...ids, ...shown.map((row) => row.id)])],
                  ),
                rowLabel: (row) => `Sélectionner le règlement de ${row.number}`,
              }
            : undefined
        }
        batch={
          picked.length > 0
            ? {
                label: `${picked.length} règlement${picked.length > 1 ? 's' : ''} sélectionné${picked.length > 1 ? 's' : ''} : ${formatCents(total)}`,
                children: (
                  <button type="button" className={button.secondary} onClick={() => setChecked([])}>
                    Tout désélectionner
                  </button>
                ),
              }
            : null
        }
        pager={virtual ? undefined : { page, pageSize, hits: rows.length, onPage: setPage }}
      />
    </div>
  );
}

const meta: Meta<typeof DataTableStory> = {
  title: 'UI/DataTable',
  component: DataTableStory,
  args: { rows: makePayments(95), selectable: true, virtual: false, width: 1216 },
};
export default meta;
type Story = StoryObj<typeof DataTableStory>;

/** At 1280 px (1 216 px of content): every column. */
export const Wide: Story = {};
/** At 800 px: affaire and commentaire give way, the amount stays in view without scrolling. */
export const Narrow800: Story = { args: { width: 768 } };
/** A phone: the mode gives way too. */
export const Phone: Story = { args: { width: 358 } };
/** Two thousand rows in one scroll box: only those in view are drawn. */
export const Virtualised: Story = { args: { rows: makePayments(2_000), virtual: true } };
/** Read-only: no checkbox column. */
export const WithoutSelection: Story = { args: { selectable: false } };
