import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateCompanyKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { NavBar } from './NavBar';

describe('nav bar: the company name', () => {
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
});
