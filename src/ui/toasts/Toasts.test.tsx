import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Toasts } from './Toasts';
import { $toasts, addToast, clearToasts } from './toastStore';

describe('<Toasts>', () => {
  afterEach(() => act(() => clearToasts()));

  it('shows toasts newest first, errors as alerts, and closes one on its button', async () => {
    render(<Toasts />);
    act(() => {
      addToast('Les informations ont été mises à jour.', { type: 'success' });
      addToast('Une erreur est survenue lors de la mise à jour.', { type: 'error' });
    });
    expect(screen.getByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Une erreur'));
    expect(screen.getByRole('status')).toHaveProperty('textContent', expect.stringContaining('mises à jour'));
    await userEvent.click(screen.getAllByRole('button', { name: 'Fermer' })[0]!);
    expect($toasts.get().find((toast) => toast.type === 'error')?.show).toBe(false);
  });
});
