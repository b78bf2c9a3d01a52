import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InvoicingHomeView } from './InvoicingHome';

describe('invoicing home', () => {
  it('after a failure says so in French and offers to try again', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<InvoicingHomeView summary="failed" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain(
      "Le tableau de bord de la facturation n'a pas pu être chargé.",
    );
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
