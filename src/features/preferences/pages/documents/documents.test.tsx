import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Bank } from '../../../../api/banks';
import type {
  DocumentLogos,
  DocumentSettings,
  DocumentSettingsEdit,
  SendingSettings,
} from '../../../../api/documentSettings';
import { ApiError } from '../../../../api/errors';
import {
  defaultBodyTemplate,
  defaultSubjectTemplate,
  sendingPlaceholders,
} from '../../../../contract/sending';
import { $session } from '../../../../session/session';
import { $toasts, clearToasts } from '../../../../ui/toasts/toastStore';
import { documentSettingsAnswer } from '../../testing/documentSettings';
import { DocumentLogosPanel, formatForms } from './DocumentFormatsPage';
import { type DocumentFormSpec, DocumentSettingsForms } from './DocumentSettingsForms';
import { generalForms, invoiceForms, quoteForms, termsForms } from './documentPages';
import { SendingSettingsPanel } from './SendingSettingsPage';

const toastTexts = () => $toasts.get().map((toast) => [toast.type, toast.content]);
const success = ['success', 'Les informations ont été mises à jour.'];
const failure = ['error', 'Une erreur est survenue lors de la mise à jour.'];

export const documentSettings: DocumentSettings = documentSettingsAnswer;

const bank = (id: number, name: string): Bank => ({
  id,
  name,
  bankCode: '',
  accountingNumber: '',
  bic: '',
  iban: '',
  address: '',
  zipCode: '',
  city: '',
  country: 'France',
  phone: '',
  isDefault: id === 7,
  version: 1,
});

beforeEach(() => {
  clearToasts();
  $session.set({ ...$session.get(), isAdmin: true, userId: 1, enterpriseId: 1 });
});

/** A save that answers the settings with the edit applied and the version moved on. */
const saving = () =>
  vi.fn(
    async (edit: DocumentSettingsEdit): Promise<DocumentSettings> => ({
      ...documentSettings,
      ...edit,
      version: edit.version + 1,
    }),
  );

const renderForms = (
  forms: DocumentFormSpec[],
  save: (edit: DocumentSettingsEdit) => Promise<DocumentSettings>,
) => render(<DocumentSettingsForms settings={documentSettings} forms={forms} save={save} />);

async function retype(label: string, text: string) {
  const field = screen.getByLabelText(label, { exact: false });
  await userEvent.clear(field);
  // Pasted: `{…}` (placeholders, numbering) would read as keys when typed.
  if (text) await userEvent.paste(text);
  return field;
}

describe('Paramètres généraux des documents', { timeout: 30_000 }, () => {
  it('saves the precisions, then the numbering, each with its own fields and the latest version', async () => {
    const save = saving();
    renderForms(generalForms, save);
    await retype('Précision des quantités', '3');
    await retype('Documents par page', '50');
    const general = screen.getByRole('form', { name: 'Paramètres généraux des documents' });
    await userEvent.click(within(general).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        documentsPerPage: 50,
        quantityPrecision: 3,
        unitPricePrecision: 2,
        version: 4,
      }),
    );
    expect(toastTexts()).toEqual([success]);
    await retype('Format des numéros de facture', 'F{AA}-{NNNN}');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la numérotation' }));
    await waitFor(() =>
      expect(save).toHaveBeenLastCalledWith({
        invoiceNumberFormat: 'F{AA}-{NNNN}',
        creditNoteNumberFormat: 'AV-{AAAA}-{NNNNN}',
        creditNoteOwnSequence: true,
        version: 5,
      }),
    );
  });

  it('says the rules in French under the fields and saves nothing', async () => {
    const save = saving();
    renderForms(generalForms, save);
    await retype('Précision des quantités', 'deux');
    await retype('Format des numéros de facture', '');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ doit être un nombre.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la numérotation' }));
    expect(await screen.findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('a refused save keeps what was typed, says why under the field, and the update error toast', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(422, 'invalid_number_pattern');
    });
    renderForms(generalForms, save);
    const field = await retype('Format des numéros de facture', 'FA-{XX}');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la numérotation' }));
    await waitFor(() => expect(toastTexts()).toContainEqual(failure));
    expect(field).toHaveProperty('value', 'FA-{XX}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });

  it('a stale save says so and offers to reload, what was typed still there', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(409, 'stale_version');
    });
    const onReload = vi.fn();
    render(
      <DocumentSettingsForms
        settings={documentSettings}
        forms={generalForms}
        save={save}
        onReload={onReload}
      />,
    );
    const field = await retype('Documents par page', '30');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Recharger' }));
    expect(onReload).toHaveBeenCalled();
    expect(field).toHaveProperty('value', '30');
  });

  it('a non-admin reads the numbering (no save for it) and saves the precisions without it', async () => {
    $session.set({ ...$session.get(), isAdmin: false });
    const save = saving();
    const { container } = renderForms(generalForms, save);
    // Issue 26: read-only, not greyed with the reason under it; never a button that would be refused.
    expect(container.querySelector('[inert], [data-restricted="true"]')).toBeNull();
    const numbering = screen.getByRole('form', { name: 'Numérotation' });
    expect(within(numbering).getByLabelText('Format des numéros de facture *')).toHaveProperty(
      'readOnly',
      true,
    );
    expect(within(numbering).queryByRole('button', { name: 'Enregistrer la numérotation' })).toBeNull();
    expect(screen.getByLabelText('Précision des quantités *')).toHaveProperty('readOnly', false);
    await retype('Précision des prix unitaires', '4');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        documentsPerPage: 20,
        quantityPrecision: 2,
        unitPricePrecision: 4,
        version: 4,
      }),
    );
  });
});

describe('invoice, quote, terms of sale and formats', { timeout: 30_000 }, () => {
  it('the invoice page saves its title, comment, company name and what is shown', async () => {
    const save = saving();
    renderForms(invoiceForms(), save);
    await retype('Titre', 'Facture travaux');
    await retype('Commentaire', 'Merci de votre confiance.');
    await userEvent.click(screen.getByLabelText('Afficher la banque (IBAN et BIC)'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        invoiceTitle: 'Facture travaux',
        invoiceCompanyName: '',
        invoiceComment: 'Merci de votre confiance.',
        invoiceShowPaymentModes: true,
        invoiceShowBank: false,
        defaultPaymentDeadline: { rule: 'days', value: 30 },
        defaultPaymentModes: ['transfer', 'check'],
        invoiceBankId: null,
        version: 4,
      }),
    );
    expect(toastTexts()).toEqual([success]);
  });

  it('the invoice page saves the default payment deadline, the modes and the bank shown', async () => {
    const save = saving();
    renderForms(invoiceForms([bank(7, 'Crédit Agricole'), bank(9, 'Banque Populaire')]), save);
    await userEvent.selectOptions(screen.getByLabelText('Règle', { exact: false }), 'endOfMonth');
    await retype('Valeur', '45');
    await userEvent.click(screen.getByLabelText('Chèque'));
    await userEvent.click(screen.getByLabelText('Prélèvement SEPA'));
    await userEvent.selectOptions(screen.getByLabelText('Banque affichée'), 'Banque Populaire');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith(
        expect.objectContaining({
          defaultPaymentDeadline: { rule: 'endOfMonth', value: 45 },
          defaultPaymentModes: ['transfer', 'sepa'],
          invoiceBankId: 9,
          version: 4,
        }),
      ),
    );
    expect(toastTexts()).toEqual([success]);
  });

  it('the invoice page checks the deadline and the modes before saving, in French', async () => {
    const save = saving();
    renderForms(invoiceForms(), save);
    await userEvent.selectOptions(screen.getByLabelText('Règle', { exact: false }), 'dayOfMonth');
    await retype('Valeur', '40');
    await userEvent.click(screen.getByLabelText('Virement'));
    await userEvent.click(screen.getByLabelText('Chèque'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La valeur doit être comprise entre 1 et 31.')).toBeTruthy();
    expect(screen.getByLabelText('Virement').getAttribute('aria-invalid')).toBe('true');
    expect(save).not.toHaveBeenCalled();
  });

  it('a bank refused by the server keeps what was typed and says why under the bank', async () => {
    const save = vi.fn(async (): Promise<DocumentSettings> => {
      throw new ApiError(422, 'validation', { invoiceBankId: 'invalid' });
    });
    renderForms(invoiceForms([bank(7, 'Crédit Agricole')]), save);
    await retype('Titre', 'Facture travaux');
    await retype('Valeur', '60');
    await userEvent.selectOptions(screen.getByLabelText('Banque affichée'), 'Crédit Agricole');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const chooser = screen.getByLabelText('Banque affichée') as HTMLSelectElement;
    await waitFor(() => expect(chooser.getAttribute('aria-invalid')).toBe('true'));
    expect(chooser.value).toBe('7');
    expect((screen.getByLabelText('Titre') as HTMLInputElement).value).toBe('Facture travaux');
    expect((screen.getByLabelText('Valeur', { exact: false }) as HTMLInputElement).value).toBe('60');
    expect(chooser.getAttribute('aria-describedby')).toBeTruthy();
    expect(toastTexts()).toEqual([failure]);
  });

  it('the quote page saves its title, company name and CEE mention', async () => {
    const save = saving();
    renderForms(quoteForms, save);
    await retype('Mention CEE', 'Travaux éligibles aux CEE.');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        quoteTitle: 'Devis',
        quoteCompanyName: '',
        quoteCeeMention: 'Travaux éligibles aux CEE.',
        quoteValidityDays: 30,
        version: 4,
      }),
    );
  });

  it('the quote validity: a whole number of days from 1 to 365, said under the field', async () => {
    const save = saving();
    renderForms(quoteForms, save);
    const field = await retype('Durée de validité des devis (jours)', '366');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Ce champ doit être un nombre.')).toBeTruthy();
    await retype('Durée de validité des devis (jours)', '0');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(save).not.toHaveBeenCalled();
    await retype('Durée de validité des devis (jours)', '45');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        quoteTitle: 'Devis',
        quoteCompanyName: '',
        quoteCeeMention: '',
        quoteValidityDays: 45,
        version: 4,
      }),
    );
  });

  it('the terms of sale: the text, attached to quotes and invoices, on a new page', async () => {
    const save = saving();
    renderForms(termsForms, save);
    await retype('Texte des conditions générales de vente', 'Article 1 : …');
    await userEvent.click(screen.getByLabelText('Joindre aux devis'));
    await userEvent.click(screen.getByLabelText('Joindre aux factures'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        termsOfSale: 'Article 1 : …',
        termsOnQuote: true,
        termsOnInvoice: true,
        termsOnNewPage: true,
        version: 4,
      }),
    );
  });

  it('a text too long is said under the field, before any save', async () => {
    const save = saving();
    renderForms(formatForms, save);
    const field = screen.getByLabelText("Texte d'en-tête");
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce texte est trop long.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('documents logos', { timeout: 30_000 }, () => {
  const logos: DocumentLogos = { logo: null, footerLogo: '/v2/companies/1/footer-logo?v=7' };
  const never = () => new Promise<Blob>(() => undefined);

  it('uploads the footer logo and removes it, each with the update toast', async () => {
    const uploadFooter = vi.fn(async () => ({ ...logos, footerLogo: '/v2/companies/1/footer-logo?v=8' }));
    const removeFooter = vi.fn(async () => ({ ...logos, footerLogo: null }));
    const onChanged = vi.fn();
    render(
      <DocumentLogosPanel
        logos={logos}
        uploadHeader={vi.fn()}
        uploadFooter={uploadFooter}
        removeFooter={removeFooter}
        onChanged={onChanged}
        load={never}
      />,
    );
    await userEvent.upload(
      screen.getByLabelText('Choisir un logo de pied de page'),
      new File(['x'], 'pied.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith({ ...logos, footerLogo: expect.stringMatching(/v=8$/) }),
    );
    expect(toastTexts()).toEqual([success]);
    // The same sentence again replaces the toast shown rather than stacking a copy.
    clearToasts();
    await userEvent.click(screen.getByRole('button', { name: 'Retirer le logo de pied de page' }));
    await waitFor(() => expect(onChanged).toHaveBeenLastCalledWith({ ...logos, footerLogo: null }));
    expect(toastTexts()).toEqual([success]);
  });

  it('both logos are the admins’: the others see them, with no chooser nor removal', async () => {
    $session.set({ ...$session.get(), isAdmin: false });
    // jsdom has no object URLs: the preview's address stands for one.
    URL.createObjectURL = vi.fn(() => 'blob:logo');
    URL.revokeObjectURL = vi.fn();
    const { container } = render(
      <DocumentLogosPanel
        logos={logos}
        uploadHeader={vi.fn()}
        uploadFooter={vi.fn()}
        removeFooter={vi.fn()}
        onChanged={vi.fn()}
        load={async () => new Blob(['x'], { type: 'image/png' })}
      />,
    );
    expect(screen.getByRole('group', { name: "Logo d'en-tête" })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Logo de pied de page' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Logo de pied de page' })).toBeTruthy();
    expect(container.querySelector('input[type="file"], [inert]')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retirer le logo de pied de page' })).toBeNull();
  });

  it('a refused footer logo says the spec message', async () => {
    const uploadFooter = vi.fn(async () => {
      throw new ApiError(415, 'unsupported_file_format');
    });
    render(
      <DocumentLogosPanel
        logos={logos}
        uploadHeader={vi.fn()}
        uploadFooter={uploadFooter}
        removeFooter={vi.fn()}
        onChanged={vi.fn()}
        load={never}
      />,
    );
    await userEvent.upload(
      screen.getByLabelText('Choisir un logo de pied de page'),
      new File(['x'], 'pied.png', { type: 'image/png' }),
    );
    expect(await screen.findByText("Ce format de fichier n'est pas supporté.")).toBeTruthy();
    expect(toastTexts()).toEqual([failure]);
  });
});

describe("Paramètres d'envoi", { timeout: 30_000 }, () => {
  const sending: SendingSettings = {
    senderName: 'Martin Rénovation',
    senderEmail: 'contact@martin.fr',
    subjectTemplate: defaultSubjectTemplate,
    bodyTemplate: defaultBodyTemplate,
    placeholders: [...sendingPlaceholders],
    version: 2,
  };

  it('flags an unknown placeholder as typed, refuses it, and keeps the text', async () => {
    const save = vi.fn(async () => sending);
    render(<SendingSettingsPanel settings={sending} save={save} onSaved={vi.fn()} />);
    const subject = await retype("Titre de l'email", 'Facture {numéro} de {entreprise}');
    expect(screen.getByText(/Variable inconnue : \{numéro\}/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Cette valeur n'est pas valide.")).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    expect(subject).toHaveProperty('value', 'Facture {numéro} de {entreprise}');
  });

  it('saves the sender, subject and body with the version read', async () => {
    const save = vi.fn(async () => sending);
    const onSaved = vi.fn();
    render(<SendingSettingsPanel settings={sending} save={save} onSaved={onSaved} />);
    await retype("Adresse email de l'expéditeur", 'factures@martin.fr');
    await retype("Titre de l'email", 'Votre facture {numero}');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        senderName: 'Martin Rénovation',
        senderEmail: 'factures@martin.fr',
        subjectTemplate: 'Votre facture {numero}',
        bodyTemplate: defaultBodyTemplate,
        version: 2,
      }),
    );
    expect(onSaved).toHaveBeenCalledWith(sending);
    expect(toastTexts()).toEqual([success]);
  });

  it('a refused save (the server) keeps the typing and says the error toast', async () => {
    const save = vi.fn(async () => {
      throw new ApiError(422, 'validation', { senderEmail: 'email' });
    });
    render(<SendingSettingsPanel settings={sending} save={save} onSaved={vi.fn()} />);
    const name = await retype("Nom de l'expéditeur", 'Martin Rénovation Lyon');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Ce champ doit être une adresse email valide.')).toBeTruthy();
    expect(name).toHaveProperty('value', 'Martin Rénovation Lyon');
    expect(toastTexts()).toEqual([failure]);
  });
});
