import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../../api/customers';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { clearToasts } from '../../../ui/toasts/toastStore';
import { customerSettings, professionalCustomer } from '../testing/customerFixtures';
import { CustomerSheet } from './CustomerSheet';

const editPath = 'POST /v2/companies/1/customers/42/edit';

/** A fake API keeping one stored customer, with the server's version rule. */
function serve(stored: Customer) {
  let current: Customer = { ...stored };
  const api = mockFetch({
    'GET /v2/companies/1/customers/42': () => ({ body: { data: current } }),
    'GET /v2/companies/1/customer-settings': () => ({ body: { data: customerSettings } }),
    [editPath]: ({ body }) => {
      const { id: _id, version, ...changes } = body as { id: number; version: number };
      if (version !== current.version) return { status: 409, body: { error: { key: 'stale_version' } } };
      current = { ...current, ...changes, version: current.version + 1 };
      return { body: { data: current } };
    },
  });
  return {
    ...api,
    /** Someone else saves from another browser. */
    saveElsewhere: (changes: Partial<Customer>) => {
      current = { ...current, ...changes, version: current.version + 1 };
    },
    stored: () => current,
  };
}

describe('customer sheet', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
    clearToasts();
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('offers « Nouvelle affaire » for this customer (the new-job form with the customer chosen)', async () => {
    serve(professionalCustomer);
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    const link = await screen.findByRole('link', { name: 'Nouvelle affaire' });
    expect(new URL(link.getAttribute('href')!, location.origin).pathname).toBe('/affaires/nouvelle');
    expect(new URL(link.getAttribute('href')!, location.origin).searchParams.get('client')).toBe('42');
  });

  it('opens whatever the database holds: a date rule with a number shows the field and its message', async () => {
    serve({ ...professionalCustomer, paymentDeadline: { rule: 'date', value: 5 } });
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    expect(
      await screen.findByRole('heading', { name: 'Fiche client : SCI Les Terrasses du Rhône' }),
    ).toBeTruthy();
    const field = screen.getByLabelText('Date (JJ/MM/AAAA) *');
    expect(field).toHaveProperty('value', '5');
    expect(await screen.findByText('La date doit respecter le format JJ/MM/AAAA.')).toBeTruthy();
  });

  it('opens an unknown rule and unknown modes too, each with its message', async () => {
    serve({ ...professionalCustomer, paymentDeadline: { rule: 'weekly' }, paymentModes: ['bitcoin'] });
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    expect(await screen.findByLabelText('Règle')).toHaveProperty('value', 'weekly');
    await waitFor(() => expect(screen.getAllByText("Cette valeur n'est pas valide.").length).toBe(2));
  });

  it('sends only the changed fields with the version it shows', async () => {
    const user = userEvent.setup();
    const api = serve(professionalCustomer);
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    await user.clear(await screen.findByLabelText('Ville'));
    await user.type(screen.getByLabelText('Ville'), 'Villeurbanne');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le client' }));
    await waitFor(() => expect(api.stored().version).toBe(4));
    const edit = api.calls.find((call) => call.method === 'POST')!;
    expect(edit.body).toEqual({ id: 42, version: 3, city: 'Villeurbanne' });
    // The next save starts from the saved version.
    await user.type(screen.getByLabelText('Commentaires'), ' Sonner deux fois.');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le client' }));
    await waitFor(() => expect(api.stored().version).toBe(5));
    expect(api.calls.filter((call) => call.method === 'POST')[1]!.body).toEqual({
      id: 42,
      version: 4,
      comments: 'Accès au chantier par la cour. Sonner deux fois.',
    });
  });

  it('a save after someone else saved the same version: 409, the typing stays, the French message shows', async () => {
    const user = userEvent.setup();
    const api = serve(professionalCustomer);
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    await user.clear(await screen.findByLabelText('Ville'));
    await user.type(screen.getByLabelText('Ville'), 'Villeurbanne');
    api.saveElsewhere({ comments: 'Changé par Lucas.' });
    await user.click(screen.getByRole('button', { name: 'Enregistrer le client' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "Quelqu'un d'autre a enregistré ces informations pendant votre saisie : vos modifications n'ont pas été enregistrées.",
    );
    expect(screen.getByLabelText('Ville')).toHaveProperty('value', 'Villeurbanne');
    expect(api.stored()).toMatchObject({ city: 'Lyon', comments: 'Changé par Lucas.', version: 4 });
    await user.click(within(alert).getByRole('button', { name: 'Recharger la fiche' }));
    expect(await screen.findByLabelText('Commentaires')).toHaveProperty('value', 'Changé par Lucas.');
  });

  it('deleting a customer is for admins: a member sees the button inert, with the reason', async () => {
    serve(professionalCustomer);
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    const remove = await screen.findByText('Supprimer le client');
    expect(remove.closest('[inert]')).not.toBeNull();
    expect(screen.getByText('Action réservée aux administrateurs')).toBeTruthy();
  });

  it('the delete confirmation names the customer, with a red destructive button', async () => {
    const user = userEvent.setup();
    $session.setKey('isAdmin', true);
    serve(professionalCustomer);
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Supprimer le client' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Supprimer le client « SCI Les Terrasses du Rhône » ?',
    });
    expect(dialog.textContent).toContain(
      'Le client « SCI Les Terrasses du Rhône » sera définitivement supprimé.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Supprimer définitivement' });
    expect(confirm.className).toMatch(/dangerButton/);
  });
});
