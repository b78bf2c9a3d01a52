import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateCompanyKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { SCOPE_SITE_MANAGEMENT } from '../../config/constants';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { NavBar } from './NavBar';

describe('nav bar', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: false, scopes: [] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
    vi.unstubAllGlobals();
  });

  it("shows the company's name (whole in its tooltip), and the new one once the company information is saved", async () => {
    let name = 'Martin Rénovation';
    mockFetch({ 'GET /v2/companies/1/settings/company': () => ({ body: { data: { name, city: 'Lyon' } } }) });
    render(<NavBar />);
    const nav = screen.getByRole('navigation', { name: 'Navigation principale' });
    const shown = await within(nav).findByText('Martin Rénovation');
    expect(shown.getAttribute('title')).toBe('Martin Rénovation');
    name = 'Martin Rénovation SAS';
    invalidateCompanyKeys('/settings/company');
    expect(await within(nav).findByText('Martin Rénovation SAS')).toBeTruthy();
  });

  it('keeps an open submenu open when the authorization arrives and an entry appears before it (issue 27)', async () => {
    mockFetch({});
    render(<NavBar />);
    const menubar = screen.getByRole('menubar', { name: 'Menu principal' });
    fireEvent.click(within(menubar).getByRole('menuitem', { name: 'Profil' }));
    expect(screen.getByRole('menuitem', { name: 'Se déconnecter' })).toBeTruthy();

    // The session settles: the company's scopes come in, 'Gestion chantier' is added to the bar.
    act(() => $session.setKey('scopes', [SCOPE_SITE_MANAGEMENT]));
    expect(within(menubar).getByRole('menuitem', { name: 'Gestion chantier' })).toBeTruthy();
    expect(within(menubar).getByRole('menuitem', { name: 'Profil' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(screen.getByRole('menuitem', { name: 'Se déconnecter' })).toBeTruthy();
  });
});
