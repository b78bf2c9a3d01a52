import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../config/config';
import { resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';

// The notification centre's code, held back: as on a phone's link when the bell is tapped before the
// page fetched it.
vi.mock('./loadPopover', () => ({
  loadPopover: () => new Promise(() => {}),
  prefetchPopover: () => {},
  prefetchPopoverWhenSettled: () => () => {},
}));

const { NotificationBell } = await import('./NotificationBell');
const { resetNotifications } = await import('./notificationStore');

describe('NotificationBell', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    resetNotifications();
    mockFetch({
      'GET /v2/notifications': () => ({ body: { data: [], info: { hits: 0, totalUnreads: 0 } } }),
    });
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('says it is loading while the notification centre’s code arrives', async () => {
    render(<NotificationBell host={document.createElement('div')} />);
    const bell = screen.getByRole('button', { name: /notification/i });
    await userEvent.click(bell);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    expect((await screen.findByRole('status')).textContent).toBe('Chargement…');
  });
});
