import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../config/config';
import { navigation } from '../../session/navigation';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { addToast, clearToasts } from '../toasts/toastStore';
import { Shell } from './Shell';

describe('<Shell>', () => {
  beforeEach(() => {
    setConfig({ platformOrigin: 'https://plateforme.example', apiHost: 'https://api.example' });
    vi.spyOn(navigation, 'assign').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
    act(() => clearToasts());
  });

  it("shows 'Redirection en cours...' while an undecodable token sends the browser to login", async () => {
    mockFetch({});
    setTokenCookie('abc.def');
    render(<Shell />);
    expect(await screen.findByText('Redirection en cours...')).toBeTruthy();
    expect(navigation.assign).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/plateforme\.example\/login\?redirect=/),
    );
  });

  it("starts the session, then shows 'Vous n'êtes pas connecté !' when it is lost", async () => {
    mockFetch({ 'GET /v2/users/7/authorization': () => ({ body: { data: { admin: false, scopes: [] } } }) });
    setTokenCookie(makeToken(demoClaims));
    render(<Shell />);
    expect($session.get().status).toBe('signed-in');
    act(() => $session.setKey('status', 'signed-out'));
    expect(await screen.findByRole('heading', { name: "Vous n'êtes pas connecté !" })).toBeTruthy();
    expect(screen.getByText('Vous allez être redirigé vers la page de connexion…')).toBeTruthy();
    screen.getByRole('button', { name: 'Se connecter' }).click();
    expect(navigation.assign).toHaveBeenCalledTimes(1);
  });

  it('loads the toast area when a toast arrives', async () => {
    mockFetch({ 'GET /v2/users/7/authorization': () => ({ body: { data: { admin: false, scopes: [] } } }) });
    setTokenCookie(makeToken(demoClaims));
    render(<Shell />);
    act(() => void addToast('Les informations ont été mises à jour.', { type: 'success' }));
    expect(await screen.findByText('Les informations ont été mises à jour.')).toBeTruthy();
  });
});
