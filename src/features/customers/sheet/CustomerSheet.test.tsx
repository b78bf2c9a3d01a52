import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Customer } from '../../../api/customers';
import { invalidateKeys } from '../../../api/query';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { clearToasts } from '../../../ui/toasts/toastStore';
import { customerSettings, professionalCustomer } from '../testing/customerFixtures';
import { emptyRecord, fullRecord, type RecordAnswers, recordQuotes } from '../testing/recordFixtures';
import { CustomerSheet } from './CustomerSheet';
import { NewCustomerScreen } from './NewCustomerScreen';

const editPath = 'POST /v2/companies/1/customers/42/edit';

const customerEdited = {
  id: 5,
  occurredAt: '2026-11-20T09:30:00.000Z',
  kind: 'customer.updated',
  userId: 7,
  userName: 'Lucas Bernard',
  objectType: 'customer',
  objectId: 42,
  label: 'Client SCI Les Terrasses du Rhône modifié',
  details: { changed: ['city'] },
};

/** A fake API keeping one stored customer, with the server's version rule, and its documents. */
function serve(stored: Customer, record: RecordAnswers = emptyRecord) {
  let current: Customer = { ...stored };
  const api = mockFetch({
    'GET /v2/companies/1/customers/42': () => ({ body: { data: current } }),
    'GET /v2/companies/1/customers/42/overview': () => ({ body: { data: record.overview } }),
    'GET /v2/companies/1/business-jobs': () => ({ body: record.jobs }),
    'GET /v2/companies/1/quotes': () => ({ body: record.quotes }),
    'GET /v2/companies/1/invoices': () => ({ body: record.invoices }),
    'GET /v2/companies/1/payments/received': () => ({ body: record.payments }),
    'GET /v2/companies/1/users': () => ({ body: { data: [] } }),
    'GET /v2/companies/1/activity': () => ({ body: { data: [customerEdited], total: 1 } }),
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
    // Each test's fake server answers afresh: nothing of the previous test's cache.
    invalidateKeys(() => true);
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('the new-customer form opens once the company defaults answered (no customer to load)', async () => {
    serve(professionalCustomer);
    render(<NewCustomerScreen />);
    expect(await screen.findByRole('button', { name: 'Enregistrer le client' })).toBeTruthy();
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
    const field = screen.getByRole('textbox', { name: 'Date (JJ/MM/AAAA)' });
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

  it('shows what the customer owes and is late with, its jobs, quotes, invoices and payments (issue 26)', async () => {
    const api = serve(professionalCustomer, fullRecord);
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    const figures = await screen.findByRole('region', { name: 'Chiffres' });
    await waitFor(() => expect(within(figures).getByText('Reste à encaisser')).toBeTruthy());
    const figure = (label: string) => within(figures).getByText(label).parentElement!.textContent;
    expect(figure('Reste à encaisser')).toBe('Reste à encaisser1\u202f400,00\u00a0€');
    expect(figure('En retard')).toBe('En retard1\u202f400,00\u00a0€');
    expect(figure('Reste à facturer HT')).toBe('Reste à facturer HT5\u202f000,00\u00a0€');

    const jobs = await screen.findByRole('table', { name: 'Affaires' });
    expect(
      within(jobs).getByRole('link', { name: 'Ravalement façade quai Perrache' }).getAttribute('href'),
    ).toBe('/affaires/11');
    const quotes = await screen.findByRole('table', { name: 'Devis' });
    // Each quote opens in its editor; the accepted one, half invoiced, offers its next invoice.
    expect(within(quotes).getByRole('link', { name: 'DE-2026-00021' }).getAttribute('href')).toBe(
      '/affaires/devis/21',
    );
    expect(within(quotes).getByRole('link', { name: 'Facturer le devis DE-2026-00021' })).toBeTruthy();
    expect(within(quotes).queryByRole('link', { name: 'Facturer le devis DE-2026-00022' })).toBeNull();
    const invoices = await screen.findByRole('table', { name: 'Factures' });
    expect(within(invoices).getByRole('link', { name: 'FA-2026-00040' })).toBeTruthy();
    expect(within(invoices).getByText('en retard')).toBeTruthy();
    const payments = await screen.findByRole('table', { name: 'Règlements' });
    expect(within(payments).getAllByRole('row')).toHaveLength(3);
    // Each list asks for this customer's rows only, newest first, a page at a time.
    const asked = (path: string) =>
      new URL(api.calls.find((call) => call.url.includes(path))!.url).searchParams;
    expect(Object.fromEntries(asked('/invoices?'))).toEqual({
      customerId: '42',
      limit: '10',
      offset: '0',
      sort: 'date',
      order: 'desc',
    });
    expect(asked('/payments/received?').get('customerId')).toBe('42');
    expect(asked('/business-jobs?').get('customerId')).toBe('42');
    expect(asked('/quotes?').get('customerId')).toBe('42');
  });

  it('a customer without documents: each list says so', async () => {
    serve(professionalCustomer);
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    expect(
      await screen.findByText('Aucune affaire pour ce client. Créez-en une avec « Nouvelle affaire ».'),
    ).toBeTruthy();
    expect(await screen.findByText('Aucun devis pour ce client.')).toBeTruthy();
    expect(await screen.findByText('Aucune facture pour ce client.')).toBeTruthy();
    expect(await screen.findByText('Aucun règlement reçu de ce client.')).toBeTruthy();
    for (const name of ['Affaires', 'Devis', 'Factures', 'Règlements'])
      expect(screen.queryByRole('table', { name })).toBeNull();
  });

  it('a list that cannot be loaded says so and asks again on « Réessayer »', async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = serve(professionalCustomer, fullRecord);
    const answer = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (refuse && url.includes('/payments/received')) {
        return new Response(JSON.stringify({ error: { key: 'forbidden' } }), { status: 403 });
      }
      return answer(input, init);
    });
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    const alert = await screen.findByText("Les règlements du client n'ont pas pu être chargés.");
    refuse = false;
    await user.click(within(alert.parentElement!).getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByRole('table', { name: 'Règlements' })).toBeTruthy();
  });

  it('a long list pages: the next page asks the next rows', async () => {
    const user = userEvent.setup();
    const api = serve(professionalCustomer, {
      ...fullRecord,
      quotes: { ...recordQuotes, info: { hits: 25 } },
    });
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    await screen.findByRole('table', { name: 'Devis' });
    const pager = screen.getByRole('navigation', { name: 'Pages de la liste « Devis »' });
    await user.click(within(pager).getByRole('button', { name: 'Page suivante' }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.includes('/quotes?') && call.url.includes('offset=10'))).toBe(
        true,
      ),
    );
  });

  it("shows the customer's history: its own events only (issue 26)", async () => {
    const api = serve(professionalCustomer);
    render(<CustomerSheet customerId={42} onDeleted={() => {}} />);
    expect(await screen.findByRole('heading', { name: 'Historique' })).toBeTruthy();
    expect(await screen.findByText('Client SCI Les Terrasses du Rhône modifié')).toBeTruthy();
    const asked = new URL(api.calls.find((call) => call.url.includes('/activity?'))!.url).searchParams;
    expect(asked.get('objectType')).toBe('customer');
    expect(asked.get('objectId')).toBe('42');
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
