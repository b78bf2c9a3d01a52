import { describe, expect, it } from 'vitest';
import { serverErrorMessage } from '../../i18n/serverErrors';
import { validationMessages } from '../../i18n/validationMessages';

/** The sentences of spec sections 5 and 8 that the payments API's keys stand for, byte for byte. */
describe('payment messages', () => {
  it('batch summaries name the failed rows', () => {
    expect(serverErrorMessage('batch_invoices_not_paid', { items: 'FA-2026-00012, FA-2026-00013' })).toBe(
      "Ces factures n'ont pas pu être réglées : FA-2026-00012, FA-2026-00013.",
    );
    expect(serverErrorMessage('batch_payments_not_deleted', { items: 'FA-2026-00001 du 02/03/2026' })).toBe(
      "Ces règlements n'ont pas pu être supprimés : FA-2026-00001 du 02/03/2026.",
    );
    expect(serverErrorMessage('batch_payments_not_found', { items: 'FA-2026-00001 du 02/03/2026' })).toBe(
      "Ces règlements n'existent plus : FA-2026-00001 du 02/03/2026.",
    );
    expect(serverErrorMessage('payment_not_found')).toBe('Règlement introuvable.');
  });

  it('credit-note payment refusals, and the before-issuance question', () => {
    expect(serverErrorMessage('credit_payment_nonzero')).toBe(
      'Un règlement par avoir doit avoir un montant nul.',
    );
    expect(serverErrorMessage('credit_payment_retainage')).toBe(
      "Un règlement par avoir n'est pas possible : l'affaire a une retenue de garantie.",
    );
    expect(serverErrorMessage('credit_payment_invoice_has_payments')).toBe(
      "Un règlement par avoir n'est pas possible : la facture a déjà des règlements reçus.",
    );
    expect(serverErrorMessage('payment_before_issuance')).toContain(validationMessages.paymentBeforeInvoice);
    expect(validationMessages.paymentBeforeInvoice).toBe(
      "Le règlement a-t-il été reçu avant l'émission de la facture ?",
    );
  });
});
