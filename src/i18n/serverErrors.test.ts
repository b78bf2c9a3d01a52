import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { setConfig } from '../config/config';
import { errorKeys } from '../contract/errors';
import { fieldCodes } from '../contract/fields';
import { fieldCodeMessage, fieldCodeMessages } from './fieldCodeMessages';
import { errorMessageFor, serverErrorMessage, serverErrorMessages } from './serverErrors';

describe('server error catalogue', () => {
  it('maps keys to French sentences, with parameters', () => {
    expect(serverErrorMessage('email_already_used')).toBe('Cette adresse email est déjà utilisée.');
    expect(serverErrorMessage('batch_invoices_not_paid', { items: 'F-001, F-002' })).toBe(
      "Ces factures n'ont pas pu être réglées : F-001, F-002.",
    );
  });

  it('falls back to the generic internal error for an unknown key or a non-API failure', () => {
    const generic = serverErrorMessage('internal_error');
    expect(generic).toMatch(/réessayer/);
    expect(serverErrorMessage('no_such_key')).toBe(generic);
    expect(errorMessageFor(new TypeError('network'))).toBe(generic);
    expect(errorMessageFor(new ApiError(409, 'quote_has_provisional_invoice'))).toBe(
      'Ce devis a déjà une facture PROVISOIRE.',
    );
  });
});

describe('where a message sends a user who needs us (issue 25)', () => {
  afterEach(() => setConfig({}));

  it('to the help page when no chat is configured, never to a chat that is not there', () => {
    setConfig({});
    for (const key of ['internal_error', 'scope_required']) {
      expect(serverErrorMessage(key)).not.toMatch(/chat/);
      expect(serverErrorMessage(key)).toMatch(/consultez l'aide \(menu « Aide »\)\.$/);
    }
  });

  it('to the chat when the page configures its widget', () => {
    setConfig({ chatWidgetScriptUrl: 'https://chat.example.com/widget.js' });
    expect(serverErrorMessage('internal_error')).toBe(
      'Une erreur interne est survenue. Veuillez réessayer ; si le problème persiste, contactez-nous via le chat.',
    );
    expect(errorMessageFor(new TypeError('network'))).toMatch(/via le chat\.$/);
  });
});

describe('the sentences of the correction and hardening keys (issues 18, 19)', () => {
  it('say what to do instead, in the words of the spec', () => {
    expect(serverErrorMessage('invoice_already_sent')).toMatch(/émettez un avoir\.$/);
    expect(serverErrorMessage('document_unavailable')).toMatch(/^Le document n'a pas pu être préparé/);
    expect(serverErrorMessage('file_too_large')).toBe('Ce fichier est trop volumineux.');
    expect(serverErrorMessage('unsupported_file_format')).toBe("Ce format de fichier n'est pas supporté.");
    expect(fieldCodeMessages.date_too_late).toBe('La date doit être au plus tard le 31/12/2100.');
  });
});

describe('server error keys of the contract', () => {
  it('every key the server may answer has its own French sentence', () => {
    for (const key of errorKeys) {
      expect(serverErrorMessages[key], key).toMatch(/^[A-ZÀ-ÿ«].{10,}[.!?»]$/);
      // Not the generic fallback, unless it is the generic key itself.
      if (key !== 'internal_error')
        expect(serverErrorMessage(key)).not.toBe(serverErrorMessages.internal_error);
    }
    expect(Object.keys(serverErrorMessages).sort()).toEqual([...errorKeys].sort());
  });

  it('missing company mentions are named in French (the editor shows this sentence)', () => {
    const error = new ApiError(422, 'company_data_missing', { siret: 'required', apeCode: 'required' });
    expect(errorMessageFor(error)).toBe(
      "Il manque des mentions obligatoires de l'entreprise : le SIRET, le code APE. Complétez les informations de l'entreprise pour valider la facture.",
    );
  });

  it('a stale save reads as a French sentence that says the typing is kept', () => {
    expect(serverErrorMessage('stale_version')).toContain("vos modifications n'ont pas été enregistrées");
  });
});

describe('field codes of the contract', () => {
  it('every field code has a French sentence', () => {
    for (const code of fieldCodes) expect(fieldCodeMessages[code], code).toMatch(/^[A-ZÀ-ÿ«L].{8,}\.$/);
    expect(fieldCodeMessage('siret')).toBe("Ce numéro SIRET n'est pas valide.");
    expect(fieldCodeMessage('from_a_newer_server')).toBe("Cette valeur n'est pas valide.");
  });
});
