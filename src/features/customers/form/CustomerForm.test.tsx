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

  it("says a 422's field messages under the fields only: no generic red toast beside them (issue 26)", async () => {
    const user = userEvent.setup();
    renderForm(async () => {
      throw new ApiError(422, 'validation', { email: 'email' });
    });
    await user.type(screen.getByLabelText('Raison sociale *'), 'Menuiserie Blanc');
    await user.type(screen.getByLabelText('Email'), 'contact@blanc.fr');
    await user.click(saveButton());
    expect(await screen.findByText('Ce champ doit être une adresse email valide.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(toastTexts()).toEqual([]);
  });

  it('a 422 on a field the form does not show still says the save failed', async () => {
    const user = userEvent.setup();
    renderForm(async () => {
      throw new ApiError(422, 'validation', { keepDuplicateCode: 'boolean' });
    });
    await user.type(screen.getByLabelText('Raison sociale *'), 'Menuiserie Blanc');
    await user.click(saveButton());
    await waitFor(() =>
      expect(toastTexts()).toEqual([['error', 'Une erreur est survenue lors de la mise à jour.']]),
    );
  });

  it('a new customer saved says it was created (its own message)', async () => {
    const user = userEvent.setup();
    render(
      <CustomerForm
        initialValues={emptyCustomerForm()}
        settings={customerSettings}
        save={async () => professionalCustomer}
        savedMessage="Le client a été créé."
      />,
    );
    await user.type(screen.getByLabelText('Raison sociale *'), 'Menuiserie Blanc');
    await user.click(saveButton());
    await waitFor(() => expect(toastTexts()).toEqual([['success', 'Le client a été créé.']]));
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

describe('customer form: the contract, stale saves, defaults', () => {
  beforeEach(() => clearToasts());

  it('a stored customer that breaks the contract opens with the field and its message', async () => {
    const stored = { ...professionalCustomer, paymentDeadline: { rule: 'date', value: 5 } };
    render(
      <CustomerForm
        initialValues={customerToForm(stored)}
        settings={customerSettings}
        save={vi.fn()}
        validateOnOpen
      />,
    );
    const field = screen.getByRole('textbox', { name: 'Date (JJ/MM/AAAA)' });
    expect(field).toHaveProperty('value', '5');
    expect(await screen.findByText('La date doit respecter le format JJ/MM/AAAA.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('a stale save keeps everything typed and says so in French, with a reload', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    render(
      <CustomerForm
        initialValues={customerToForm(professionalCustomer)}
        settings={customerSettings}
        save={async () => {
          throw new ApiError(409, 'stale_version');
        }}
        onReload={reload}
      />,
    );
    await user.clear(screen.getByLabelText('Ville'));
    await user.type(screen.getByLabelText('Ville'), 'Villeurbanne');
    await user.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      "Quelqu'un d'autre a enregistré ces informations pendant votre saisie : vos modifications n'ont pas été enregistrées.",
    );
    expect(screen.getByLabelText('Ville')).toHaveProperty('value', 'Villeurbanne');
    await user.click(screen.getByRole('button', { name: 'Recharger la fiche' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('« Spécifiques à ce client » starts from the general default modes', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn(), emptyCustomerForm('professional', customerSettings));
    await user.click(screen.getByRole('radio', { name: 'Spécifiques à ce client' }));
    expect(screen.getByRole('checkbox', { name: 'Virement' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Chèque' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Espèces' })).toHaveProperty('checked', false);
  });

  it('offers the four deadline rules of the spec as sentences', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn());
    await user.click(screen.getByRole('radio', { name: 'Spécifique à ce client' }));
    const rules = [...(screen.getByLabelText('Règle') as HTMLSelectElement).options].map((o) => o.text);
    expect(rules).toEqual([
      'Payé un nombre de jours après la facture',
      'Payé un nombre de jours après la facture, puis en fin de mois',
      'Payé le même jour chaque mois (décalage au jour X du mois)',
      'Payé à une date précise',
    ]);
  });

  it('« Payé à une date précise » types its date in the French date field (slashes put in, a calendar beside)', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async (_input: CustomerInput) => professionalCustomer);
    renderForm(save, customerToForm(professionalCustomer));
    await user.click(screen.getByRole('radio', { name: 'Spécifique à ce client' }));
    await user.selectOptions(screen.getByLabelText('Règle'), 'date');
    const date = screen.getByRole('textbox', { name: 'Date (JJ/MM/AAAA)' });
    await user.clear(date);
    await user.type(date, '31122026');
    expect(date).toHaveProperty('value', '31/12/2026');
    expect(screen.getByRole('button', { name: 'Changer la date, jeudi 31 décembre 2026' })).toBeTruthy();
    await user.click(saveButton());
    await waitFor(() =>
      expect(save.mock.calls[0]?.[0].paymentDeadline).toEqual({ rule: 'date', value: '2026-12-31' }),
    );
  });

  it('unsaved changes: leaving asks first (beforeunload) until saved', async () => {
    const user = userEvent.setup();
    renderForm(async () => professionalCustomer, customerToForm(professionalCustomer));
    const leave = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leave()).toBe(false);
    await user.type(screen.getByLabelText('Ville'), ' Est');
    expect(leave()).toBe(true);
    await user.click(saveButton());
    await waitFor(() => expect(leave()).toBe(false));
  });
});

describe('customer form: duplicate warnings', () => {
  beforeEach(() => clearToasts());

  it("warns when the email or SIRET is another customer's, and still saves", async () => {
    const user = userEvent.setup();
    const other = {
      id: 7,
      type: 'private' as const,
      companyName: '',
      civility: 'M.',
      firstName: 'Julien',
      lastName: 'Moreau',
    };
    const findDuplicates = vi.fn(async ({ email, siret }: { email: string; siret: string }) => ({
      email: email === 'julien.moreau@exemple.fr' ? other : null,
      siret:
        siret === '52198765400014'
          ? { ...other, type: 'professional' as const, companyName: 'SCI Les Terrasses' }
          : null,
    }));
    const save = vi.fn(async (_input: CustomerInput) => professionalCustomer);
    render(
      <CustomerForm
        initialValues={emptyCustomerForm()}
        settings={customerSettings}
        save={save}
        findDuplicates={findDuplicates}
      />,
    );
    await user.type(screen.getByLabelText('Raison sociale *'), 'Menuiserie Blanc');
    // Not asked while the value is not a valid email yet.
    await user.type(screen.getByLabelText('Email'), 'Julien.Moreau@exemple.fr');
    await user.type(screen.getByLabelText('SIRET'), '521 987 654 00014');
    expect(
      await screen.findByText(
        'Attention : cette adresse email est déjà celle du client « M. Julien Moreau ».',
      ),
    ).toBeTruthy();
    expect(
      await screen.findByText('Attention : ce numéro SIRET est déjà celui du client « SCI Les Terrasses ».'),
    ).toBeTruthy();
    expect(findDuplicates).toHaveBeenLastCalledWith({
      email: 'julien.moreau@exemple.fr',
      siret: '52198765400014',
    });
    expect(
      findDuplicates.mock.calls.every(([query]) => !query.email || query.email.includes('@exemple.fr')),
    ).toBe(true);
    expect(screen.getByLabelText('Email').getAttribute('aria-describedby')).toMatch(/warning/);
    await user.click(saveButton());
    await waitFor(() => expect(save).toHaveBeenCalledOnce());
  });
});

describe('customer form civility', () => {
  it('keeps a civility outside the usual ones, so saving does not drop it', () => {
    renderForm(vi.fn(), customerToForm({ ...professionalCustomer, civility: 'Maître' }));
    expect(screen.getByLabelText('Civilité')).toHaveProperty('value', 'Maître');
  });
});
