import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setConfig } from '../../config/config';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { forgetDocumentsPerPage, setDocumentsPerPage } from '../preferences/documentsPerPage';
import { PaymentsPendingScreen, PaymentsReceivedScreen } from './PaymentsScreens';
import { makeOutstanding, makeReceived } from './testing/paymentFixtures';

// jsdom's <dialog> has no showModal/close: the open attribute stands for them here.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

const signIn = (isAdmin: boolean) =>
  $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin, scopes: [] });

describe('Règlements reçus: deleting payments', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    setDocumentsPerPage(1, 50);
    const rows = makeReceived(3);
    mockFetch({
      'GET /v2/companies/1/payments/received': () => ({
        body: { data: rows, info: { hits: 3, totalCents: 1 } },
      }),
      'GET /v2/companies/1/banks': () => ({ body: { data: [] } }),
    });
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
    forgetDocumentsPerPage();
  });

  async function selectPage() {
    const user = userEvent.setup();
    render(<PaymentsReceivedScreen />);
    // The page's rows (the virtualised rows are not drawn in jsdom).
    await user.click(
      await screen.findByRole('checkbox', { name: 'Sélectionner toutes les lignes de la page' }),
    );
    return user;
  }

  it('is for admins: a member sees « Supprimer la sélection » inert, with the reason', async () => {
    signIn(false);
    await selectPage();
    expect(screen.getByText('Supprimer la sélection').closest('[inert]')).not.toBeNull();
    expect(screen.getByText('Action réservée aux administrateurs')).toBeTruthy();
  });

  it('an admin is asked first, with what will be deleted and its total', async () => {
    signIn(true);
    const user = await selectPage();
    await user.click(screen.getByRole('button', { name: 'Supprimer la sélection' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer 3 règlements' });
    expect(within(dialog).getByText(/^Ces règlements seront supprimés \(total/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Supprimer les règlements' })).toBeTruthy();
  });
});

describe('Règlements en attente: what the list counts', { timeout: 30_000 }, () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example' });
    setTokenCookie(makeToken(demoClaims));
    setDocumentsPerPage(1, 50);
    signIn(true);
    const rows = makeOutstanding(7);
    mockFetch({
      'GET /v2/companies/1/payments/outstanding': () => ({
        body: { data: rows, info: { hits: 7, totalCents: 84_000 } },
      }),
      'GET /v2/companies/1/banks': () => ({ body: { data: [] } }),
    });
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
    forgetDocumentsPerPage();
  });

  it('its rows are invoices still owed: « 7 factures », and the selection counts invoices too', async () => {
    const user = userEvent.setup();
    render(<PaymentsPendingScreen />);
    expect(await screen.findByRole('region', { name: /^7 factures · total 840,00/ })).toBeTruthy();
    expect(screen.queryByText(/règlements ·/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les lignes de la page' }));
    expect(screen.getByRole('region', { name: /^7 factures sélectionnées · total/ })).toBeTruthy();
  });
});
