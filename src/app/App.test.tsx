import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followRedirects } from '../routes/redirects';
import { App } from './App';

// The host's own work is under test here; the nav bar and the session have their own tests.
vi.mock('../ui/shell/Shell', () => ({ Shell: () => null }));
vi.mock('../features/nav-bar/NavBar', () => ({ NavBar: () => <nav aria-label="Navigation principale" /> }));
// The customers' screens are another module's: here only what the host hands them matters.
vi.mock('../features/customers/screens', () => ({
  CustomerSheetScreen: ({ customerId }: { customerId: unknown }) => (
    <h1>
      Fiche client {typeof customerId} {String(customerId)}
    </h1>
  ),
}));
vi.mock('../features/payments/screens', () => ({
  PaymentsPendingScreen: () => <h1>Règlements en attente</h1>,
}));
vi.mock('../features/jobs/screens', () => ({
  DealScreen: ({ businessId }: { businessId: string }) => <h1>Affaire {businessId}</h1>,
}));

async function openAt(path: string) {
  history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
  const stop = followRedirects();
  const view = render(<App />);
  return {
    heading: () => screen.findByRole('heading', { level: 1 }),
    stop: () => {
      view.unmount();
      stop();
    },
  };
}

describe('the SPA host', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    history.replaceState(null, '', '/');
  });

  it('shows a route’s screen from its area’s chunk, in the page’s main, under the nav bar', async () => {
    const page = await openAt('/affaires/12');
    stop = page.stop;
    expect((await page.heading()).textContent).toBe('Affaire 12');
    expect(screen.getByRole('main').contains(await page.heading())).toBe(true);
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeTruthy();
  });

  it('sends / to the outstanding payments', async () => {
    const page = await openAt('/');
    stop = page.stop;
    expect((await page.heading()).textContent).toBe('Règlements en attente');
    expect(location.pathname).toBe('/facturation/reglements/en-attente');
  });

  it('shows “Page introuvable” for an unknown address and for a customer id with letters', async () => {
    const page = await openAt('/gestion-clients/abc');
    stop = page.stop;
    expect((await page.heading()).textContent).toBe('Page introuvable');
    expect(screen.getByText('/gestion-clients/abc')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Retour aux règlements en attente' }).getAttribute('href'),
    ).toMatch(/\/facturation\/reglements\/en-attente$/);
  });

  it('hands a digits-only customer id to the customers’ sheet as a number', async () => {
    const page = await openAt('/gestion-clients/42');
    stop = page.stop;
    expect((await page.heading()).textContent).toBe('Fiche client number 42');
    expect(screen.queryByRole('heading', { name: 'Page introuvable' })).toBeNull();
  });

  it('frames a preferences page with the side menu, its entry current', async () => {
    const page = await openAt('/preferences/');
    stop = page.stop;
    // Mon compte is built (issue 12): its heading, while it loads or once loaded. Its chunk is the
    // preferences' whole area; the wait's ceiling is the suite's (src/test/setup.ts).
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon compte' })).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Préférences' });
    expect(menu.querySelector('[aria-current="page"]')?.textContent).toBe('Mon compte');
  });

  it('has the test error pages in development and test builds: the logger page logs an error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = await openAt('/test/client-side-error/logger');
    stop = page.stop;
    expect((await page.heading()).textContent).toBe('Erreur journalisée (test)');
    await vi.waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Erreur client de test : journalisée', expect.any(Error), {
        test: true,
      }),
    );
  });
});
