import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverErrorMessages } from '../../../i18n/serverErrors';
import { $session, resetSession } from '../../../session/session';
import { progressDraft, simpleDraft, validatedInvoice, vatRates } from '../testing/invoiceFixtures';
import { InvoiceEditorView, type InvoiceEditorViewProps } from './InvoiceEditorView';
import { draftErrors, draftFromInvoice, type InvoiceDraft } from './invoiceDraft';
import type { InvoiceEditorState } from './invoiceEditorStore';

function stateOf(invoice = simpleDraft, changes: Partial<InvoiceEditorState> = {}): InvoiceEditorState {
  const draft = draftFromInvoice(invoice);
  return {
    status: 'ready',
    invoice,
    draft,
    errors: { lines: {} },
    lineTotals: { 'line-1': 37_500, 'line-2': 110_000, 'line-3': 90_000 },
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

/** The view on a state that its edits change in place, as the store would (without a server). */
function Editor({ initial, ...props }: { initial: InvoiceEditorState } & Partial<InvoiceEditorViewProps>) {
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
      onAction={async () => true}
      onDelete={async () => true}
      enterpriseId={1}
      onCreditNoteCreated={() => {}}
      {...props}
    />
  );
}

// jsdom's <dialog> has no showModal/close: the open attribute stands for them here (the modal's
// own behaviour is tested in Chromium, tests/stories.spec.ts).
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
};

const cell = (name: string) => screen.getByRole('textbox', { name });

const signIn = (isAdmin: boolean) =>
  $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin, scopes: [] });

describe('invoice editor', { timeout: 30_000 }, () => {
  beforeEach(() => signIn(true));
  afterEach(() => resetSession());

  it('shows the lines under their chapters, amounts right-aligned, and the server’s totals per rate', () => {
    render(<Editor initial={stateOf()} />);
    // The kind, then the status chip: « PROVISOIRE » once (issue 26).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Facture PROVISOIRE');
    expect(cell('Chapitre 1')).toHaveProperty('value', 'Démolition');
    expect(cell('Désignation, ligne 1')).toHaveProperty('value', 'Dépose carrelage mural');
    expect(cell('Quantité, ligne 1')).toHaveProperty('value', '12,5');
    const totals = screen.getByRole('region', { name: 'Totaux' });
    expect(within(totals).getByText('TVA 20 %').nextElementSibling?.textContent).toBe('295,00\u00a0€');
    expect(within(totals).getByText('TVA 10 %').nextElementSibling?.textContent).toBe('90,00\u00a0€');
    expect(within(totals).getByText('Net à payer').nextElementSibling?.textContent).toBe(
      '2\u202f760,00\u00a0€',
    );
    expect(screen.getByRole('status').textContent).toBe('Brouillon enregistré');
  });

  it('Enter adds a line under the current one and focuses it; the arrows move between lines', async () => {
    const user = userEvent.setup();
    render(<Editor initial={stateOf()} />);
    await user.click(cell('Désignation, ligne 1'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('Désignation, ligne 2'));
    expect(cell('Désignation, ligne 2')).toHaveProperty('value', '');
    await user.keyboard('Joint silicone');
    expect(cell('Désignation, ligne 3')).toHaveProperty('value', 'Receveur de douche extra-plat');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell('Chapitre 4'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(cell('Désignation, ligne 3'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cell('Chapitre 4'));
    await user.click(cell('Prix unitaire HT, ligne 2'));
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(cell('Prix unitaire HT, ligne 1'));
    expect(screen.getByRole('status').textContent).toBe('Modifications non enregistrées');
  });

  it('keeps a wrong number as typed with the message under it; lines and chapters are added and removed by buttons', async () => {
    const user = userEvent.setup();
    render(<Editor initial={stateOf()} />);
    await user.clear(cell('Quantité, ligne 1'));
    await user.type(cell('Quantité, ligne 1'), 'douze');
    expect(cell('Quantité, ligne 1')).toHaveProperty('value', 'douze');
    expect(cell('Quantité, ligne 1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ce champ doit être un nombre.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ajouter un chapitre' }));
    expect(document.activeElement).toBe(cell('Chapitre 6'));
    await user.click(screen.getByRole('button', { name: 'Supprimer « Dépose carrelage mural »' }));
    expect(screen.queryByRole('textbox', { name: 'Quantité, ligne 3' })).toBeNull();
  });

  it('removing a row from the keyboard leaves the focus on the row now in its place, or on « Ajouter une ligne »', async () => {
    const user = userEvent.setup();
    const oneLine = { ...simpleDraft, lines: simpleDraft.lines.slice(0, 1) };
    const { unmount } = render(<Editor initial={stateOf()} />);
    screen.getByRole('button', { name: 'Supprimer « Dépose carrelage mural »' }).focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('Chapitre 2'));
    expect(cell('Chapitre 2')).toHaveProperty('value', 'Plomberie');
    unmount();
    render(<Editor initial={stateOf(oneLine)} />);
    for (let rows = screen.getAllByRole('button', { name: /^Supprimer «/ }); rows.length > 0; ) {
      rows[rows.length - 1]!.focus();
      await user.keyboard('{Enter}');
      rows = screen.queryAllByRole('button', { name: /^Supprimer «/ });
      if (rows.length > 0) expect(document.activeElement?.tagName).toBe('INPUT');
    }
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Ajouter une ligne' }));
  });

  it('the validation dialog shows the payment deadline and modes first', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn(async () => true);
    render(<Editor initial={stateOf()} onAction={onAction} />);
    await user.click(screen.getByRole('button', { name: 'Valider la facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Valider la facture ?' });
    expect(within(dialog).getByText('Délai de paiement').nextElementSibling?.textContent).toBe('30 jours');
    expect(within(dialog).getByText("Date d'échéance").nextElementSibling?.textContent).toBe('20/12/2026');
    expect(within(dialog).getByText('Modes de paiement').nextElementSibling?.textContent).toBe(
      'Virement, Chèque',
    );
    expect(onAction).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Valider définitivement' }));
    expect(onAction).toHaveBeenCalledWith('validate', undefined);
  });

  it('a validated invoice is read-only, offers revert and cancel, and shows a refusal’s exact sentence', async () => {
    const user = userEvent.setup();
    const onAction = vi.fn(async () => true);
    const message = serverErrorMessages.invoice_not_last_validated_part;
    render(<Editor initial={stateOf(validatedInvoice, { message })} onAction={onAction} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Facture FA-2026-0042 validée');
    expect(screen.queryByRole('textbox', { name: 'Désignation, ligne 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Valider la facture' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(message);
    await user.click(screen.getByRole('button', { name: 'Annuler par un avoir' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler cette facture par un avoir ?' });
    expect(within(dialog).getByText(/^Un avoir de/).textContent).toMatch(
      /^Un avoir de 2\u202f760,00\u00a0€ TTC sera émis et validé .*: il annule la facture FA-2026-0042 en entier/,
    );
    expect(onAction).not.toHaveBeenCalled();
    // Beside « Annuler cette facture… ? », no button says « Annuler » (issue 26): one keeps it.
    expect(within(dialog).queryByRole('button', { name: 'Annuler' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Garder la facture' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: "Émettre l'avoir" }));
    expect(onAction).toHaveBeenCalledWith('cancel', undefined);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a progress statement edits only the cumulative progress, for all lines at once or one by one', async () => {
    const user = userEvent.setup();
    render(
      <Editor initial={stateOf(progressDraft, { lineTotals: { 'line-11': 240_000, 'line-12': 160_000 } })} />,
    );
    expect(screen.queryByRole('textbox', { name: 'Désignation, ligne 1' })).toBeNull();
    expect(cell('Avancement cumulé (%), ligne 1')).toHaveProperty('value', '40');
    await user.type(cell('Avancement de toutes les lignes (%)'), '75');
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(cell('Avancement cumulé (%), ligne 1')).toHaveProperty('value', '75');
    expect(cell('Avancement cumulé (%), ligne 2')).toHaveProperty('value', '75');
    await user.click(cell('Avancement cumulé (%), ligne 1'));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(cell('Avancement cumulé (%), ligne 2'));
    const totals = screen.getByRole('region', { name: 'Totaux' });
    expect(within(totals).getByText('Retenue de garantie').nextElementSibling?.textContent).toBe(
      '-240,00\u00a0€',
    );
  });

  it('after a failed save offers to retry; after a stale one, to reload', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onReload = vi.fn();
    const { rerender } = render(
      <InvoiceEditorView
        state={stateOf(simpleDraft, { save: 'failed', message: 'refusé' })}
        onEdit={() => {}}
        onSave={onSave}
        onReload={onReload}
        onAction={async () => true}
        onDelete={async () => true}
        enterpriseId={1}
        onCreditNoteCreated={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: "Réessayer l'enregistrement" }));
    expect(onSave).toHaveBeenCalled();
    rerender(
      <InvoiceEditorView
        state={stateOf(simpleDraft, { save: 'stale', message: 'ailleurs' })}
        onEdit={() => {}}
        onSave={onSave}
        onReload={onReload}
        onAction={async () => true}
        onDelete={async () => true}
        enterpriseId={1}
        onCreditNoteCreated={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Recharger la facture' }));
    expect(onReload).toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: 'Désignation, ligne 1' })).toBeNull();
  });
  it('a draft edits its payment deadline (the four rules) and modes; validating saves them first', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Editor initial={stateOf()} onSave={onSave} />);
    const rule = screen.getByRole('combobox', { name: 'Délai de paiement' });
    expect([...(rule as HTMLSelectElement).options].map((option) => option.value)).toEqual([
      'days',
      'endOfMonth',
      'dayOfMonth',
      'date',
    ]);
    await user.selectOptions(rule, 'dayOfMonth');
    const value = screen.getByRole('textbox', { name: 'Jour du mois' });
    await user.clear(value);
    await user.type(value, '40');
    expect(screen.getByText('Ce champ doit être un nombre.')).toBeTruthy();
    await user.clear(value);
    await user.type(value, '10');
    expect(screen.queryByText('Ce champ doit être un nombre.')).toBeNull();
    const modes = screen.getByRole('group', { name: 'Modes de paiement' });
    await user.click(within(modes).getByRole('checkbox', { name: 'Virement' }));
    await user.click(within(modes).getByRole('checkbox', { name: 'Chèque' }));
    expect(screen.getByText('Ce champ est obligatoire.')).toBeTruthy();
    await user.click(within(modes).getByRole('checkbox', { name: 'Prélèvement SEPA' }));
    expect(within(modes).getByRole('checkbox', { name: 'Prélèvement SEPA' })).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Valider la facture' }));
    expect(onSave).toHaveBeenCalled();
  });

  it("a draft types its « Date d'exécution des travaux » with a hint; a wrong date is said under it; a deposit has none", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Editor initial={stateOf()} />);
    const works = screen.getByRole('textbox', { name: "Date d'exécution des travaux" });
    expect(works.getAttribute('aria-describedby')).toBeTruthy();
    await user.type(works, '31/02/2026');
    expect(screen.getByText('La date doit respecter le format JJ/MM/AAAA.')).toBeTruthy();
    await user.clear(works);
    await user.type(works, '15/05/2026');
    expect(screen.queryByText('La date doit respecter le format JJ/MM/AAAA.')).toBeNull();
    expect((works as HTMLInputElement).value).toBe('15/05/2026');
    unmount();
    render(<Editor initial={stateOf({ ...simpleDraft, kind: 'deposit', depositBasisPoints: 3000 })} />);
    expect(screen.queryByRole('textbox', { name: "Date d'exécution des travaux" })).toBeNull();
  });

  it('a draft types its dates in French date fields: slashes put in as the digits come, a calendar beside each', async () => {
    const user = userEvent.setup();
    render(<Editor initial={stateOf()} />);
    const calendarOf = (input: HTMLElement) =>
      within(input.parentElement as HTMLElement).getByRole('button', {
        name: /^(Changer la date|Choisir une date)/,
      });
    expect(calendarOf(screen.getByRole('textbox', { name: 'Date de facture' }))).toBeTruthy();
    const works = screen.getByRole<HTMLInputElement>('textbox', { name: "Date d'exécution des travaux" });
    await user.type(works, '15052026');
    expect(works.value).toBe('15/05/2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Délai de paiement' }), 'date');
    const deadline = screen.getByRole<HTMLInputElement>('textbox', { name: 'Date (JJ/MM/AAAA)' });
    await user.clear(deadline);
    await user.click(calendarOf(deadline));
    await user.keyboard('{Enter}');
    expect(deadline.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('the confirm button shows its progress while the validation (and the save before it) runs', async () => {
    const user = userEvent.setup();
    const props = {
      onEdit: () => {},
      onSave: () => {},
      onReload: () => {},
      onAction: async () => true,
      onDelete: async () => true,
      enterpriseId: 1,
      onCreditNoteCreated: () => {},
    };
    const { rerender } = render(<InvoiceEditorView state={stateOf()} {...props} />);
    await user.click(screen.getByRole('button', { name: 'Valider la facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Valider la facture ?' });
    const confirm = within(dialog).getByRole('button', { name: 'Valider définitivement' });
    expect(confirm.getAttribute('aria-busy')).toBeNull();
    rerender(<InvoiceEditorView state={stateOf(simpleDraft, { busy: 'validate' })} {...props} />);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(confirm).toHaveProperty('disabled', true);
  });

  it('reverse charge: a simple draft sets it; the totals and the dialog say « Autoliquidation »', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Editor initial={stateOf()} />);
    const flag = screen.getByRole('checkbox', { name: 'Autoliquidation (sous-traitance)' });
    expect(flag).toHaveProperty('checked', false);
    await user.click(flag);
    expect(flag).toHaveProperty('checked', true);
    unmount();
    const reverse = { ...simpleDraft, reverseCharge: true, totalVatCents: 0, totalInclTaxCents: 237_500 };
    render(<Editor initial={stateOf({ ...reverse, kind: 'deposit' })} />);
    expect(screen.queryByRole('checkbox', { name: 'Autoliquidation (sous-traitance)' })).toBeNull();
    const totals = screen.getByRole('region', { name: 'Totaux' });
    expect(within(totals).getByText('Autoliquidation')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Valider la facture' }));
    const dialog = screen.getByRole('dialog', { name: 'Valider la facture ?' });
    expect(within(dialog).getByText('TVA').nextElementSibling?.textContent).toBe('Autoliquidation');
  });

  it('edited in another tab or session: read-only, with the French message, nothing to type', () => {
    render(<Editor initial={stateOf(simpleDraft, { lockedElsewhere: true })} />);
    expect(screen.getByRole('alert').textContent).toBe(
      'Cette facture est en cours de modification dans une autre de vos sessions : elle est en lecture seule ici.',
    );
    expect(screen.queryByRole('textbox', { name: 'Désignation, ligne 1' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Délai de paiement' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Valider la facture' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Délai de paiement').nextElementSibling?.textContent).toBe('30 jours');
  });
});
