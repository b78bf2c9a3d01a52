import type { Meta, StoryObj } from '@storybook/react-vite';
import { screen, userEvent } from 'storybook/test';
import { DeleteDialog } from '../../src/features/payments/DeleteDialog';
import { PayDialog } from '../../src/features/payments/PayDialog';
import {
  demoBanks,
  makeOutstanding,
  makeReceived,
} from '../../src/features/payments/testing/paymentFixtures';

const rows = makeOutstanding(10).slice(7, 10);

const meta: Meta<typeof PayDialog> = { title: 'Payments/Dialogs', component: PayDialog };
export default meta;
type Story = StoryObj<typeof PayDialog>;

/** Paying three lines (one a retainage): date, mode, bank, comment, full or partial amount per line. */
export const Pay: Story = {
  args: {
    open: true,
    enterpriseId: 1,
    rows,
    banks: demoBanks,
    onClose: () => {},
    onPaid: () => {},
    pay: async () => ({ data: { paid: [], failed: [] }, errors: [] }),
  },
};

/**
 * A payment dated before its invoice: « Enregistrer » first asks whether it was received before the
 * invoice was issued (spec section 5), the answer focused.
 */
export const PaymentDatedBeforeInvoice: Story = {
  args: { ...Pay.args, rows: rows.map((row) => ({ ...row, invoiceDate: '2026-03-10' })) },
  play: async () => {
    const date = screen.getByLabelText('Date de règlement');
    await userEvent.clear(date);
    await userEvent.type(date, '01/03/2026');
    await userEvent.click(screen.getByRole('button', { name: /^Enregistrer/ }));
    await screen.findByRole('alertdialog');
  },
};

export const Delete: StoryObj<typeof DeleteDialog> = {
  render: (args) => <DeleteDialog {...args} />,
  args: {
    open: true,
    enterpriseId: 1,
    rows: makeReceived(2),
    onClose: () => {},
    onDeleted: () => {},
    remove: async () => ({ data: { deleted: [], failed: [] }, errors: [] }),
  },
};
