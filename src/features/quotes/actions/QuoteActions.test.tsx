import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateKeys } from '../../../api/query';
import { setConfig } from '../../../config/config';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { $session, resetSession } from '../../../session/session';
import { mockFetch } from '../../../test/fetchMock';
import { demoClaims, makeToken, setTokenCookie } from '../../../test/tokens';
import { $toasts, clearToasts } from '../../../ui/toasts/toastStore';
import { quoteDetail } from '../list/testing/quoteFixtures';
import { QuoteActions } from './QuoteActions';

const draft = quoteDetail(5, 'draft', { version: 4 });
const sent = quoteDetail(5, 'sent', {
  version: 5,
  allowed: { edit: false, revise: true, send: true, answer: true, invoice: false, duplicate: true },
});
const toastTexts = () => $toasts.get().map((toast) => toast.content);

beforeEach(() => {
  setConfig({ apiHost: 'https://api.example', clientOrigin: location.origin });
  setTokenCookie(makeToken(demoClaims));
  $session.set({ status: 'signed-in', userId: 2, enterpriseId: 1, isAdmin: true, scopes: [] });
  clearToasts();
});
afterEach(() => {
  invalidateKeys(() => true);
  resetSession();
  setTokenCookie(null);
});

describe('sending a quote by email', () => {
  it('shows the proposed mail, sends what was left in it, and says to whom', async () => {
    const { calls } = mockFetch({
      'GET /v2/companies/1/quotes/5/mail': () => ({
        body: {
          data: {
            draft: {
              to: 'contact@mercier.fr',
              senderName: 'Martin Rénovation',
              senderEmail: 'devis@martin.fr',
              subject: 'Devis DE-2026-00005 - Martin Rénovation',
              text: 'Bonjour,\n\nVoici notre devis.',
            },
          },
        },
      }),
      'POST /v2/companies/1/quotes/5/send': () => ({ body: { data: {} } }),
    });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<QuoteActions quote={draft} onChanged={onChanged} />);
    expect(screen.queryByRole('button', { name: 'Enregistrer la réponse du client' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Facturer' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Envoyer par email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer le devis par email' });
    const to = await within(dialog).findByRole('textbox', { name: 'Destinataire' });
    await waitFor(() => expect(to).toHaveProperty('value', 'contact@mercier.fr'));
    expect(within(dialog).getByText('DE-2026-00005.pdf')).toBeTruthy();
    await user.clear(to);
    await user.type(to, 'patron@mercier.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith());
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe('https://api.example/v2/companies/1/quotes/5/send');
    expect(post.body).toEqual({
      to: 'patron@mercier.fr',
      subject: 'Devis DE-2026-00005 - Martin Rénovation',
      text: 'Bonjour,\n\nVoici notre devis.',
    });
    expect(toastTexts()).toContain('Devis envoyé à patron@mercier.fr.');
  });

  it('without a proposal from the server: the recipient to type (required), a French mail to edit', async () => {
    const { calls } = mockFetch({
      'POST /v2/companies/1/quotes/5/send': () => ({
        status: 422,
        body: { error: { key: 'recipient_missing', message: 'recipient_missing' } },
      }),
    });
    const user = userEvent.setup();
    render(<QuoteActions quote={draft} onChanged={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Envoyer par email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Envoyer le devis par email' });
    const subject = await within(dialog).findByRole('textbox', { name: 'Objet' });
    expect(subject).toHaveProperty('value', 'Devis DE-2026-00005');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Destinataire' }), 'a@b.fr');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    // The server's refusal, in French, and the mail still as typed.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('textbox', { name: 'Destinataire' })).toHaveProperty('value', 'a@b.fr');
  });
});

describe("the customer's answer and « Facturer »", () => {
  it('records a refusal with its reason and the version read; the editor gets the answered quote', async () => {
    const refused = quoteDetail(5, 'refused', { version: 6 });
    const { calls } = mockFetch({
      'POST /v2/companies/1/quotes/5/answer': () => ({ body: { data: refused } }),
    });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<QuoteActions quote={sent} onChanged={onChanged} />);
    await user.click(screen.getByRole('button', { name: 'Enregistrer la réponse du client' }));
    const form = await screen.findByRole('form', { name: 'Réponse du client' });
    expect(within(form).queryByRole('textbox', { name: /Motif du refus/ })).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'Refusé' }));
    await user.type(within(form).getByRole('textbox', { name: /Nom du signataire/ }), ' M. Mercier ');
    await user.type(within(form).getByRole('textbox', { name: /Motif du refus/ }), 'Trop cher');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la réponse' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(refused));
    expect(calls[0]!.body).toEqual({
      version: 5,
      decision: 'refused',
      signerName: 'M. Mercier',
      reason: 'Trop cher',
    });
    expect(toastTexts()).toContain('Le devis est refusé.');
  });

  it('a refused answer (someone answered first) says so in French and keeps what was typed', async () => {
    mockFetch({
      'POST /v2/companies/1/quotes/5/answer': () => ({
        status: 409,
        body: { error: { key: 'stale_version', message: 'stale_version' } },
      }),
    });
    const onChanged = vi.fn();
    const user = userEvent.setup();
    render(<QuoteActions quote={sent} onChanged={onChanged} />);
    await user.click(screen.getByRole('button', { name: 'Enregistrer la réponse du client' }));
    const form = await screen.findByRole('form', { name: 'Réponse du client' });
    await user.type(within(form).getByRole('textbox', { name: /Nom du signataire/ }), 'Mme Morel');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer la réponse' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(serverErrorMessages.stale_version);
    expect(within(form).getByRole('textbox', { name: /Nom du signataire/ })).toHaveProperty(
      'value',
      'Mme Morel',
    );
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('an accepted quote: who accepted and when, and « Facturer » opens the invoice-from-quote screen', () => {
    const accepted = quoteDetail(5, 'accepted', {
      allowed: { edit: false, revise: false, send: false, answer: false, invoice: true, duplicate: true },
      answer: {
        decision: 'accepted',
        channel: 'online',
        signerName: 'Paul Mercier',
        reason: '',
        answeredAt: '2026-11-21T09:30:00.000Z',
      },
    });
    render(<QuoteActions quote={accepted} onChanged={() => {}} />);
    expect(screen.getByText('Accepté le 21/11/2026 par Paul Mercier (en ligne)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Envoyer par email' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Facturer' }).getAttribute('href')).toBe(
      '/facturation/nouvelle-facture/devis-5',
    );
  });
});
