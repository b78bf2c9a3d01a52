import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerInput } from '../../../api/customers';
import { ApiError } from '../../../api/errors';
import { $toasts, clearToasts } from '../../../ui/toasts/toastStore';
import { customerSettings, professionalCustomer } from '../testing/customerFixtures';
import { CustomerForm } from './CustomerForm';
import { customerToForm, emptyCustomerForm } from './customerFormSchema';

const toastTexts = () => $toasts.get().map((toast) => [toast.type, toast.content]);
const saveButton = () => screen.getByRole('button', { name: 'Enregistrer le client' });

function renderForm(
  save: (input: CustomerInput) => Promise<typeof professionalCustomer>,
  initial = emptyCustomerForm(),
) {
  return render(<CustomerForm initialValues={initial} settings={customerSettings} save={save} />);
}

describe('customer form', () => {
  beforeEach(() => clearToasts());

  it('shows every field of the spec with its French label and the general defaults', () => {
    renderForm(vi.fn());
    for (const label of [
      'Raison sociale *',
      'SIRET',
      'N° de TVA intracommunautaire',
      'Civilité',
      'Prénom',
      'Nom',
      'Fonction',
      'Email',
      'Téléphone',
      'Portable',
      'Fax',
      'Adresse',
      'Code postal',
      'Ville',
      'Pays',
      'Commentaires',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole('radio', { name: 'Professionnel' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Générer automatiquement (prochain : 00012)' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Par défaut (réglage général : 30 jours)' })).toBeTruthy();
    expect(
      screen.getByRole('radio', { name: 'Par défaut (réglage général : Virement, Chèque)' }),
    ).toBeTruthy();
  });

  it('shows the messages under the fields and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const save = vi.fn();
    renderForm(save);
    await user.type(screen.getByLabelText('Email'), 'pas-un-email');
    await user.click(saveButton());
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(screen.getByText('Ce champ doit être une adresse email valide.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Raison sociale *'));
    expect(screen.getByLabelText('Raison sociale *').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('a private customer needs a last name, not a company name', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn());
    await user.click(screen.getByRole('radio', { name: 'Particulier' }));
    expect(screen.queryByLabelText(/Raison sociale/)).toBeNull();
    await user.click(saveButton());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nom *')));
  });

  it('saves, then says so in a toast', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async (_input: CustomerInput) => professionalCustomer);
    renderForm(save);
    await user.type(screen.getByLabelText('Raison sociale *'), 'Menuiserie Blanc');
    await user.click(screen.getByRole('radio', { name: 'Spécifiques à ce client' }));
    await user.click(screen.getByRole('checkbox', { name: 'Prélèvement SEPA' }));
    await user.click(saveButton());
    await waitFor(() =>
      expect(toastTexts()).toEqual([['success', 'Les informations ont été mises à jour.']]),
    );
    expect(save.mock.calls[0]![0]).toMatchObject({
      type: 'professional',
      companyName: 'Menuiserie Blanc',
      paymentModes: ['sepa'],
      paymentDeadline: null,
    });
    expect(save.mock.calls[0]![0]).not.toHaveProperty('customerCode');
  });

  it('after a server error keeps everything typed and shows the error toast', async () => {
    const user = userEvent.setup();
    renderForm(async () => {
      throw new ApiError(500, 'internal_error');
    });
    await user.type(screen.getByLabelText('Raison sociale *'), 'Menuiserie Blanc');
    await user.type(screen.getByLabelText('Ville'), 'Lyon');
    await user.click(saveButton());
    await waitFor(() =>
      expect(toastTexts()).toEqual([['error', 'Une erreur est survenue lors de la mise à jour.']]),
    );
    expect(screen.getByLabelText('Raison sociale *')).toHaveProperty('value', 'Menuiserie Blanc');
    expect(screen.getByLabelText('Ville')).toHaveProperty('value', 'Lyon');
  });

  it("puts a 422's field messages under the fields and focuses the first", async () => {
    const user = userEvent.setup();
    renderForm(async () => {
      throw new ApiError(422, 'validation', { email: 'email', companyName: 'required' });
    });
    await user.type(screen.getByLabelText('Raison sociale *'), 'X');
    await user.click(saveButton());
    expect(await screen.findByText('Ce champ doit être une adresse email valide.')).toBeTruthy();
    expect(screen.getByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Raison sociale *'));
  });

  it('flags an existing code: edit it, or keep it and save again', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async (input: CustomerInput) => {
      if (!input.keepDuplicateCode) throw new ApiError(409, 'customer_code_exists');
      return professionalCustomer;
    });
    renderForm(save, { ...customerToForm(professionalCustomer), codeMode: 'manual', customerCode: '00001' });
    await user.click(saveButton());
    expect(await screen.findByText('Ce code client existe déjà. Modifiez-le ou conservez-le.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Modifier le code' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Code client *'));
    await user.click(saveButton());
    await user.click(await screen.findByRole('button', { name: 'Conserver ce code' }));
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith(
        expect.objectContaining({ customerCode: '00001', keepDuplicateCode: true }),
      ),
    );
    expect(toastTexts()).toEqual([['success', 'Les informations ont été mises à jour.']]);
  });
});

describe('customer form civility', () => {
  it('keeps a civility outside the usual ones, so saving does not drop it', () => {
    renderForm(vi.fn(), customerToForm({ ...professionalCustomer, civility: 'Maître' }));
    expect(screen.getByLabelText('Civilité')).toHaveProperty('value', 'Maître');
  });
});
