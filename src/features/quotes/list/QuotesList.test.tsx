import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BusinessJob } from '../../../api/businessJobs';
import { invalidateKeys } from '../../../api/query';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { $toasts, clearToasts } from '../../../ui/toasts/toastStore';
import { QuotesList, QuotesListView } from './QuotesList';
import { $quotesListQuery, defaultQuotesListQuery } from './quotesStores';
import { quoteDetail, quoteRow } from './testing/quoteFixtures';

const rows = [
  quoteRow(12, 'draft', {
    number: 'DE-2026-00012-B',
    revisionIndex: 1,
    title: 'Fournil',
    date: '2026-11-20',
  }),
  quoteRow(11, 'sent', { validUntil: '2026-12-19' }),
  quoteRow(10, 'accepted', { totalExclTaxCents: 598_000, totalInclTaxCents: 717_600 }),
  quoteRow(9, 'refused'),
  quoteRow(8, 'expired', { validUntil: null }),
];

const job = (id: number, name: string, customerName: string): BusinessJob => ({
  id,
  version: 1,
  name,
  customerId: id,
  customerName,
  siteAddress: '',
  deliveryDate: null,
  retainageBasisPoints: 0,
  ownerUserId: null,
  ownerName: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('the quotes list', () => {
  it('shows each quote: number with its revision, object, customer, job, dates, the status in French, HT and TTC', () => {
    render(
      <QuotesListView
        page={{ data: rows, info: { hits: 5 } }}
        loading={false}
        failed={false}
        query={defaultQuotesListQuery()}
        onQuery={() => {}}
        onRetry={() => {}}
        onOpen={() => {}}
        onNew={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Devis' });
    const [header, ...body] = within(table).getAllByRole('row');
    expect(
      within(header!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'N°',
      'Objet',
      'Client',
      'Affaire',
      'Date',
      "Valable jusqu'au",
      'Statut',
      'Total HT',
      'Total TTC',
    ]);
    expect(body.map((row) => within(row).getAllByRole('cell')[6]!.textContent)).toEqual([
      'Brouillon',
      'Envoyé',
      'Accepté',
      'Refusé',
      'Expiré',
    ]);
    const first = within(body[0]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(first.slice(0, 6)).toEqual([
      'DE-2026-00012-B',
      'Fournil',
      'Boulangerie Mercier',
      'Réaménagement fournil Mercier',
      '20/11/2026',
      '02/12/2026',
    ]);
    const accepted = within(body[2]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(accepted.slice(7)).toEqual(['5\u202f980,00\u00a0€', '7\u202f176,00\u00a0€']);
    expect(within(body[4]!).getAllByRole('cell')[5]!.textContent).toBe('—');
    expect(screen.getByRole('status').textContent).toBe('1–5 sur 5');
  });

  it('an empty company is told what to do, and offers « Nouveau devis »', async () => {
    const onNew = vi.fn();
    render(
      <QuotesListView
        page={{ data: [], info: { hits: 0 } }}
        loading={false}
        failed={false}
        query={defaultQuotesListQuery()}
        onQuery={() => {}}
        onRetry={() => {}}
        onOpen={() => {}}
        onNew={onNew}
      />,
    );
    expect(screen.getByText('Aucun devis pour le moment.')).toBeTruthy();
    const buttons = screen.getAllByRole('button', { name: 'Nouveau devis' });
    expect(buttons).toHaveLength(2);
    await userEvent.click(buttons[1]!);
    expect(onNew).toHaveBeenCalledOnce();
  });
});

describe('the quotes list through the data layer', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 2, enterpriseId: 1, isAdmin: true, scopes: [] });
    $quotesListQuery.set(defaultQuotesListQuery());
    clearToasts();
  });
  afterEach(() => {
    invalidateKeys(() => true);
    resetSession();
    setTokenCookie(null);
  });

  it("asks the company's quotes newest first, then by status and by search; a number opens its quote", async () => {
    const { calls } = mockFetch({
      'GET /v2/companies/1/quotes': ({ url }) => {
        const params = new URL(url).searchParams;
        const status = params.get('status');
        const q = params.get('q');
        const data = rows.filter(
          (row) => (!status || row.status === status) && (!q || row.title.includes(q)),
        );
        return { body: { data, info: { hits: data.length } } };
      },
    });
    const onOpen = vi.fn();
    const user = userEvent.setup();
    render(<QuotesList onOpen={onOpen} />);
    const table = await screen.findByRole('table', { name: 'Devis' });
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    const first = new URL(calls[0]!.url).searchParams;
    expect(Object.fromEntries(first)).toEqual({ limit: '50', offset: '0' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Accepté');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(new URL(calls.at(-1)!.url).searchParams.get('status')).toBe('accepted');
    expect(within(table).getByRole('button', { name: 'Ouvrir le devis DE-2026-00010' })).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Statut' }), 'Tous');
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un devis' }), 'Fournil');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const last = new URL(calls.at(-1)!.url).searchParams;
    expect(last.get('q')).toBe('Fournil');
    expect(last.get('status')).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Ouvrir le devis DE-2026-00012-B' }));
    expect(onOpen).toHaveBeenCalledWith(12);
  });

  it('a list mounted again (the platform page makes a new one after the editor) asks again: a quote answered meanwhile shows its status', async () => {
    let status: 'sent' | 'accepted' = 'sent';
    const { calls } = mockFetch({
      'GET /v2/companies/1/quotes': () => ({ body: { data: [quoteRow(11, status)], info: { hits: 1 } } }),
    });
    const first = render(<QuotesList onOpen={() => {}} />);
    expect(await screen.findByText('Envoyé')).toBeTruthy();
    first.unmount();
    status = 'accepted';
    render(<QuotesList onOpen={() => {}} />);
    expect(await screen.findByText('Accepté')).toBeTruthy();
    expect(calls).toHaveLength(2);
  });

  it('« Nouveau devis »: the job searched and the object, required; the draft is created, then opened', async () => {
    const { calls } = mockFetch({
      'GET /v2/companies/1/quotes': () => ({ body: { data: rows, info: { hits: rows.length } } }),
      'GET /v2/companies/1/business-jobs': ({ url }) => {
        const q = new URL(url).searchParams.get('q') ?? '';
        const data = [
          job(3, 'Réaménagement fournil Mercier', 'Boulangerie Mercier'),
          job(4, 'Véranda', 'Morel'),
        ];
        return { body: { data: data.filter((each) => each.name.includes(q)), info: { hits: 2 } } };
      },
      'POST /v2/companies/1/quotes': () => ({ body: { data: quoteDetail(31, 'draft') } }),
    });
    const onOpen = vi.fn();
    const user = userEvent.setup();
    render(<QuotesList onOpen={onOpen} />);
    await screen.findByRole('table', { name: 'Devis' });
    await user.click(screen.getByRole('button', { name: 'Nouveau devis' }));
    const form = await screen.findByRole('form', { name: 'Nouveau devis' });
    await user.click(within(form).getByRole('button', { name: 'Créer le devis' }));
    expect(await within(form).findAllByText('Ce champ est obligatoire.')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(form).getByRole('combobox', { name: /Affaire/ }), 'Véranda');
    await user.click(await within(form).findByRole('option', { name: 'Véranda (Morel)' }));
    await user.type(within(form).getByRole('textbox', { name: /Objet du devis/ }), '  Véranda alu 12 m²  ');
    await user.click(within(form).getByRole('button', { name: 'Créer le devis' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledWith(31));
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ businessJobId: 4, title: 'Véranda alu 12 m²' });
    expect($toasts.get().map((toast) => toast.content)).toContain('Devis DE-2026-00031 créé.');
  });

  it('a refused creation keeps what was typed and says why in French', async () => {
    mockFetch({
      'GET /v2/companies/1/quotes': () => ({ body: { data: [], info: { hits: 0 } } }),
      'GET /v2/companies/1/business-jobs': () => ({
        body: { data: [job(3, 'Fournil', 'Mercier')], info: { hits: 1 } },
      }),
      'POST /v2/companies/1/quotes': () => ({
        status: 422,
        body: { error: { key: 'validation', message: 'invalid', fields: { title: 'too_long' } } },
      }),
    });
    const user = userEvent.setup();
    render(<QuotesList onOpen={() => {}} />);
    await user.click((await screen.findAllByRole('button', { name: 'Nouveau devis' }))[0]!);
    const form = await screen.findByRole('form', { name: 'Nouveau devis' });
    await user.type(within(form).getByRole('combobox', { name: /Affaire/ }), 'F');
    await user.click(await within(form).findByRole('option', { name: 'Fournil (Mercier)' }));
    await user.type(within(form).getByRole('textbox', { name: /Objet du devis/ }), 'Four');
    await user.click(within(form).getByRole('button', { name: 'Créer le devis' }));
    expect(await within(form).findByText('Ce texte est trop long.')).toBeTruthy();
    expect((within(form).getByRole('textbox', { name: /Objet du devis/ }) as HTMLInputElement).value).toBe(
      'Four',
    );
  });
});
