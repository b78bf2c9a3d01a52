import type { Meta, StoryObj } from '@storybook/react-vite';
import { CollectedVatExportScreen, InvoicingExportsScreen } from '../../src/features/exports/ExportScreens';
import { $session } from '../../src/session/session';

/** The export forms ask nothing of the server until a download: the company is enough. */
const withCompany = (Story: () => React.ReactNode) => {
  $session.set({ ...$session.get(), enterpriseId: 1 });
  return <Story />;
};

const meta = {
  title: 'Exports/Export forms',
  parameters: { layout: 'padded' },
  decorators: [withCompany],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const InvoicingExports: Story = { render: () => <InvoicingExportsScreen /> };

export const CollectedVat: Story = { render: () => <CollectedVatExportScreen /> };
