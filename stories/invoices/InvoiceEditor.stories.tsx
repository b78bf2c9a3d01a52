import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { screen, userEvent } from 'storybook/test';
import { InvoiceEditorView } from '../../src/features/invoices/editor/InvoiceEditorView';
import {
  draftErrors,
  draftFromInvoice,
  type InvoiceDraft,
} from '../../src/features/invoices/editor/invoiceDraft';
import type { InvoiceEditorState } from '../../src/features/invoices/editor/invoiceEditorStore';
import {
  creditNote,
  progressDraft,
  simpleDraft,
  validatedInvoice,
  vatRates,
} from '../../src/features/invoices/testing/invoiceFixtures';
import { serverErrorMessage, serverErrorMessages } from '../../src/i18n/serverErrors';
import { $session } from '../../src/session/session';

function ready(invoice = simpleDraft, changes: Partial<InvoiceEditorState> = {}): InvoiceEditorState {
  const draft = draftFromInvoice(invoice);
  return {
    status: 'ready',
    invoice,
    draft,
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

/** The editor on a given state; typing changes it in place as the store would (no server). */
function EditorStory({ state }: { state: InvoiceEditorState }) {
  const [current, setCurrent] = useState(state);
  return (
    <InvoiceEditorView
      state={current}
      onEdit={(change: (draft: InvoiceDraft) => InvoiceDraft) =>
        setCurrent((previous) => {
          const draft = change(previous.draft as InvoiceDraft);
          return { ...previous, draft, errors: draftErrors(draft, previous.invoice!.kind), save: 'dirty' };
        })
      }
      onSave={() => {}}
      onReload={() => {}}
      onAction={async () => true}
      onDelete={async () => true}
      enterpriseId={1}
      onCreditNoteCreated={() => {}}
      createCreditNote={async () => creditNote}
    />
  );
}

const meta: Meta<typeof EditorStory> = { title: 'Invoices/Editor', component: EditorStory };
export default meta;
type Story = StoryObj<typeof EditorStory>;

/** A simple invoice being written: chapters, lines, the server's totals per rate. */
export const Draft: Story = { args: { state: ready() } };
/** A progress statement at 40 %: the cumulative progress column, retainage withheld. */
export const ProgressStatement: Story = { args: { state: ready(progressDraft) } };
/** Validated and numbered: read-only, revert and credit note offered. */
export const Validated: Story = { args: { state: ready(validatedInvoice) } };
/** A credit note reads as its PDF: positive amounts, « Montant de l'avoir », « validé ». */
export const CreditNote: Story = { args: { state: ready(creditNote) } };
/** A draft whose customer has characters the PDF cannot print: listed before validation. */
export const UnprintableCharacters: Story = {
  args: {
    state: ready(simpleDraft, { customerTexts: ['SCI 山田', '', '', '1-2 丁目', '69002', 'Lyon', ''] }),
  },
};
/** A refused revert: the server's exact sentence, nothing else changed. */
export const RevertRefused: Story = {
  args: { state: ready(validatedInvoice, { message: serverErrorMessages.invoice_not_last_validated_part }) },
};
/** A save the server refused: what was typed stays, with a retry. */
export const SaveFailed: Story = {
  args: {
    state: ready(simpleDraft, { save: 'failed', message: serverErrorMessage('internal_error') }),
  },
};
/** A value that is not a number yet: kept as typed, the message under it, nothing sent. */
export const InvalidValue: Story = {
  args: {
    state: (() => {
      const state = ready();
      const draft = {
        ...state.draft!,
        lines: state.draft!.lines.map((row, index) => (index === 1 ? { ...row, quantity: '12,5 m²' } : row)),
      };
      return { ...state, draft, errors: draftErrors(draft, 'simple'), save: 'invalid' as const };
    })(),
  },
};
export const NotFound: Story = {
  args: { state: { ...ready(), status: 'notFound', invoice: null, draft: null } },
};
/** Open in another tab or session: read-only with the French message until it is free. */
export const EditedElsewhere: Story = { args: { state: ready(simpleDraft, { lockedElsewhere: true }) } };
/** Reverse charge (autoliquidation): no VAT, the mention « Autoliquidation » with the totals. */
export const ReverseCharge: Story = {
  args: {
    state: ready({
      ...simpleDraft,
      reverseCharge: true,
      totalVatCents: 0,
      totalInclTaxCents: simpleDraft.totalExclTaxCents,
      balanceCents: simpleDraft.totalExclTaxCents,
      vatTotals: simpleDraft.vatTotals.map((vat) => ({ ...vat, vatCents: 0 })),
    }),
  },
};
/** Whole quantities and whole euros (document settings at 0 decimals), read-only. */
export const PrecisionsAtZero: Story = {
  args: { state: ready(validatedInvoice, { precisions: { quantityPrecision: 0, unitPricePrecision: 0 } }) },
};
/**
 * Long designations, as a tradesperson writes them: the designation takes the room; quantities,
 * prices, rates and totals show whole; the preview goes under the totals.
 */
export const LongLines: Story = {
  args: {
    state: ready({
      ...simpleDraft,
      lines: simpleDraft.lines.map((line, index) => ({
        ...line,
        label: `${line.label} — ${['fourniture et pose, y compris dépose de l’existant et évacuation des gravats', 'grès cérame 60×60 rectifié, teinte gris anthracite, colle et joints compris', 'raccordement sur attentes existantes, essais d’étanchéité'][index % 3]}`,
      })),
    }),
  },
};

/** « Valider la facture »: the deadline and modes, the due date and the total, before the number is given. */
export const ValidationDialog: Story = {
  args: { state: ready() },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Valider la facture' }));
    await screen.findByRole('dialog', { name: 'Valider la facture ?' });
  },
};
/** « Annuler par un avoir » (administrators): what the credit note will cancel, before it is issued. */
export const CancelDialog: Story = {
  args: { state: ready(validatedInvoice) },
  decorators: [
    (Story) => {
      $session.set({ ...$session.get(), status: 'signed-in', enterpriseId: 1, isAdmin: true });
      return <Story />;
    },
  ],
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Annuler par un avoir' }));
    await screen.findByRole('dialog', { name: 'Annuler cette facture par un avoir ?' });
  },
};
/** The draft at 800 px: the preview goes under the lines and totals. */
export const DraftAt800: Story = {
  ...Draft,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
