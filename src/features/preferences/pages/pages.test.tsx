import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { CompanySettings } from '../../../api/preferences';
import type { User } from '../../../api/users';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { $session } from '../../../session/session';
import { $toasts, clearToasts } from '../../../ui/toasts/toastStore';
import { preferencesMessages } from '../form/messages';
import { SettingsPage } from '../SettingsPage';
import { CompanyInfoPanel } from './CompanyInfoPage';
import { CostsPanel } from './CostsPage';
import { CustomerCodePanel } from './CustomerCodePage';
import { LogoField, logoProblem } from './LogoField';
import { MyAccountPanel } from './MyAccountPage';
import { sampleCosts, sampleUsers, sampleVatRates } from './samples';
import { UsersPanel } from './UsersPage';
import { VatPanel } from './VatPage';

const toastTexts = () => $toasts.get().map((toast) => [toast.type, toast.content]);

beforeEach(() => {
  clearToasts();
  $session.set({ ...$session.get(), isAdmin: true, userId: 1, enterpriseId: 1 });
});

const [rate] = sampleVatRates;

describe('customer code format', { timeout: 30_000 }, () => {
  it('shows the next code as typed: the format the customer form will generate', async () => {
    const save = vi.fn(
      async (input: Record<string, unknown>) => ({ ...input, nextCode: 'CL-0120' }) as never,
    );
    render(
      <CustomerCodePanel
        settings={{ prefix: '', digits: 5, nextValue: 1, nextCode: '00001', version: 4 }}
        save={save}
        onSaved={vi.fn()}
      />,
    );
    expect(screen.getByText('00001')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Préfixe'), 'CL-');
    await userEvent.clear(screen.getByLabelText('Longueur du compteur'));
    await userEvent.type(screen.getByLabelText('Longueur du compteur'), '4');
    await userEvent.clear(screen.getByLabelText('Prochaine valeur du compteur'));
    await userEvent.type(screen.getByLabelText('Prochaine valeur du compteur'), '120');
    expect(screen.getByText('CL-0120')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(save).toHaveBeenCalledWith({ prefix: 'CL-', digits: 4, nextValue: 120, version: 4 });
    expect(toastTexts()).toEqual([['success', 'Les informations ont été mises à jour.']]);
  });

  it('sends the changed fields with the version read; a stale save says so and keeps what is typed', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(409, 'stale_version');
    });
    const onReload = vi.fn();
    render(
      <CustomerCodePanel
        settings={{ prefix: '', digits: 5, nextValue: 7, nextCode: '00007', version: 2 }}
        save={save}
        onSaved={vi.fn()}
        onReload={onReload}
      />,
    );
    await userEvent.type(screen.getByLabelText('Préfixe'), 'CL-');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    // The counter was left alone: it is not sent, so the customers created meanwhile keep it moving.
    expect(save).toHaveBeenCalledWith({ prefix: 'CL-', version: 2 });
    expect((await screen.findByRole('alert')).textContent).toContain(serverErrorMessages.stale_version);
    expect(screen.getByLabelText('Préfixe')).toHaveProperty('value', 'CL-');
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(onReload).toHaveBeenCalled();
  });
});

describe('VAT sheet', { timeout: 30_000 }, () => {
  it('a used rate shows its percentage read-only with the spec rule; a refusal keeps what is typed', async () => {
    const edit = vi.fn(async () => {
      throw new ApiError(409, 'vat_default_required');
    });
    render(
      <VatPanel rates={[rate]} load={async () => rate} create={vi.fn()} edit={edit} onChanged={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'TVA normale' }));
    const percent = await screen.findByLabelText('Pourcentage (%) *');
    expect(percent).toHaveProperty('readOnly', true);
    expect(
      screen.getByText('Ce taux de TVA est déjà utilisé : son pourcentage ne peut plus être modifié.'),
    ).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Nom affiché sur le PDF *'));
    await userEvent.type(screen.getByLabelText('Nom affiché sur le PDF *'), 'TVA 20 % normale');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(edit).toHaveBeenCalledWith(
      1,
      expect.objectContaining({ basisPoints: 2000, isDefault: true, version: 1 }),
    );
    expect(toastTexts()).toContainEqual(['error', 'Une erreur est survenue lors de la mise à jour.']);
    expect(screen.getByLabelText('Nom affiché sur le PDF *')).toHaveProperty('value', 'TVA 20 % normale');
  });

  it('a new rate: required names and a number for the percentage, in French', async () => {
    const create = vi.fn();
    render(
      <VatPanel rates={[rate]} load={async () => rate} create={create} edit={vi.fn()} onChanged={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau taux de TVA' }));
    const form = screen.getByRole('form', { name: 'Nouveau taux de TVA' });
    await userEvent.clear(within(form).getByLabelText('Pourcentage (%) *'));
    await userEvent.type(within(form).getByLabelText('Pourcentage (%) *'), 'vingt');
    await userEvent.click(within(form).getByRole('button', { name: 'Créer le taux' }));
    expect(within(form).getAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(within(form).getByText('Ce champ doit être un nombre.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('a non-admin opens a rate read-only: every field, no save, « Fermer »; no new rate', async () => {
    $session.set({ ...$session.get(), isAdmin: false });
    const edit = vi.fn();
    const [, reduced] = sampleVatRates;
    render(
      <VatPanel
        rates={[reduced]}
        load={async () => reduced}
        create={vi.fn()}
        edit={edit}
        onChanged={vi.fn()}
      />,
    );
    // Issue 26: no control that would be refused (the page says at its top who changes the rates).
    expect(screen.queryByRole('button', { name: 'Nouveau taux de TVA' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'TVA réduite' }));
    const sheet = await screen.findByRole('form', { name: 'Fiche TVA TVA réduite' });
    expect(sheet.closest('[inert]')).toBeNull();
    for (const label of ['Nom interne *', 'Pourcentage (%) *', 'Mention réglementaire']) {
      expect(within(sheet).getByLabelText(label)).toHaveProperty('readOnly', true);
    }
    expect(within(sheet).getByLabelText('Pourcentage (%) *')).toHaveProperty('value', '5,5');
    expect(within(sheet).getByRole('checkbox', { name: 'Taux par défaut' })).toHaveProperty('disabled', true);
    expect(within(sheet).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('form')).toBeNull();
    expect(edit).not.toHaveBeenCalled();
  });

  it('« Supprimer le taux » asks for confirmation; a rate in use says why, an unused one goes', async () => {
    const [, reduced] = sampleVatRates;
    const remove = vi
      .fn<(id: number) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(409, 'vat_rate_in_use'))
      .mockResolvedValueOnce(undefined);
    const onChanged = vi.fn();
    render(
      <VatPanel
        rates={[reduced]}
        load={async () => reduced}
        create={vi.fn()}
        edit={vi.fn()}
        remove={remove}
        onChanged={onChanged}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'TVA réduite' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Supprimer le taux' }));
    // The confirmation takes the place and the focus of the button pressed; nothing sent yet.
    expect(screen.getByRole('button', { name: 'Confirmer la suppression' })).toBe(document.activeElement);
    expect(remove).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(serverErrorMessages.vat_rate_in_use);
    expect(onChanged).not.toHaveBeenCalled();
    // Refused, the button is back where it was, and so is the keyboard.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Supprimer le taux' })).toBe(document.activeElement),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Supprimer le taux' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirmer la suppression' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(remove.mock.calls).toEqual([[2], [2]]);
    expect(screen.queryByRole('form', { name: 'Fiche TVA TVA réduite' })).toBeNull();
    expect(toastTexts()).toEqual([['success', 'Le taux de TVA est supprimé.']]);
  });

  it('a sheet or a new rate closes with « Annuler », nothing sent', async () => {
    const edit = vi.fn();
    render(
      <VatPanel rates={[rate]} load={async () => rate} create={vi.fn()} edit={edit} onChanged={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau taux de TVA' }));
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('form', { name: 'Nouveau taux de TVA' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'TVA normale' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('form', { name: 'Fiche TVA TVA normale' })).toBeNull();
    expect(edit).not.toHaveBeenCalled();
  });
});

describe('users', { timeout: 30_000 }, () => {
  const users = sampleUsers;
  /** The panel as an admin (id 1) sees it, with spies for what a test does not watch. */
  const renderUsers = (props: Partial<ComponentProps<typeof UsersPanel>>) =>
    render(
      <UsersPanel
        users={users}
        selfId={1}
        create={vi.fn()}
        edit={vi.fn()}
        toggle={vi.fn()}
        onChanged={vi.fn()}
        {...props}
      />,
    );

  it('an email already used is said under the field; a new user’s invitation link is shown', async () => {
    const create = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(409, 'email_already_used'))
      .mockResolvedValueOnce({
        user: { ...users[1]!, id: 9, firstName: 'Nina', lastName: 'Nouvelle', email: 'nina@demo.fr' },
        invitation: { url: 'http://localhost/invitation/abc', expiresAt: '2026-12-01T00:00:00Z' },
      });
    renderUsers({ create });
    await userEvent.click(screen.getByRole('button', { name: 'Nouvel utilisateur' }));
    await userEvent.type(screen.getByLabelText('Nom *'), 'Nouvelle');
    await userEvent.type(screen.getByLabelText('Prénom *'), 'Nina');
    await userEvent.type(screen.getByLabelText('Adresse email *'), 'admin@demo.fr');
    await userEvent.click(screen.getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await screen.findByText('Cette adresse email est déjà utilisée.')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Adresse email *'));
    await userEvent.type(screen.getByLabelText('Adresse email *'), 'nina@demo.fr');
    await userEvent.click(screen.getByRole('button', { name: "Créer l'utilisateur" }));
    expect(await screen.findByRole('link', { name: 'http://localhost/invitation/abc' })).toBeTruthy();
  });

  it('the sheet sends the changed fields with the version read; a stale save says so and keeps the typing', async () => {
    const edit = vi.fn(async () => {
      throw new ApiError(409, 'stale_version');
    });
    const onChanged = vi.fn();
    renderUsers({ edit, onChanged });
    await userEvent.click(screen.getByRole('button', { name: 'Camille Petit' }));
    await userEvent.clear(screen.getByLabelText('Fonction'));
    await userEvent.type(screen.getByLabelText('Fonction'), 'Cheffe de chantier');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(edit).toHaveBeenCalledWith(2, { job: 'Cheffe de chantier', version: 3 });
    expect((await screen.findByRole('alert')).textContent).toContain(serverErrorMessages.stale_version);
    expect(screen.getByLabelText('Fonction')).toHaveProperty('value', 'Cheffe de chantier');
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(onChanged).toHaveBeenCalled();
  });

  it('no lock nor demotion of oneself; a colleague is locked through the spec call', async () => {
    const toggle = vi.fn(async (user: User) => ({ ...user, locked: true }));
    const onChanged = vi.fn();
    renderUsers({ toggle, onChanged });
    expect(screen.queryByRole('button', { name: 'Verrouiller Sophie Martin' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Verrouiller Camille Petit' }));
    expect(toggle).toHaveBeenCalledWith(users[1], 'lock');
    expect(onChanged).toHaveBeenCalled();
  });

  it('a non-admin opens a user sheet read-only: no save, no lock nor rights, « Fermer »', async () => {
    $session.set({ ...$session.get(), isAdmin: false });
    const edit = vi.fn();
    renderUsers({ selfId: 2, edit });
    expect(screen.queryByRole('button', { name: 'Nouvel utilisateur' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Verrouiller|Rendre admin|Retirer admin/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Sophie Martin' }));
    const sheet = screen.getByRole('form', { name: 'Fiche utilisateur Sophie Martin' });
    expect(sheet.closest('[inert]')).toBeNull();
    expect(within(sheet).getByLabelText('Fonction')).toHaveProperty('value', 'Gérante');
    expect(within(sheet).getByLabelText('Fonction')).toHaveProperty('readOnly', true);
    expect(within(sheet).queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    await userEvent.type(within(sheet).getByLabelText('Fonction'), '{Enter}');
    expect(edit).not.toHaveBeenCalled();
    await userEvent.click(within(sheet).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('form')).toBeNull();
  });
});

describe('logo', { timeout: 30_000 }, () => {
  it('says the spec messages for a file too large or of another format, before any upload', async () => {
    expect(logoProblem({ size: 10, type: 'text/plain' })).toBe("Ce format de fichier n'est pas supporté");
    expect(logoProblem({ size: 600 * 1024, type: 'image/png' })).toBe('Ce fichier est trop volumineux.');
    const upload = vi.fn();
    render(<LogoField logo={null} upload={upload} onUploaded={vi.fn()} />);
    await userEvent.upload(
      screen.getByLabelText('Choisir un logo'),
      new File([new Uint8Array(600 * 1024)], 'grand.png', { type: 'image/png' }),
    );
    expect(screen.getByRole('alert').textContent).toBe('Ce fichier est trop volumineux.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('an image that cannot be loaded says so', async () => {
    render(
      <LogoField
        logo="/v2/companies/1/logo?v=1"
        upload={vi.fn()}
        onUploaded={vi.fn()}
        load={async () => {
          throw new Error('offline');
        }}
      />,
    );
    expect(await screen.findByText("L'image n'a pas pu être chargée.")).toBeTruthy();
  });

  it('uploads an accepted image and hands back the company', async () => {
    const company = { logo: '/v2/companies/1/logo?v=2' } as CompanySettings;
    const upload = vi.fn(async () => company);
    const onUploaded = vi.fn();
    render(<LogoField logo={null} upload={upload} onUploaded={onUploaded} load={async () => new Blob()} />);
    await userEvent.upload(
      screen.getByLabelText('Choisir un logo'),
      new File(['x'], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(company));
  });
});

describe('costs', { timeout: 30_000 }, () => {
  it('computes the hourly cost and sale price live as the figures change', async () => {
    render(<CostsPanel costs={sampleCosts} save={vi.fn()} onSaved={vi.fn()} />);
    const figure = (label: string) =>
      screen.getByText(label).nextElementSibling?.textContent?.replace(/\s/g, ' ');
    expect(figure('Coût horaire')).toBe('49,00 €');
    expect(figure('Prix de vente horaire')).toBe('56,60 €');
    await userEvent.clear(screen.getByLabelText('Bénéfice (%)'));
    await userEvent.type(screen.getByLabelText('Bénéfice (%)'), '20');
    expect(figure('Prix de vente horaire')).toBe('61,74 €');
  });
});

describe('Mon compte', { timeout: 30_000 }, () => {
  it('the password change needs the confirmation to match, and says a wrong current password', async () => {
    const change = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(422, 'wrong_current_password', { currentPassword: 'invalid' }));
    render(
      <MyAccountPanel
        account={{
          id: 1,
          locked: false,
          admin: false,
          lastName: 'Petit',
          firstName: 'Camille',
          job: '',
          email: 'c@demo.fr',
          phone: '',
          version: 1,
          enterpriseId: 1,
        }}
        save={vi.fn()}
        onSaved={vi.fn()}
        changePassword={change}
      />,
    );
    await userEvent.type(screen.getByLabelText('Mot de passe actuel *'), 'ancien');
    await userEvent.type(screen.getByLabelText('Nouveau mot de passe *'), 'nouveau-secret');
    await userEvent.type(screen.getByLabelText('Confirmer le nouveau mot de passe *'), 'autre-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Changer mon mot de passe' }));
    expect(screen.getByText('Les deux mots de passe ne sont pas identiques.')).toBeTruthy();
    expect(change).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByLabelText('Confirmer le nouveau mot de passe *'));
    await userEvent.type(screen.getByLabelText('Confirmer le nouveau mot de passe *'), 'nouveau-secret');
    await userEvent.click(screen.getByRole('button', { name: 'Changer mon mot de passe' }));
    expect(await screen.findByText('Le mot de passe actuel est incorrect.')).toBeTruthy();
    expect(change).toHaveBeenCalledWith({ currentPassword: 'ancien', newPassword: 'nouveau-secret' });
  });
});

describe('a member who is not an administrator (issue 26)', { timeout: 30_000 }, () => {
  const company = {
    name: 'Bâti Rhône SARL',
    siret: '73282932000074',
    logo: '/v2/companies/1/logo?v=3',
    version: 3,
  } as CompanySettings;

  it('reads at the top of the page why it cannot change it, before anything else it shows', () => {
    $session.set({ ...$session.get(), isAdmin: false });
    render(
      <SettingsPage
        title="Informations de l'entreprise"
        restricted={preferencesMessages.restricted}
        state={{ data: company, error: undefined, reload: vi.fn() }}
      >
        {() => <form aria-label="Formulaire" />}
      </SettingsPage>,
    );
    const notice = screen.getByText(
      'Réservé aux administrateurs : vous pouvez consulter ces réglages, pas les modifier.',
    );
    const heading = screen.getByRole('heading', { level: 1 });
    const form = screen.getByRole('form', { name: 'Formulaire' });
    expect(heading.compareDocumentPosition(notice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('an administrator is not told so', () => {
    render(
      <SettingsPage
        title="Gestion de la TVA"
        restricted={preferencesMessages.restricted}
        state={{ data: 1, error: undefined, reload: vi.fn() }}
      >
        {() => null}
      </SettingsPage>,
    );
    expect(screen.queryByText(preferencesMessages.restricted)).toBeNull();
  });

  it('the company information: every field read-only, the logo shown, no chooser nor save, nothing greyed', async () => {
    $session.set({ ...$session.get(), isAdmin: false });
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    const { container } = render(
      <CompanyInfoPanel
        company={company}
        save={vi.fn()}
        upload={vi.fn()}
        onSaved={vi.fn()}
        loadLogo={async () => new Blob(['x'], { type: 'image/png' })}
      />,
    );
    expect(await screen.findByRole('img', { name: "Logo de l'entreprise" })).toBeTruthy();
    expect(screen.getByLabelText('SIRET')).toHaveProperty('readOnly', true);
    // The date field is shown as typed, with no calendar to pick another day.
    expect(screen.getByLabelText('Date de création')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: /Choisir une date|Changer la date/ })).toBeNull();
    expect(screen.queryByLabelText('Choisir un logo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
    expect(container.querySelector('[inert], [data-restricted="true"]')).toBeNull();
    expect(screen.queryByText('Action réservée aux administrateurs')).toBeNull();
  });

  it('the customer code format: read-only, no save', () => {
    $session.set({ ...$session.get(), isAdmin: false });
    render(
      <CustomerCodePanel
        settings={{ prefix: 'CL-', digits: 5, nextValue: 7, nextCode: 'CL-00007', version: 2 }}
        save={vi.fn()}
        onSaved={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Préfixe')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  });
});
