/** The invoice settings page over its calls: the company's banks in the chooser, the save sent. */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import { $session } from '../../../../session/session';
import { clearToasts } from '../../../../ui/toasts/toastStore';

const api = vi.hoisted(() => ({
  listBanks: vi.fn(),
  getDocumentSettings: vi.fn(),
  editDocumentSettings: vi.fn(),
}));
vi.mock('../../../../api/banks', () => ({ listBanks: api.listBanks }));
vi.mock('../../../../api/documentSettings', () => ({
  getDocumentSettings: api.getDocumentSettings,
  editDocumentSettings: api.editDocumentSettings,
  // The other settings pages' stores (src/features/preferences/settingsStores.ts), not read here.
  getSendingSettings: vi.fn(),
  getDocumentLogos: vi.fn(),
}));

/** The page's own fields; the API answers the rest, untouched by this page. */
const documentSettings = {
  invoiceTitle: 'Facture',
  invoiceComment: '',
  invoiceCompanyName: '',
  invoiceShowPaymentModes: true,
  invoiceShowBank: true,
  invoiceBankId: null,
  defaultPaymentDeadline: { rule: 'days', value: 30 },
  defaultPaymentModes: ['transfer', 'check'],
  version: 4,
};

const { InvoiceDocumentPage } = await import('./documentPages');

beforeEach(() => {
  clearToasts();
  $session.set({ ...$session.get(), isAdmin: true, userId: 1, enterpriseId: 1 });
});

it('« Paramètres des factures » lists the company banks, shows the stored one chosen and saves through the API', async () => {
  const bank = { name: 'Banque Populaire', id: 9, isDefault: false };
  api.listBanks.mockResolvedValue([{ name: 'Crédit Agricole', id: 7, isDefault: true }, bank]);
  api.getDocumentSettings.mockResolvedValue({ ...documentSettings, invoiceBankId: 9 });
  api.editDocumentSettings.mockImplementation(async (_id: number, edit: object) => ({
    ...documentSettings,
    ...edit,
    version: 5,
  }));
  render(<InvoiceDocumentPage />);
  const chooser = (await screen.findByLabelText('Banque affichée')) as HTMLSelectElement;
  expect(chooser.value).toBe('9');
  expect([...chooser.options].map((option) => option.text)).toEqual([
    'Banque par défaut',
    'Crédit Agricole',
    'Banque Populaire',
  ]);
  await userEvent.selectOptions(chooser, 'Banque par défaut');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() =>
    expect(api.editDocumentSettings).toHaveBeenCalledWith(
      1,
      expect.objectContaining({
        invoiceBankId: null,
        defaultPaymentModes: ['transfer', 'check'],
        version: 4,
      }),
    ),
  );
});
