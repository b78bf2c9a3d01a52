import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invalidateKeys } from '../../api/query';
import { setConfig } from '../../config/config';
import { serverErrorMessages } from '../../i18n/serverErrors';
import { $router } from '../../routes/router';
import { $session, resetSession } from '../../session/session';
import { mockFetch } from '../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../test/tokens';
import { clearToasts } from '../../ui/toasts/toastStore';
import { privateCustomer, professionalCustomer } from '../customers/testing/customerFixtures';
import { $customerSearch } from './jobStores';
import { NewJob } from './NewJob';
import { job, users } from './testing/jobFixtures';

const jobsPath = '/v2/companies/1/business-jobs';

/** A fake API: the customers, the users, and the create (its body answered back as the job). */
function serve({ refuse }: { refuse?: { status: number; body: unknown } } = {}) {
  return mockFetch({
    'GET /v2/companies/1/customers/42': () => ({ body: { data: professionalCustomer } }),
    'GET /v2/companies/1/customers': ({ url }) => {
      const q = new URL(url).searchParams.get('q') ?? '';
      const all = [professionalCustomer, privateCustomer];
      const data = all.filter((c) =>
        `${c.companyName} ${c.lastName}`.toLowerCase().includes(q.toLowerCase()),
      );
      return { body: { data, info: { hits: data.length } } };
    },
    'GET /v2/companies/1/users': () => ({ body: { data: users } }),
    [`POST ${jobsPath}`]: ({ body }) =>
      refuse ?? {
        body: { data: { ...job, id: 99, ...(body as object), customerName: 'x', ownerName: null } },
      },
  });
}

function openAt(path: string) {
  history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

const nameField = () => screen.getByRole('textbox', { name: "Nom de l'affaire" });
const customerField = () => screen.getByRole('combobox', { name: 'Client' });
const ownerField = () => screen.getByRole('combobox', { name: 'Responsable' }) as HTMLSelectElement;

describe('Nouvelle affaire', () => {
  let stopRouter = () => {};
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 2, enterpriseId: 1, isAdmin: false, scopes: [] });
    stopRouter = $router.listen(() => {});
    clearToasts();
  });
  afterEach(() => {
    stopRouter();
    invalidateKeys(() => true);
    $customerSearch.set('');
    resetSession();
    setTokenCookie(null);
    history.replaceState(null, '', '/');
  });

  it('from a customer sheet: the customer chosen, the user as owner; « Créer l’affaire » sends the job and opens it', async () => {
    const { calls } = serve();
    openAt('/affaires/nouvelle?client=42');
    const user = userEvent.setup();
    render(<NewJob />);
    await waitFor(() =>
      expect(customerField()).toHaveProperty('value', 'SCI Les Terrasses du Rhône (00003)'),
    );
    await waitFor(() => expect(ownerField().selectedOptions[0]?.textContent).toBe('Lucas Bernard'));
    // A locked user is not offered.
    expect(within(ownerField()).queryByRole('option', { name: 'Paul Ancien' })).toBeNull();
    await user.type(nameField(), 'Terrasse bois');
    await user.type(screen.getByRole('textbox', { name: 'Adresse du chantier' }), '12 quai Perrache, Lyon');
    await user.clear(screen.getByRole('textbox', { name: 'Retenue de garantie (%)' }));
    await user.type(screen.getByRole('textbox', { name: 'Retenue de garantie (%)' }), '5');
    expect(screen.queryByRole('textbox', { name: 'Date de réception des travaux' })).toBeNull();
    await user.click(screen.getByRole('button', { name: "Créer l'affaire" }));
    await waitFor(() => expect($router.get()?.route).toBe('deal'));
    expect($router.get()?.params).toEqual({ businessId: '99' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Terrasse bois',
      customerId: 42,
      siteAddress: '12 quai Perrache, Lyon',
      retainageBasisPoints: 500,
      ownerUserId: 2,
      deliveryDate: null,
    });
  });

  it('searches the customers as the user types and picks one with the keyboard', async () => {
    const { calls } = serve();
    openAt('/affaires/nouvelle');
    const user = userEvent.setup();
    render(<NewJob />);
    expect(customerField()).toHaveProperty('value', '');
    await user.type(customerField(), 'mor');
    // One request after the pause in the typing, not one per key.
    await waitFor(() =>
      expect(calls.some((call) => new URL(call.url).searchParams.get('q') === 'mor')).toBe(true),
    );
    expect(calls.filter((call) => new URL(call.url).searchParams.has('q'))).toHaveLength(1);
    const listbox = screen.getByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(1));
    const option = within(listbox).getByRole('option', { name: /Moreau/ });
    await user.keyboard('{ArrowDown}');
    expect(customerField().getAttribute('aria-activedescendant')).toBe(option.id);
    await user.keyboard('{Enter}');
    expect(customerField()).toHaveProperty('value', option.textContent);
    await user.keyboard('{Escape}');
    expect(customerField()).toHaveProperty('value', option.textContent);
  });

  it('shows the server’s refusal and keeps everything typed', async () => {
    serve({ refuse: { status: 404, body: { error: { key: 'not_found' } } } });
    openAt('/affaires/nouvelle?client=42');
    const user = userEvent.setup();
    render(<NewJob />);
    await waitFor(() =>
      expect(customerField()).toHaveProperty('value', 'SCI Les Terrasses du Rhône (00003)'),
    );
    await user.type(nameField(), 'Terrasse bois');
    await user.click(screen.getByRole('button', { name: "Créer l'affaire" }));
    expect((await screen.findByRole('alert')).textContent).toBe(serverErrorMessages.not_found);
    expect(nameField()).toHaveProperty('value', 'Terrasse bois');
    expect($router.get()?.route).toBe('newDeal');
  });

  it('puts a 422’s codes under their fields, the first one focused', async () => {
    serve({
      refuse: {
        status: 422,
        body: { error: { key: 'validation', fields: { name: 'too_long', retainageBasisPoints: 'number' } } },
      },
    });
    openAt('/affaires/nouvelle?client=42');
    const user = userEvent.setup();
    render(<NewJob />);
    await waitFor(() =>
      expect(customerField()).toHaveProperty('value', 'SCI Les Terrasses du Rhône (00003)'),
    );
    await user.type(nameField(), 'Terrasse');
    await user.click(screen.getByRole('button', { name: "Créer l'affaire" }));
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
    expect(screen.getByText('Ce texte est trop long.')).toBeTruthy();
    expect(screen.getByText('Ce champ doit être un nombre.')).toBeTruthy();
  });
});
