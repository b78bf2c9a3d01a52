import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { CreditNoteDialog } from '../../src/features/invoices/creditNote/CreditNoteDialog';
import { RevertDialog } from '../../src/features/invoices/editor/RevertDialog';
import { creditNote, validatedInvoice } from '../../src/features/invoices/testing/invoiceFixtures';
import { serverErrorMessages } from '../../src/i18n/serverErrors';
import { $session } from '../../src/session/session';

/** Correcting a validated invoice (issue 18): the dialogs an administrator opens from the editor. */
const meta: Meta<typeof RevertDialog> = {
  title: 'Invoices/Correction dialogs',
  component: RevertDialog,
  decorators: [
    (Story) => {
      useEffect(() => {
        $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: true, scopes: [] });
      }, []);
      return <Story />;
    },
  ],
};
export default meta;
type Story = StoryObj<typeof RevertDialog>;

/** « Repasser en PROVISOIRE »: what happens, and the required « Motif ». */
export const Revert: Story = {
  args: {
    open: true,
    invoice: validatedInvoice,
    busy: false,
    error: null,
    onClose: () => {},
    onConfirm: () => {},
  },
};

/** Refused once the invoice left the editor (mailed or downloaded): the sentence says to issue a credit note. */
export const RevertAlreadySent: Story = {
  args: { ...Revert.args, error: serverErrorMessages.invoice_already_sent },
};

/** « Créer un avoir »: one amount (« Geste commercial ») or lines, the totals following the typing. */
export const CreateCreditNote: StoryObj<typeof CreditNoteDialog> = {
  render: (args) => <CreditNoteDialog {...args} />,
  args: {
    enterpriseId: 1,
    invoice: validatedInvoice,
    precisions: { quantityPrecision: 2, unitPricePrecision: 2 },
    onClose: () => {},
    onCreated: () => {},
    create: async () => creditNote,
  },
};

/** The server refuses more than what is left to credit: the lines typed stay, with its sentence. */
export const CreateCreditNoteRefused: StoryObj<typeof CreditNoteDialog> = {
  render: (args) => <CreditNoteDialog {...args} />,
  args: {
    ...CreateCreditNote.args,
    create: async () => {
      const { ApiError } = await import('../../src/api/errors');
      throw new ApiError(422, 'credit_note_exceeds_invoice');
    },
  },
};
