import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationMessages } from '../../i18n/validationMessages';
import { useLeaveGuard } from '../../routes/leaveGuard';
import { followLink } from '../../routes/links';
import { $router } from '../../routes/router';
import { LeaveQuestion } from './LeaveQuestion';

const click = () => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  preventDefault: vi.fn(),
});
const inApp = { href: '/gestion-clients', inApp: true, newTab: false };

function Guarded() {
  useLeaveGuard(true, validationMessages.unsavedChanges);
  return null;
}

/** Issue 26: the customer form's « leave without saving? » in the product's style, not confirm(). */
describe('LeaveQuestion', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    history.replaceState(null, '', '/');
  });

  it('asks with a styled question; staying keeps the page, leaving goes', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm');
    $router.open('/gestion-clients/42');
    render(
      <>
        <LeaveQuestion />
        <Guarded />
      </>,
    );
    followLink(click(), inApp);
    const stay = await screen.findByRole('button', { name: 'Continuer la saisie' });
    expect(screen.getByRole('alertdialog', { name: validationMessages.unsavedChanges })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(stay));
    await user.click(stay);
    expect(location.pathname).toBe('/gestion-clients/42');
    expect(screen.queryByRole('alertdialog')).toBeNull();

    followLink(click(), inApp);
    await user.click(await screen.findByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(location.pathname).toBe('/gestion-clients');
    expect(confirm).not.toHaveBeenCalled();
  });
});
