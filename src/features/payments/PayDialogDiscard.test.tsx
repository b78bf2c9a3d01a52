import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PayDialog } from './PayDialog';
import { demoBanks, makeOutstanding } from './testing/paymentFixtures';

/** Issue 26: a stray click on the backdrop threw the typed comment away. */
describe('PayDialog and what is typed in it', { timeout: 30_000 }, () => {
  it('a backdrop click with a comment typed asks first instead of closing', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <PayDialog
        open
        enterpriseId={1}
        rows={makeOutstanding(1)}
        banks={demoBanks}
        onClose={onClose}
        onPaid={() => {}}
      />,
    );
    await user.type(screen.getByLabelText('Commentaire'), 'Réglé au comptoir');
    const dialog = screen.getByRole('dialog', { name: 'Régler une facture' });
    fireEvent.click(dialog);
    expect(screen.getByRole('alertdialog', { name: /Fermer sans les enregistrer \?$/ })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Continuer la saisie' }));
    expect(screen.getByLabelText<HTMLInputElement>('Commentaire').value).toBe('Réglé au comptoir');
    fireEvent.click(dialog);
    await user.click(screen.getByRole('button', { name: 'Fermer sans enregistrer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
