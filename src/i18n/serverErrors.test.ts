import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors';
import { errorMessageFor, serverErrorMessage } from './serverErrors';

describe('server error catalogue', () => {
  it('maps keys to French sentences, with parameters', () => {
    expect(serverErrorMessage('email_already_used')).toBe('Cette adresse email est déjà utilisée.');
    expect(serverErrorMessage('batch_invoices_not_paid', { items: 'F-001, F-002' })).toBe(
      "Ces factures n'ont pas pu être réglées : F-001, F-002.",
    );
  });

  it('falls back to the generic internal error for an unknown key or a non-API failure', () => {
    const generic = serverErrorMessage('internal_error');
    expect(generic).toMatch(/réessayer.*chat/);
    expect(serverErrorMessage('no_such_key')).toBe(generic);
    expect(errorMessageFor(new TypeError('network'))).toBe(generic);
    expect(errorMessageFor(new ApiError(409, 'quote_has_provisional_invoice'))).toBe(
      'Ce devis a déjà une facture PROVISOIRE.',
    );
  });
});
