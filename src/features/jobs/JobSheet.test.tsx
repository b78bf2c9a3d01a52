import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BusinessJobDetail } from '../../api/businessJobs';
import { serverErrorMessages } from '../../i18n/serverErrors';
import { JobSheetView } from './JobSheet';

const job: BusinessJobDetail = {
  id: 8,
  version: 2,
  name: 'Réaménagement fournil Mercier',
  customerId: 8,
  customerName: 'Boulangerie Mercier',
  siteAddress: '88 cours Gambetta, 69007 Lyon',
  deliveryDate: '2026-03-15',
  retainageBasisPoints: 500,
  ownerUserId: 2,
  ownerName: 'Lucas Bernard',
  createdAt: '2026-01-01T00:00:00.000Z',
  quotes: [],
  invoices: [
    {
      id: 16,
      version: 2,
      number: 'FA-2026-00013',
      kind: 'deposit',
      status: 'VALIDATED',
      cancelled: false,
      date: '2026-10-17',
      totalExclTaxCents: 179_400,
      totalVatCents: 35_880,
      totalInclTaxCents: 215_280,
    },
  ],
  amounts: {
    quotedExclTaxCents: 598_000,
    quotedInclTaxCents: 717_600,
    invoicedExclTaxCents: 179_400,
    invoicedInclTaxCents: 215_280,
    paidCents: 215_280,
    remainingCents: 0,
    retainageCents: 10_764,
    retainagePaidCents: 10_764,
  },
  lock: { lockedByAnotherSession: false, expiresAt: null },
  retainageReleaseDate: '2027-03-15',
  payments: [
    {
      id: 31,
      paidOn: '2026-10-20',
      invoiceId: 16,
      invoiceNumber: 'FA-2026-00013',
      mode: 'transfer',
      amountCents: 204_516,
      isRetainage: false,
    },
    {
      id: 32,
      paidOn: '2027-03-20',
      invoiceId: 16,
      invoiceNumber: 'FA-2026-00013',
      mode: 'check',
      amountCents: 10_764,
      isRetainage: true,
    },
  ],
};

describe('job sheet', () => {
  it('shows the retainage, its release date, the invoices, and the reception date as typed', () => {
    render(<JobSheetView job={job} onSaveDeliveryDate={async () => null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Affaire : Réaménagement fournil Mercier',
    );
    expect(screen.getByText('Libération de la retenue de garantie : 15/03/2027')).toBeTruthy();
    expect(screen.getByText('Responsable : Lucas Bernard')).toBeTruthy();
    expect(screen.getByText('Retenue de garantie (5 %)').nextElementSibling?.textContent).toBe(
      '107,64\u00a0€',
    );
    expect(screen.getAllByRole('link', { name: 'FA-2026-00013' })).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Date de réception des travaux' })).toHaveProperty(
      'value',
      '15/03/2026',
    );
  });

  it('says the release date awaits the reception date', () => {
    render(
      <JobSheetView
        job={{ ...job, deliveryDate: null, retainageReleaseDate: null, ownerUserId: null, ownerName: null }}
        onSaveDeliveryDate={async () => null}
      />,
    );
    expect(
      screen.getByText(
        'Libération de la retenue de garantie : en attente de la date de réception des travaux',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Responsable : —')).toBeTruthy();
  });

  it('lists the payments: date, invoice, mode label, amount right-aligned, retainage or not', () => {
    render(<JobSheetView job={job} onSaveDeliveryDate={async () => null} />);
    const table = screen.getByRole('table', { name: 'Règlements' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows.slice(1)).toEqual([
      ['20/10/2026', 'FA-2026-00013', 'Virement', '2\u202f045,16\u00a0€', 'Non'],
      ['20/03/2027', 'FA-2026-00013', 'Chèque', '107,64\u00a0€', 'Oui'],
    ]);
    const amount = within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[3]!;
    expect(amount.className).toBe(within(table).getByRole('columnheader', { name: 'Montant' }).className);
  });

  it('says when the job has no payment', () => {
    render(<JobSheetView job={{ ...job, payments: [] }} onSaveDeliveryDate={async () => null} />);
    expect(screen.getByText('Aucun règlement pour cette affaire.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Règlements' })).toBeNull();
  });

  it('clears the reception date; a refusal shows the server’s sentence and keeps what was typed', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => serverErrorMessages.retainage_already_paid);
    render(<JobSheetView job={job} onSaveDeliveryDate={save} />);
    const field = screen.getByRole('textbox', { name: 'Date de réception des travaux' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Enregistrer la date de réception' }));
    expect(save).toHaveBeenCalledWith(null);
    expect(screen.getByRole('alert').textContent).toBe(serverErrorMessages.retainage_already_paid);
    expect(field).toHaveProperty('value', '');
  });

  it('refuses a date not in dd/MM/yyyy without asking the server', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => null);
    render(<JobSheetView job={{ ...job, deliveryDate: null }} onSaveDeliveryDate={save} />);
    await user.type(screen.getByRole('textbox', { name: 'Date de réception des travaux' }), '2026-03-15');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la date de réception' }));
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('La date doit respecter le format JJ/MM/AAAA.');
    await user.clear(screen.getByRole('textbox', { name: 'Date de réception des travaux' }));
    await user.type(screen.getByRole('textbox', { name: 'Date de réception des travaux' }), '15/03/2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer la date de réception' }));
    expect(save).toHaveBeenCalledWith('2026-03-15');
  });
});
