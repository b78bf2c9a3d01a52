import { render, screen } from '@testing-library/react';
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
};

describe('job sheet', () => {
  it('shows the retainage, its release date, the invoices, and the reception date as typed', () => {
    render(<JobSheetView job={job} onSaveDeliveryDate={async () => null} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Affaire : Réaménagement fournil Mercier',
    );
    expect(screen.getByText('Restitution de la retenue').nextElementSibling?.textContent).toBe('15/03/2027');
    expect(screen.getByText('Retenue de garantie (5 %)').nextElementSibling?.textContent).toBe(
      '107,64\u00a0€',
    );
    expect(screen.getByRole('link', { name: 'FA-2026-00013' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Date de réception des travaux' })).toHaveProperty(
      'value',
      '15/03/2026',
    );
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
