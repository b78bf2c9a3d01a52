import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountingSettings } from '../../api/accounting';
import { ApiError } from '../../api/errors';
import { defaultAccountingSettings } from '../../contract/accounting';
import { $session } from '../../session/session';
import { $toasts, clearToasts } from '../../ui/toasts/toastStore';
import { AccountingSettingsPanel } from './AccountingSettingsScreen';
import { BanksView } from './BanksScreen';
import { sampleBanks } from './samples';

const toastTexts = () => $toasts.get().map((toast) => [toast.type, toast.content]);
const asAdmin = (isAdmin: boolean) =>
  $session.set({ ...$session.get(), isAdmin, userId: 1, enterpriseId: 1 });

beforeEach(() => {
  clearToasts();
  asAdmin(true);
});

const [stored] = sampleBanks;

function renderBanks(overrides: Partial<Parameters<typeof BanksView>[0]> = {}) {
  const props = {
    banks: [stored],
    onChange: vi.fn(),
    list: vi.fn(async () => [stored]),
    create: vi.fn(async (data) => ({ ...data, id: 2, version: 1 })),
    edit: vi.fn(async (_id, changes) => ({ ...stored, ...changes, version: 5 })),
    remove: vi.fn(async () => undefined),
    ...overrides,
  } satisfies Parameters<typeof BanksView>[0];
  render(<BanksView {...props} />);
  return props;
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('Gestion des banques', { timeout: 30_000 }, () => {
  it('a new bank: IBAN and BIC refused in French under their fields, nothing sent, what was typed kept', async () => {
    const { create } = renderBanks();
    await userEvent.click(screen.getByRole('button', { name: 'Nouvelle banque' }));
    await userEvent.type(field('Nom'), 'Banque Populaire Rhône');
    await userEvent.type(field('IBAN'), 'FR76 3000 6000 0112 3456 7890 188');
    await userEvent.type(field('BIC'), 'CCBP');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // A digit typed wrong is said as such, not as a format error (issue 26).
    expect(
      await screen.findByText(
        "La clé de contrôle de l'IBAN ne correspond pas : un chiffre est sans doute mal saisi.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText("Le format de l'IBAN est incorrect.")).toBeNull();
    expect(screen.getByText('Le format du BIC est incorrect.')).toBeTruthy();
    expect(field('IBAN').getAttribute('aria-invalid')).toBe('true');
    expect(create).not.toHaveBeenCalled();
    expect(field('Nom')).toHaveProperty('value', 'Banque Populaire Rhône');

    await userEvent.clear(field('IBAN'));
    await userEvent.type(field('IBAN'), 'FR76 3000 6000 0112 3456 7890 189');
    await userEvent.clear(field('BIC'));
    await userEvent.type(field('BIC'), 'ccbpfrpplyo');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La banque est enregistrée.')).toBeTruthy();
    // Stored as the contract says: the IBAN's electronic form, the BIC in capitals.
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ iban: 'FR7630006000011234567890189', bic: 'CCBPFRPPLYO', country: 'France' }),
    );
    expect(toastTexts()).toEqual([['success', 'Les informations ont été mises à jour.']]);
  });

  it('an edit sends the changed fields and its version; a stale save keeps what was typed and reloads on demand', async () => {
    const edit = vi.fn(async () => {
      throw new ApiError(409, 'stale_version');
    });
    const { list } = renderBanks({ edit });
    await userEvent.click(screen.getByRole('button', { name: 'Crédit Agricole Centre-Est' }));
    // The stored IBAN is shown grouped by four; sent untouched, it is not a change.
    expect(field('IBAN')).toHaveProperty('value', 'FR76 1780 6001 2300 0456 7890 197');
    await userEvent.clear(field('Téléphone'));
    await userEvent.type(field('Téléphone'), '04 72 52 80 01');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(edit).toHaveBeenCalledWith(1, { phone: '04 72 52 80 01', version: 1 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "Quelqu'un d'autre a enregistré ces informations pendant votre saisie",
    );
    expect(field('Téléphone')).toHaveProperty('value', '04 72 52 80 01');
    await userEvent.click(within(alert).getByRole('button', { name: 'Recharger' }));
    expect(list).toHaveBeenCalled();
  });

  it('« Fermer » with unsaved changes asks first: staying keeps the typing, leaving closes the sheet', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderBanks();
    await userEvent.click(screen.getByRole('button', { name: 'Crédit Agricole Centre-Est' }));
    await userEvent.clear(field('Téléphone'));
    await userEvent.type(field('Téléphone'), '04 72 52 80 01');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(confirm).toHaveBeenCalledWith(
      'Vos modifications ne sont pas enregistrées. Quitter la page sans les enregistrer ?',
    );
    expect(field('Téléphone')).toHaveProperty('value', '04 72 52 80 01');
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockRestore();
  });

  it('« Fermer » without changes closes at once, nothing asked', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    renderBanks();
    await userEvent.click(screen.getByRole('button', { name: 'Crédit Agricole Centre-Est' }));
    await userEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    confirm.mockRestore();
  });

  it('the default bank keeps its flag until another bank takes it', async () => {
    renderBanks();
    await userEvent.click(screen.getByRole('button', { name: 'Crédit Agricole Centre-Est' }));
    expect(screen.getByRole('checkbox', { name: 'Banque par défaut' })).toHaveProperty('disabled', true);
    expect(
      screen.getByText(
        'Pour changer de banque par défaut, cochez « Banque par défaut » sur une autre banque.',
      ),
    ).toBeTruthy();
  });

  it('a bank used by payments is not deleted, and says so in French', async () => {
    const remove = vi.fn(async () => {
      throw new ApiError(409, 'bank_in_use');
    });
    renderBanks({ remove });
    await userEvent.click(screen.getByRole('button', { name: 'Crédit Agricole Centre-Est' }));
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer la banque' }));
    // The confirmation takes the place and the focus of the button pressed.
    expect(screen.getByRole('button', { name: 'Confirmer la suppression' })).toBe(document.activeElement);
    await userEvent.keyboard('{Enter}');
    expect(remove).toHaveBeenCalledWith(1);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Cette banque est utilisée par des règlements : elle ne peut pas être supprimée.',
    );
  });

  it('a member reads the banks and their sheets, read-only: no new bank, no save nor delete', async () => {
    asAdmin(false);
    const { container } = render(
      <BanksView
        banks={[stored]}
        onChange={vi.fn()}
        list={vi.fn()}
        create={vi.fn()}
        edit={vi.fn()}
        remove={vi.fn()}
      />,
    );
    // Issue 26: never a control the server would refuse; nothing greyed with its reason far below.
    expect(screen.queryByRole('button', { name: 'Nouvelle banque' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Crédit Agricole Centre-Est' }));
    const sheet = screen.getByRole('form', { name: 'Fiche banque : Crédit Agricole Centre-Est' });
    expect(within(sheet).getByRole('textbox', { name: 'IBAN' })).toHaveProperty('readOnly', true);
    expect(within(sheet).queryByRole('button', { name: /Enregistrer|Supprimer/ })).toBeNull();
    expect(container.querySelectorAll('[data-restricted="true"], [inert]')).toHaveLength(0);
  });
});

describe('Gestion comptabilité', { timeout: 30_000 }, () => {
  const settings: AccountingSettings = { ...defaultAccountingSettings, version: 2 };

  it('saves the fiscal year typed JJ/MM/AAAA with its version; an end before the start is refused', async () => {
    const save = vi.fn(async (input: Record<string, unknown>) => ({ ...settings, ...input, version: 3 }));
    render(<AccountingSettingsPanel settings={settings} save={save} onSaved={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: "Début de l'exercice" }), '01/01/2027');
    await userEvent.type(screen.getByRole('textbox', { name: "Fin de l'exercice" }), '31/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Cette valeur n'est pas valide.")).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByRole('textbox', { name: "Fin de l'exercice" }));
    await userEvent.type(screen.getByRole('textbox', { name: "Fin de l'exercice" }), '31/12/2027');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Numéro de compte prorata' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Numéro de compte prorata' }), '604100');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(save).toHaveBeenCalledWith(
      expect.objectContaining({
        prorataAccount: '604100',
        fiscalYearStart: '2027-01-01',
        fiscalYearEnd: '2027-12-31',
        version: 2,
      }),
    );
    expect(toastTexts()).toEqual([['success', 'Les informations ont été mises à jour.']]);
  });

  it('a refused save says the server’s field message and the error toast, what was typed kept', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(422, 'validation', { salesJournalCode: 'too_long' });
    });
    render(<AccountingSettingsPanel settings={settings} save={save} onSaved={vi.fn()} />);
    const journal = screen.getByRole('textbox', { name: 'Code du journal des ventes' });
    await userEvent.clear(journal);
    await userEvent.type(journal, 'VENTES');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(/trop long/)).toBeTruthy();
    expect(journal).toHaveProperty('value', 'VENTES');
    expect(toastTexts()).toEqual([['error', 'Une erreur est survenue lors de la mise à jour.']]);
  });

  it('a member reads them, read-only, with no save', () => {
    asAdmin(false);
    render(<AccountingSettingsPanel settings={settings} save={vi.fn()} onSaved={vi.fn()} />);
    const form = screen.getByRole('form', { name: 'Réglages comptables' });
    expect(form.closest('[inert]')).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
