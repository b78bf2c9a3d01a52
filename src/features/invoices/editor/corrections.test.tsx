import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/errors';
import type { InvoiceAction, InvoiceDetail } from '../../../api/invoices';
import { formatDate } from '../../../i18n/format';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { $session, resetSession } from '../../../session/session';
import { creditNote, simpleDraft, validatedInvoice, vatRates } from '../testing/invoiceFixtures';
import { InvoiceEditorView, type InvoiceEditorViewProps } from './InvoiceEditorView';
import { draftErrors, draftFromInvoice, type InvoiceDraft } from './invoiceDraft';
import type { InvoiceEditorState } from './invoiceEditorStore';

// jsdom's <dialog> has no showModal/close: the open attribute stands for them here.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

function stateOf(invoice: InvoiceDetail, changes: Partial<InvoiceEditorState> = {}): InvoiceEditorState {
  return {
    status: 'ready',
    invoice,
    draft: draftFromInvoice(invoice),
    errors: { lines: {} },
    lineTotals: Object.fromEntries(invoice.lines.map((line) => [`line-${line.id}`, line.totalExclTaxCents])),
    vatRates,
    precisions: { quantityPrecision: 2, unitPricePrecision: 2 },
    customerTexts: [],
    lockedElsewhere: false,
    save: 'saved',
    message: null,
    busy: null,
    ...changes,
  };
}

type Act = (
  action: InvoiceAction,
  options: { reason?: string } | undefined,
  setMessage: (message: string) => void,
) => Promise<boolean>;

/** The view on a state its edits and refused actions change, as the store would (no server). */
function Editor({
  initial,
  act = async () => true,
  ...props
}: { initial: InvoiceEditorState; act?: Act } & Partial<InvoiceEditorViewProps>) {
  const [state, setState] = useState(initial);
  return (
    <InvoiceEditorView
      state={state}
      onEdit={(change: (draft: InvoiceDraft) => InvoiceDraft) =>
        setState((current) => {
          const draft = change(current.draft as InvoiceDraft);
          return { ...current, draft, errors: draftErrors(draft, current.invoice!.kind), save: 'dirty' };
        })
      }
      onSave={() => {}}
      onReload={() => {}}
      onAction={(action, options) =>
        act(action, options, (message) => setState((current) => ({ ...current, message })))
      }
      onDelete={async () => true}
      enterpriseId={1}
      onCreditNoteCreated={() => {}}
      {...props}
    />
  );
}

const signIn = (isAdmin: boolean) =>
  $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin, scopes: [] });

describe('correcting a validated invoice', { timeout: 30_000 }, () => {
  beforeEach(() => signIn(true));
  afterEach(() => resetSession());

  it('revert asks its reason in a dialog that says what happens; nothing is sent without it', async () => {
    const user = userEvent.setup();
    const act = vi.fn<Act>(async () => true);
    render(<Editor initial={stateOf(validatedInvoice)} act={act} />);
    await user.click(screen.getByRole('button', { name: 'Repasser en PROVISOIRE' }));
    const dialog = screen.getByRole('dialog', { name: 'Repasser la facture en PROVISOIRE ?' });
    expect(within(dialog).getByText(/redeviendra PROVISOIRE/).textContent).toBe(
      'La facture FA-2026-0042 redeviendra PROVISOIRE pour être corrigée puis validée de nouveau. Elle garde son numéro, et la version validée est conservée.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Repasser en PROVISOIRE' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Motif' });
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Indiquez le motif du retour en PROVISOIRE.')).toBeTruthy();
    expect(document.activeElement).toBe(reason);
    expect(act).not.toHaveBeenCalled();
    await user.type(reason, 'Erreur de quantité sur la ligne 2');
    await user.click(within(dialog).getByRole('button', { name: 'Repasser en PROVISOIRE' }));
    await waitFor(() =>
      expect(act).toHaveBeenCalledWith(
        'revert',
        { reason: 'Erreur de quantité sur la ligne 2' },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused revert (already sent) shows the server’s sentence in the dialog and keeps the reason typed', async () => {
    const user = userEvent.setup();
    const sent = serverErrorMessages.invoice_already_sent;
    const act: Act = async (_action, _options, setMessage) => {
      setMessage(sent);
      return false;
    };
    render(<Editor initial={stateOf(validatedInvoice)} act={act} />);
    await user.click(screen.getByRole('button', { name: 'Repasser en PROVISOIRE' }));
    const dialog = screen.getByRole('dialog', { name: 'Repasser la facture en PROVISOIRE ?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Motif' }), 'Client erroné');
    await user.click(within(dialog).getByRole('button', { name: 'Repasser en PROVISOIRE' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(sent);
    expect(sent).toMatch(/émettez un avoir/);
    expect(within(dialog).getByRole('textbox', { name: 'Motif' })).toHaveProperty('value', 'Client erroné');
    // Only once, in the dialog: the page behind it does not repeat it.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('for a member who is not an admin: revert, credit note and cancel are shown inert with the reason; deleting a draft stays open', () => {
    signIn(false);
    const { unmount } = render(<Editor initial={stateOf(validatedInvoice)} />);
    expect(screen.getByText('Action réservée aux administrateurs')).toBeTruthy();
    for (const name of ['Repasser en PROVISOIRE', 'Créer un avoir', 'Annuler par un avoir']) {
      // Inert (the browser keeps it from clicks and focus; jsdom only has the attribute).
      expect(screen.getByText(name).closest('[inert]')).not.toBeNull();
    }
    unmount();
    render(<Editor initial={stateOf(simpleDraft)} />);
    expect(screen.getByRole('button', { name: 'Supprimer le brouillon' })).toHaveProperty('disabled', false);
  });

  it('« Créer un avoir »: a commercial gesture of one amount, its totals live, then the credit note opens', async () => {
    const user = userEvent.setup();
    const created = { ...creditNote, id: 4601, number: 'AV-2026-0004' };
    const create = vi.fn(async () => created);
    const onCreditNoteCreated = vi.fn();
    render(
      <Editor
        initial={stateOf(validatedInvoice)}
        createCreditNote={create}
        onCreditNoteCreated={onCreditNoteCreated}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Créer un avoir' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer un avoir sur la facture FA-2026-0042' });
    expect(within(dialog).getByRole('radio', { name: 'Geste commercial' })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('textbox', { name: 'Désignation' })).toHaveProperty(
      'value',
      'Geste commercial',
    );
    // The invoice's rates only, highest first.
    const rate = within(dialog).getByRole('combobox', { name: 'TVA' });
    expect(
      within(rate)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['20\u00a0%', '10\u00a0%']);
    await user.type(within(dialog).getByRole('textbox', { name: 'Montant HT' }), '150,5');
    const totals = within(dialog).getByRole('region', { name: "Totaux de l'avoir" });
    expect(within(totals).getByText('TVA 20 %').nextElementSibling?.textContent).toBe('30,10\u00a0€');
    expect(within(totals).getByText("Montant de l'avoir").nextElementSibling?.textContent).toBe(
      '180,60\u00a0€',
    );
    await user.click(within(dialog).getByRole('button', { name: "Émettre l'avoir de 180,60\u00a0€ TTC" }));
    await waitFor(() => expect(onCreditNoteCreated).toHaveBeenCalledWith(created));
    expect(create).toHaveBeenCalledWith(1, validatedInvoice.id, [
      { label: 'Geste commercial', quantityMilli: 1000, unitPriceCents: 15_050, vatRateId: 1 },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('« Créer un avoir » by lines: French messages under wrong values; a refusal keeps the lines with the server’s sentence', async () => {
    const user = userEvent.setup();
    const create = vi.fn(async (): Promise<InvoiceDetail> => {
      throw new ApiError(422, 'credit_note_exceeds_invoice');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<Editor initial={stateOf(validatedInvoice)} createCreditNote={create} />);
    await user.click(screen.getByRole('button', { name: 'Créer un avoir' }));
    const dialog = screen.getByRole('dialog', { name: 'Créer un avoir sur la facture FA-2026-0042' });
    await user.click(within(dialog).getByRole('radio', { name: 'Lignes détaillées' }));
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    await user.type(field('Prix unitaire HT, ligne 1'), '-5');
    await user.click(within(dialog).getByRole('button', { name: /^Émettre l'avoir/ }));
    expect(await within(dialog).findByText('Ce champ est obligatoire.')).toBeTruthy();
    expect(within(dialog).getByText('Ce montant doit être supérieur à zéro.')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    await user.type(field('Désignation, ligne 1'), 'Carrelage non posé');
    await user.clear(field('Quantité, ligne 1'));
    await user.type(field('Quantité, ligne 1'), '2,5');
    await user.clear(field('Prix unitaire HT, ligne 1'));
    await user.type(field('Prix unitaire HT, ligne 1'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter une ligne' }));
    await user.type(field('Désignation, ligne 2'), 'Main-d’œuvre');
    await user.type(field('Prix unitaire HT, ligne 2'), '60');
    // The 10 % rate, by its value: user-event compares an option's innerHTML, where U+00A0 is &nbsp;.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'TVA, ligne 2' }), '2');
    const totals = within(dialog).getByRole('region', { name: "Totaux de l'avoir" });
    expect(within(totals).getByText('Total HT').nextElementSibling?.textContent).toBe('135,00\u00a0€');
    expect(within(totals).getByText("Montant de l'avoir").nextElementSibling?.textContent).toBe(
      '156,00\u00a0€',
    );
    await user.click(within(dialog).getByRole('button', { name: "Émettre l'avoir de 156,00\u00a0€ TTC" }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      serverErrorMessages.credit_note_exceeds_invoice,
    );
    expect(create).toHaveBeenCalledWith(1, validatedInvoice.id, [
      { label: 'Carrelage non posé', quantityMilli: 2500, unitPriceCents: 3000, vatRateId: 1 },
      { label: 'Main-d’œuvre', quantityMilli: 1000, unitPriceCents: 6000, vatRateId: 2 },
    ]);
    expect(field('Désignation, ligne 2')).toHaveProperty('value', 'Main-d’œuvre');
  });

  it('cancelling says the credit note’s amount, and a refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    const act: Act = async (_action, _options, setMessage) => {
      setMessage(serverErrorMessages.cancel_not_last_invoice);
      return false;
    };
    render(<Editor initial={stateOf(validatedInvoice)} act={act} />);
    await user.click(screen.getByRole('button', { name: 'Annuler par un avoir' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler cette facture par un avoir ?' });
    // Testing Library's matcher sees the narrow and no-break spaces as plain ones.
    expect(within(dialog).getByText(/^Un avoir de 2 760,00 € TTC sera émis/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: "Émettre l'avoir" }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      serverErrorMessages.cancel_not_last_invoice,
    );
  });
});

describe('a credit note on screen', () => {
  beforeEach(() => signIn(true));
  afterEach(() => resetSession());

  it('reads as its PDF: masculine « validé », positive amounts and « Montant de l’avoir » (not a 0 balance)', () => {
    render(<Editor initial={stateOf(creditNote)} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Avoir AV-2026-0003 validé');
    const totals = screen.getByRole('region', { name: 'Totaux' });
    expect(within(totals).getByText('Total TTC').nextElementSibling?.textContent).toBe(
      '2\u202f760,00\u00a0€',
    );
    expect(within(totals).getByText("Montant de l'avoir").nextElementSibling?.textContent).toBe(
      '2\u202f760,00\u00a0€',
    );
    expect(within(totals).queryByText('Net à payer')).toBeNull();
    expect(screen.getByRole('cell', { name: '375,00\u00a0€' })).toBeTruthy();
    // No correction of a credit note.
    expect(screen.queryByRole('button', { name: 'Créer un avoir' })).toBeNull();
  });
});

describe('before validation', () => {
  beforeEach(() => signIn(false));
  afterEach(() => resetSession());

  it('lists the characters the PDF cannot print, from the customer, the title and the lines', async () => {
    const user = userEvent.setup();
    render(
      <Editor
        initial={stateOf(simpleDraft, {
          customerTexts: ['', 'Hiroshi', 'Yamada', '1-2 丁目', '', 'Lyon', ''],
        })}
      />,
    );
    expect(screen.getByText(/^Ces caractères/).textContent).toBe(
      'Ces caractères ne peuvent pas être imprimés dans le PDF : « 丁 », « 目 ».',
    );
    await user.type(screen.getByRole('textbox', { name: 'Désignation, ligne 1' }), ' ✓');
    expect(screen.getByText(/^Ces caractères/).textContent).toBe(
      'Ces caractères ne peuvent pas être imprimés dans le PDF : « 丁 », « 目 », « ✓ ».',
    );
    await user.click(screen.getByRole('button', { name: 'Valider la facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Valider la facture ?' });
    expect(within(dialog).getByText(/^Ces caractères/)).toBeTruthy();
  });

  it('an invoice dated after today cannot be validated: the server’s sentence says why, before it is asked', async () => {
    const user = userEvent.setup();
    const act = vi.fn<Act>(async () => true);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000);
    render(<Editor initial={stateOf(simpleDraft)} act={act} />);
    const date = screen.getByRole('textbox', { name: 'Date de facture' });
    await user.clear(date);
    await user.type(date, formatDate(tomorrow));
    await user.click(screen.getByRole('button', { name: 'Valider la facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Valider la facture ?' });
    expect(within(dialog).getByRole('alert').textContent).toBe(serverErrorMessages.invoice_date_in_future);
    expect(within(dialog).getByRole('button', { name: 'Valider définitivement' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('says nothing when every character prints (« Yılmaz », « Œuvre », « Nguyễn »)', () => {
    render(<Editor initial={stateOf(simpleDraft, { customerTexts: ['Yılmaz Œuvre Nguyễn'] })} />);
    expect(screen.queryByText(/^Ces caractères/)).toBeNull();
  });

  it('stops a designation at the server’s 500 characters, and says so', async () => {
    const user = userEvent.setup();
    render(<Editor initial={stateOf(simpleDraft)} />);
    const label = screen.getByRole('textbox', { name: 'Désignation, ligne 1' });
    await user.clear(label);
    await user.click(label);
    await user.paste('x'.repeat(501));
    expect((label as HTMLInputElement).value).toHaveLength(500);
    expect(screen.getByText("500 caractères au maximum : le texte s'arrête là.")).toBeTruthy();
    expect(label.getAttribute('aria-invalid')).toBeNull();
  });
});
