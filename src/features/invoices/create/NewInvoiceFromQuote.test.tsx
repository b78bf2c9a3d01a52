import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuoteDetail } from '../../../api/quotes';
import { setConfig } from '../../../config/config';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { NewInvoiceFromQuoteScreen } from './NewInvoiceFromQuote';

const quote: QuoteDetail = {
  id: 5,
  version: 1,
  number: 'DE-2026-00005',
  title: 'Réaménagement fournil',
  date: '2026-01-10',
  status: 'accepted',
  businessJobId: 3,
  businessJobName: 'Fournil Mercier',
  customerId: 9,
  customerName: 'Boulangerie Mercier',
  totalExclTaxCents: 1_000_000,
  totalVatCents: 200_000,
  totalInclTaxCents: 1_200_000,
  invoicedExclTaxCents: 0,
  chapters: [],
  invoices: [],
  provisionalInvoiceId: null,
  lock: { lockedByAnotherSession: false, expiresAt: null },
};

const validatedDeposit = {
  id: 11,
  version: 2,
  number: 'FA-2026-00011',
  kind: 'deposit' as const,
  status: 'VALIDATED' as const,
  cancelled: false,
  date: '2026-02-01',
  totalExclTaxCents: 300_000,
  totalVatCents: 60_000,
  totalInclTaxCents: 360_000,
};

describe('new invoice from a quote', () => {
  beforeEach(() => {
    setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
    setTokenCookie(makeToken(demoClaims));
    $session.set({ status: 'signed-in', userId: 7, enterpriseId: 1, isAdmin: false, scopes: [] });
  });
  afterEach(() => {
    resetSession();
    setTokenCookie(null);
  });

  it('offers a deposit on a quote without invoices', async () => {
    mockFetch({ 'GET /v2/companies/1/quotes/5': () => ({ body: { data: quote } }) });
    render(<NewInvoiceFromQuoteScreen quoteId="5" />);
    const deposit = await screen.findByRole('radio', { name: "Facture d'acompte" });
    expect(deposit).toHaveProperty('disabled', false);
    expect(deposit).toHaveProperty('checked', true);
  });

  it('does not offer a deposit once the quote has invoices, and says why (spec section 4)', async () => {
    mockFetch({
      'GET /v2/companies/1/quotes/5': () => ({ body: { data: { ...quote, invoices: [validatedDeposit] } } }),
    });
    render(<NewInvoiceFromQuoteScreen quoteId="5" />);
    const deposit = await screen.findByRole('radio', { name: "Facture d'acompte" });
    expect(deposit).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: 'Situation de travaux' })).toHaveProperty('checked', true);
    const why = "Une facture d'acompte ne peut pas être créée : des factures existent déjà pour ce devis.";
    expect(document.getElementById(deposit.getAttribute('aria-describedby') ?? '')?.textContent).toBe(why);
  });

  it('keeps the percentage typed and says the server’s refusal in French', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({
      'GET /v2/companies/1/quotes/5': () => ({ body: { data: quote } }),
      'POST /v2/companies/1/invoices': () => ({
        status: 422,
        body: { error: { key: 'quote_has_provisional_invoice' } },
      }),
    });
    render(<NewInvoiceFromQuoteScreen quoteId="5" />);
    const percent = await screen.findByRole('textbox', { name: 'Part du devis facturée (%)' });
    await user.clear(percent);
    await user.type(percent, '25');
    await user.click(screen.getByRole('button', { name: "Créer : Facture d'acompte" }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ce devis a déjà une facture PROVISOIRE.');
    expect(percent).toHaveProperty('value', '25');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        kind: 'deposit',
        quoteId: 5,
        depositBasisPoints: 2_500,
      }),
    );
  });
});
