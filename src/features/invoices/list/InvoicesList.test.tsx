import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatCents } from '../../../i18n/format';
import { invoicePage, makeInvoices } from '../testing/invoiceFixtures';
import { InvoicesList } from './InvoicesList';
import { defaultListQuery, type InvoiceListState } from './invoiceListStore';

function stateWith(changes: Partial<InvoiceListState> = {}): InvoiceListState {
  const page = invoicePage(makeInvoices(50), 100_000);
  return {
    ...defaultListQuery(),
    load: 'loaded',
    rows: page.data,
    hits: page.info.hits,
    totals: page.info.totals,
    selected: [],
    pageSize: 50,
    ...changes,
  };
}

const handlers = () => ({
  onQuery: vi.fn(),
  onSort: vi.fn(),
  onToggle: vi.fn(),
  onTogglePage: vi.fn(),
  onRetry: vi.fn(),
});

// Fifty rows with their chips render slowly in jsdom on a shared machine.
describe('Mes factures', { timeout: 30_000 }, () => {
  it('shows each status as a chip and the amounts right-aligned in tabular figures', () => {
    render(<InvoicesList state={stateWith()} {...handlers()} />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(51);
    const rowOf = (name: string) =>
      within(screen.getByRole('checkbox', { name: `Sélectionner ${name}` }).closest('tr') as HTMLElement);
    const draft = rowOf('Brouillon n° 3');
    expect(draft.getByText('PROVISOIRE')).toBeTruthy();
    const overdue = rowOf('FA-2026-0001');
    expect(overdue.getByText('en retard')).toBeTruthy();
    expect(rowOf('FA-2026-0002').getByText('validée')).toBeTruthy();
    const total = formatCents(makeInvoices(1)[0]!.totalInclTaxCents);
    const amount = overdue.getAllByRole('cell').find((cell) => cell.textContent === total);
    expect(amount?.className).toMatch(/amount/);
    expect(screen.getByRole('status').textContent).toBe('1–50 sur 100\u202f000');
    expect(
      screen.getByRole('region', { name: 'Total de la sélection (100\u202f000 factures)' }),
    ).toBeTruthy();
  });

  it('says how many rows are checked and their totals', async () => {
    const user = userEvent.setup();
    const rows = makeInvoices(50);
    const props = handlers();
    render(<InvoicesList state={stateWith({ selected: [1, 2] })} {...props} />);
    const bar = screen.getByRole('region', { name: '2 factures sélectionnées' });
    expect(bar.textContent).toContain(formatCents(rows[0]!.totalInclTaxCents + rows[1]!.totalInclTaxCents));
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner FA-2026-0005' }));
    expect(props.onToggle).toHaveBeenCalledWith(5);
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les factures de la page' }));
    expect(props.onTogglePage).toHaveBeenCalled();
  });

  it('filters by status and sorts by a column header', async () => {
    const user = userEvent.setup();
    const props = handlers();
    render(<InvoicesList state={stateWith()} {...props} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'en retard');
    expect(props.onQuery).toHaveBeenCalledWith({ status: 'overdue' });
    await user.click(screen.getByRole('button', { name: /Client/ }));
    expect(props.onSort).toHaveBeenCalledWith('customer');
    await user.click(screen.getByRole('button', { name: 'Page suivante' }));
    expect(props.onQuery).toHaveBeenCalledWith({ page: 1 });
  });

  it('an empty list offers the action that fills it; a filtered one offers to clear the filters', async () => {
    const user = userEvent.setup();
    const props = handlers();
    const { rerender } = render(<InvoicesList state={stateWith({ rows: [], hits: 0 })} {...props} />);
    expect(screen.getByText('Aucune facture pour le moment.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Nouvelle facture' })).toHaveLength(2);
    rerender(<InvoicesList state={stateWith({ rows: [], hits: 0, status: 'overdue' })} {...props} />);
    expect(screen.getByText('Aucune facture ne correspond à votre recherche.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Effacer les filtres' }));
    expect(props.onQuery).toHaveBeenCalledWith({ ...defaultListQuery() });
  });
});
