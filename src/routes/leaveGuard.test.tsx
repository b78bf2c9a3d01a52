import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationMessages } from '../i18n/validationMessages';
import { useLeaveGuard } from './leaveGuard';
import { followLink } from './links';
import { $router } from './router';

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

function Guarded({ unsaved }: { unsaved: boolean }) {
  useLeaveGuard(unsaved, validationMessages.unsavedChanges);
  return null;
}

describe('leaving unsaved changes through the router', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    history.replaceState(null, '', '/');
  });

  it('asks first; staying keeps the page, leaving goes', () => {
    $router.open('/gestion-clients/42');
    const ask = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const view = render(<Guarded unsaved />);
    expect(followLink(click(), inApp)).toBe(true);
    expect(ask).toHaveBeenCalledWith(
      'Vos modifications ne sont pas enregistrées. Quitter la page sans les enregistrer ?',
    );
    expect(location.pathname).toBe('/gestion-clients/42');
    ask.mockReturnValue(true);
    followLink(click(), inApp);
    expect(location.pathname).toBe('/gestion-clients');
    expect($router.get()?.route).toBe('customers');
    view.unmount();
  });

  it('does not ask when nothing is unsaved', () => {
    $router.open('/gestion-clients/42');
    const ask = vi.spyOn(window, 'confirm');
    render(<Guarded unsaved={false} />);
    followLink(click(), inApp);
    expect(ask).not.toHaveBeenCalled();
    expect(location.pathname).toBe('/gestion-clients');
  });
});
