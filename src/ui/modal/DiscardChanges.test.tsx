import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

const question = 'Vos modifications ne sont pas enregistrées. Fermer sans les enregistrer ?';

/** A dialog with one field: something typed in it is « unsaved ». */
function Typed({ onClose }: { onClose: () => void }) {
  const [text, setText] = useState('');
  return (
    <Modal open title="Règlement" onClose={onClose} unsaved={text !== ''}>
      <label>
        Commentaire
        <input value={text} onChange={(event) => setText(event.currentTarget.value)} />
      </label>
    </Modal>
  );
}

/** What a click on the backdrop is: a click whose target is the <dialog> itself. */
const clickBackdrop = () => fireEvent.click(screen.getByRole('dialog', { name: 'Règlement' }));

describe('Modal with unsaved changes', () => {
  it('closes at once on a backdrop click when nothing is typed', () => {
    const onClose = vi.fn();
    render(<Typed onClose={onClose} />);
    clickBackdrop();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks first, with a styled question whose safe answer has the focus; « keep » keeps what is typed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Typed onClose={onClose} />);
    await user.type(screen.getByLabelText('Commentaire'), 'Chèque remis en main propre');
    clickBackdrop();
    const alert = screen.getByRole('alertdialog', { name: question });
    expect(onClose).not.toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
    const keep = screen.getByRole('button', { name: 'Continuer la saisie' });
    expect(document.activeElement).toBe(keep);
    // A second stray click does not close either.
    clickBackdrop();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(keep);
    expect(alert.isConnected).toBe(false);
    expect(screen.getByLabelText<HTMLInputElement>('Commentaire').value).toBe('Chèque remis en main propre');
  });

  it('Escape on the question keeps the dialog; « Fermer sans enregistrer » closes it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Typed onClose={onClose} />);
    await user.type(screen.getByLabelText('Commentaire'), 'x');
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    const keep = screen.getByRole('button', { name: 'Continuer la saisie' });
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    keep.dispatchEvent(escapeKey);
    // A cancelled keydown is what keeps the browser's <dialog> from cancelling itself.
    expect(escapeKey.defaultPrevented).toBe(true);
    expect(await screen.findByLabelText('Commentaire')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The dialog's own cancel (Escape on the form) asks too.
    fireEvent(screen.getByRole('dialog', { name: 'Règlement' }), new Event('cancel', { cancelable: true }));
    await user.click(screen.getByRole('button', { name: 'Fermer sans enregistrer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
