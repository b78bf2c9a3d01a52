import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { formatCents } from '../i18n/format';
import { DataTable } from './DataTable';

interface Line {
  id: number;
  number: string;
  customer: string;
  job: string;
  amountCents: number;
}

const column = createColumnHelper<Line>();
const columns = [
  column.accessor('number', { header: 'N°', meta: { sortKey: 'number' } }),
  column.accessor('customer', { header: 'Client', meta: { grow: true, sortKey: 'customer' } }),
  column.accessor('job', { header: 'Affaire', meta: { grow: true, priority: 3 } }),
  column.accessor('amountCents', {
    header: 'Montant',
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true, sortKey: 'amount' },
  }),
];

const lines: Line[] = [
  { id: 1, number: 'FA-1', customer: 'Mercier', job: 'Toiture', amountCents: 30_000 },
  { id: 2, number: 'FA-2', customer: 'Dupont', job: 'Cuisine', amountCents: 10_000 },
  { id: 3, number: 'FA-3', customer: 'Garnier', job: 'Salle de bains', amountCents: 20_000 },
];

const rowKey = (line: Line) => String(line.id);
/** The first cell of each body row, top to bottom. */
const numbers = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('DataTable', () => {
  it('sorts its own rows by a header click, then by the keyboard, and says so (aria-sort)', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Factures" columns={columns} rows={lines} rowKey={rowKey} />);
    expect(screen.getByRole('table', { name: 'Factures' })).toBeTruthy();
    expect(numbers()).toEqual(['FA-1', 'FA-2', 'FA-3']);

    await user.click(screen.getByRole('button', { name: /Montant/ }));
    expect(numbers()).toEqual(['FA-2', 'FA-3', 'FA-1']);
    expect(screen.getByRole('columnheader', { name: /Montant/ }).getAttribute('aria-sort')).toBe('ascending');

    // Enter on the focused header sorts the other way; Space on another header sorts by it.
    screen.getByRole('button', { name: /Montant/ }).focus();
    await user.keyboard('{Enter}');
    expect(numbers()).toEqual(['FA-1', 'FA-3', 'FA-2']);
    expect(screen.getByRole('columnheader', { name: /Montant/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    screen.getByRole('button', { name: /Client/ }).focus();
    await user.keyboard(' ');
    expect(numbers()).toEqual(['FA-2', 'FA-3', 'FA-1']);
    expect(screen.getByRole('columnheader', { name: /Client/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: /Montant/ }).getAttribute('aria-sort')).toBeNull();
    // A column without a sort key has no button.
    expect(within(screen.getByRole('columnheader', { name: 'Affaire' })).queryByRole('button')).toBeNull();
  });

  it('hands the sort key to the server (onSort) and shows the sort it is given', async () => {
    const user = userEvent.setup();
    const onSort = vi.fn();
    render(
      <DataTable
        caption="Factures"
        columns={columns}
        rows={lines}
        rowKey={rowKey}
        sort="customer"
        order="desc"
        onSort={onSort}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Client/ }).getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('button', { name: /Client/ }).textContent).toContain('(tri décroissant)');
    // The server sorts: the rows stay in the order given.
    expect(numbers()).toEqual(['FA-1', 'FA-2', 'FA-3']);
    screen.getByRole('button', { name: /N°/ }).focus();
    await user.keyboard('{Enter}');
    expect(onSort).toHaveBeenCalledWith('number');
  });

  it('checks rows, the page, and shows the batch bar with the count and the total', async () => {
    const user = userEvent.setup();
    function Harness() {
      const [checked, setChecked] = useState<number[]>([]);
      const picked = lines.filter((line) => checked.includes(line.id));
      const total = picked.reduce((sum, line) => sum + line.amountCents, 0);
      return (
        <DataTable
          caption="Factures"
          columns={columns}
          rows={lines}
          rowKey={rowKey}
          selection={{
            isSelected: (line) => checked.includes(line.id),
            onToggle: (line) =>
              setChecked((ids) =>
                ids.includes(line.id) ? ids.filter((id) => id !== line.id) : [...ids, line.id],
              ),
            onTogglePage: () =>
              setChecked((ids) => (ids.length === lines.length ? [] : lines.map((l) => l.id))),
            rowLabel: (line) => `Sélectionner ${line.number}`,
          }}
          batch={
            picked.length > 0
              ? {
                  label: `${picked.length} sélectionnée(s) : ${formatCents(total)}`,
                  children: <button type="button">Exporter</button>,
                }
              : null
          }
        />
      );
    }
    render(<Harness />);
    expect(screen.queryByRole('region')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner FA-1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner FA-3' }));
    const bar = screen.getByRole('region', { name: `2 sélectionnée(s) : ${formatCents(50_000)}` });
    expect(within(bar).getByRole('button', { name: 'Exporter' })).toBeTruthy();
    const page = screen.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de la page' });
    expect((page as HTMLInputElement).indeterminate).toBe(true);
    expect(
      screen
        .getByRole('checkbox', { name: 'Sélectionner FA-1' })
        .closest('tr')
        ?.getAttribute('aria-selected'),
    ).toBe('true');
    await user.click(page);
    expect(screen.getByRole('region', { name: `3 sélectionnée(s) : ${formatCents(60_000)}` })).toBeTruthy();
    await user.click(page);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('pages: the range shown, and first, previous, numbers, next, last', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    const { rerender } = render(
      <DataTable
        caption="Factures"
        columns={columns}
        rows={lines}
        rowKey={rowKey}
        pager={{ page: 1, pageSize: 50, hits: 1_234, onPage, label: 'Pages des factures' }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('51–100 sur 1\u202f234');
    const pager = screen.getByRole('navigation', { name: 'Pages des factures' });
    expect(within(pager).getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(pager).getByRole('button', { name: 'Page suivante' }));
    await user.click(within(pager).getByRole('button', { name: 'Page précédente' }));
    await user.click(within(pager).getByRole('button', { name: 'Dernière page' }));
    await user.click(within(pager).getByRole('button', { name: 'Page 4' }));
    await user.click(within(pager).getByRole('button', { name: 'Première page' }));
    expect(onPage.mock.calls).toEqual([[2], [0], [24], [3], [0]]);

    // One page only: the range, no pager.
    rerender(
      <DataTable
        caption="Factures"
        columns={columns}
        rows={lines}
        rowKey={rowKey}
        pager={{ page: 0, pageSize: 50, hits: 3, onPage }}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('1–3 sur 3');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('keeps the amount column at a narrow width: amounts are priority 1, low-priority columns give way', () => {
    render(<DataTable caption="Factures" columns={columns} rows={lines} rowKey={rowKey} />);
    const amountHeader = screen.getByRole('columnheader', { name: /Montant/ });
    const amountCell = screen.getByRole('cell', { name: formatCents(30_000) });
    // Priority 1 never hides (the container query hides 3 under 900 px of table, 2 under 600 px).
    expect(amountHeader.getAttribute('data-priority')).toBe('1');
    expect(amountCell.getAttribute('data-priority')).toBe('1');
    expect(amountCell.className).toMatch(/amount/);
    expect(screen.getByRole('columnheader', { name: 'Affaire' }).getAttribute('data-priority')).toBe('3');
    expect(screen.getByRole('cell', { name: 'Toiture' }).getAttribute('data-priority')).toBe('3');
  });

  it('opens a row on a click outside its links and checkboxes', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(
      <DataTable caption="Factures" columns={columns} rows={lines} rowKey={rowKey} onRowClick={onRowClick} />,
    );
    await user.click(screen.getByRole('cell', { name: 'Dupont' }));
    expect(onRowClick).toHaveBeenCalledWith(lines[1]);
  });

  it('draws only the rows in view of a long virtualised list', () => {
    const many = Array.from({ length: 5_000 }, (_, index) => ({
      id: index,
      number: `FA-${index}`,
      customer: 'Client',
      job: '',
      amountCents: index,
    }));
    // jsdom lays nothing out: the scroll box says it is 720 px high, as a screen would.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(720);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(37);
    render(<DataTable caption="Factures" columns={columns} rows={many} rowKey={rowKey} virtual />);
    const drawn = screen.getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(10);
    expect(drawn).toBeLessThan(200);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('5001');
  });
});
