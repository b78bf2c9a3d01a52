import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { validationMessages } from '../../../i18n/validationMessages';
import { fakeDocumentSource, sampleSendings } from '../testing/documentFixtures';
import { simpleDraft, validatedInvoice } from '../testing/invoiceFixtures';
import { type InvoiceDocumentSource, InvoiceDocumentSourceContext } from './documentSource';
import InvoiceDocumentPane, { PREVIEW_DEBOUNCE_MS, PREVIEW_ON_DEMAND_QUERY } from './InvoiceDocumentPane';
import { SendInvoiceDialog } from './SendInvoiceDialog';

let urls = 0;
const created: string[] = [];
const revoked: string[] = [];

beforeEach(() => {
  urls = 0;
  created.length = 0;
  revoked.length = 0;
  URL.createObjectURL = vi.fn(() => {
    const url = `blob:preview-${++urls}`;
    created.push(url);
    return url;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  // jsdom has no <dialog> methods; the Modal falls back to the open attribute.
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function withSource(source: InvoiceDocumentSource, ui: React.ReactNode) {
  return <InvoiceDocumentSourceContext.Provider value={source}>{ui}</InvoiceDocumentSourceContext.Provider>;
}

describe('the PDF preview pane', () => {
  it('shows the PDF once the page is idle, asks again once the saves pause, and releases every replaced URL', async () => {
    const source = fakeDocumentSource();
    const pdf = vi.spyOn(source, 'pdf');
    const view = render(withSource(source, <InvoiceDocumentPane invoice={simpleDraft} />));
    await waitFor(() => expect(screen.getByTitle(/^Aperçu PDF/).getAttribute('src')).toBe('blob:preview-1'));
    expect(pdf).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/Aperçu PROVISOIRE/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Envoyer par email' })).toBeNull();

    // Three saves in a row (each moves the version): one new PDF, after the pause. The pause is on a
    // clock only the test moves (not one that also runs with the real one, which a slow render on a
    // loaded machine would push past the pause); the waits for the page stay on real timers.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const version of [4, 5, 6]) {
      view.rerender(withSource(source, <InvoiceDocumentPane invoice={{ ...simpleDraft, version }} />));
      await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS - 1));
    }
    expect(pdf).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(pdf).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTitle(/^Aperçu PDF/).getAttribute('src')).toBe('blob:preview-2'));
    expect(pdf).toHaveBeenCalledTimes(2);
    expect(revoked).toEqual(['blob:preview-1']);

    view.unmount();
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
  });

  it("waits for the browser to be idle before its first PDF (not in the editor's first load)", async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const source = fakeDocumentSource();
    const pdf = vi.spyOn(source, 'pdf');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const view = render(withSource(source, <InvoiceDocumentPane invoice={simpleDraft} />));
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS));
    expect(pdf).not.toHaveBeenCalled();
    expect(screen.getByText("Préparation de l'aperçu…")).toBeTruthy();
    vi.useRealTimers();

    expect(idle).toHaveLength(1);
    act(() => idle[0]!({ didTimeout: false, timeRemaining: () => 50 }));
    await waitFor(() => expect(screen.getByTitle(/^Aperçu PDF/).getAttribute('src')).toBe('blob:preview-1'));
    expect(pdf).toHaveBeenCalledTimes(1);
    view.unmount(); // while the stubs stand
  });

  it('on a phone, asks for no PDF until « Aperçu » is pressed, then follows the saves', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === PREVIEW_ON_DEMAND_QUERY,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    const source = fakeDocumentSource();
    const pdf = vi.spyOn(source, 'pdf');
    const view = render(withSource(source, <InvoiceDocumentPane invoice={simpleDraft} />));
    const show = screen.getByRole('button', { name: 'Aperçu' });
    // A save before the click asks for nothing either.
    view.rerender(withSource(source, <InvoiceDocumentPane invoice={{ ...simpleDraft, version: 4 }} />));
    expect(screen.getByRole('button', { name: 'Télécharger le PDF' })).toBeTruthy();
    expect(pdf).not.toHaveBeenCalled();
    expect(screen.queryByTitle(/^Aperçu PDF/)).toBeNull();

    await userEvent.click(show);
    await waitFor(() => expect(screen.getByTitle(/^Aperçu PDF/).getAttribute('src')).toBe('blob:preview-1'));
    // The keyboard stays where the button was: on the preview that replaced it.
    const focused = document.activeElement;
    expect(focused).not.toBe(document.body);
    expect(focused?.contains(screen.getByTitle(/^Aperçu PDF/))).toBe(true);
    expect(pdf).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Aperçu' })).toBeNull();

    view.rerender(withSource(source, <InvoiceDocumentPane invoice={{ ...simpleDraft, version: 5 }} />));
    await waitFor(() => expect(screen.getByTitle(/^Aperçu PDF/).getAttribute('src')).toBe('blob:preview-2'));
    view.unmount();
  });

  it('says in French when the PDF cannot be had, and retries on demand', async () => {
    const source = fakeDocumentSource({ fail: ['pdf'] });
    const pdf = vi.spyOn(source, 'pdf');
    render(withSource(source, <InvoiceDocumentPane invoice={simpleDraft} />));
    expect(await screen.findByText("L'aperçu du PDF n'a pas pu être chargé.")).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: "Réessayer l'aperçu" }));
    await waitFor(() => expect(pdf).toHaveBeenCalledTimes(2));
  });

  it('a validated invoice offers the mail and lists the mails sent', async () => {
    render(withSource(fakeDocumentSource(), <InvoiceDocumentPane invoice={validatedInvoice} />));
    expect((await screen.findByText(/à contact@terrasses-rhone\.fr/)).textContent).toMatch(
      /^Le 20\/11\/2026 à \d\d:30, à contact@terrasses-rhone\.fr \(par Julie Martin\)$/,
    );
    expect(screen.getByRole('button', { name: 'Envoyer par email' })).toHaveProperty('disabled', false);
  });
});

describe('the send dialog', () => {
  function open(source: InvoiceDocumentSource, onSent = vi.fn()) {
    render(
      withSource(
        source,
        <SendInvoiceDialog
          open
          invoiceId={validatedInvoice.id}
          attachmentName="Facture FA-2026-0042.pdf"
          onClose={() => {}}
          onSent={onSent}
        />,
      ),
    );
    return onSent;
  }

  /**
   * Waits for the proposed mail and for the keyboard in its recipient field, where the dialog puts it:
   * typing elsewhere before that move would see the focus taken away half-way through the words.
   */
  async function mailShown() {
    const to = await screen.findByLabelText('Destinataire');
    await waitFor(() => expect(document.activeElement).toBe(to));
    return to;
  }

  it('proposes the rendered mail, checks the address, and sends what the user edited', async () => {
    const source = fakeDocumentSource();
    const onSent = open(source);
    const to = await mailShown();
    expect(to).toHaveProperty('value', sampleSendings.draft.to);
    expect(screen.getByLabelText('Objet')).toHaveProperty('value', sampleSendings.draft.subject);
    expect(screen.getByLabelText('Message')).toHaveProperty('value', sampleSendings.draft.text);
    expect(screen.getByText('Martin Rénovation <contact@martin-renovation.fr>')).toBeTruthy();

    await userEvent.clear(to);
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByText(validationMessages.required)).toBeTruthy();
    await userEvent.type(to, 'compta@');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByText(validationMessages.email)).toBeTruthy();
    expect(source.sent).toEqual([]);

    await userEvent.type(to, 'client.fr');
    await userEvent.clear(screen.getByLabelText('Objet'));
    await userEvent.type(screen.getByLabelText('Objet'), 'Votre facture');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(source.sent).toEqual([
      {
        invoiceId: validatedInvoice.id,
        input: { to: 'compta@client.fr', subject: 'Votre facture', text: sampleSendings.draft.text },
      },
    ]);
  });

  it('is used from the keyboard: the recipient first, Enter sends, a refused field gets the focus back', async () => {
    const source = fakeDocumentSource();
    const onSent = open(source);
    const to = await screen.findByLabelText('Destinataire');
    await waitFor(() => expect(document.activeElement).toBe(to));

    await userEvent.clear(to);
    await userEvent.type(screen.getByLabelText('Objet'), '{Enter}');
    expect(screen.getByText(validationMessages.required)).toBeTruthy();
    expect(document.activeElement).toBe(to);
    expect(to.getAttribute('aria-invalid')).toBe('true');

    await userEvent.keyboard('compta@client.fr{Enter}');
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(source.sent[0]?.input).toMatchObject({ to: 'compta@client.fr' });
  });

  it('keeps what was typed when the dialog is closed and opened again, until the mail is sent', async () => {
    const source = fakeDocumentSource({ fail: ['send'] });
    function Toggle() {
      const [isOpen, setOpen] = useState(true);
      return withSource(
        source,
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Rouvrir
          </button>
          <SendInvoiceDialog
            open={isOpen}
            invoiceId={validatedInvoice.id}
            attachmentName="Facture FA-2026-0042.pdf"
            onClose={() => setOpen(false)}
            onSent={() => setOpen(false)}
          />
        </>,
      );
    }
    render(<Toggle />);
    await mailShown();
    const subject = screen.getByLabelText('Objet');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Votre facture de novembre');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await screen.findByRole('alert')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByLabelText('Objet')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Rouvrir' }));
    expect(await screen.findByLabelText('Objet')).toHaveProperty('value', 'Votre facture de novembre');
    expect(screen.getByLabelText('Message')).toHaveProperty('value', sampleSendings.draft.text);
  });

  it('a refusal is said in French and keeps every word typed', async () => {
    const source = fakeDocumentSource();
    source.send = () => Promise.reject(new ApiError(502, 'mail_not_sent'));
    const onSent = open(source);
    await mailShown();
    const text = screen.getByLabelText('Message');
    await userEvent.type(text, ' Merci !');
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe(serverErrorMessages.mail_not_sent);
    expect(text).toHaveProperty('value', `${sampleSendings.draft.text} Merci !`);
    expect(onSent).not.toHaveBeenCalled();
  });
});
