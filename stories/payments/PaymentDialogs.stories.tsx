import type { Meta, StoryObj } from '@storybook/react-vite';
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
