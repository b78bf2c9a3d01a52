import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Bank } from '../../src/api/banks';
import type { ReceivedCheque } from '../../src/api/exports';
import {
  BankJournalExportScreen,
  ChequeRemittanceExportScreen,
  CollectedVatExportScreen,
  InvoicingExportsScreen,
} from '../../src/features/exports/ExportScreens';
import { $session } from '../../src/session/session';
import { withAnswers } from '../support/answers';

/** The export forms ask nothing of the server until a download: the company is enough. */
const withCompany = (Story: () => React.ReactNode) => {
  $session.set({ ...$session.get(), enterpriseId: 1 });
  return <Story />;
};

const bank = (id: number, name: string, isDefault: boolean): Bank => ({
  id,
  name,
  bankCode: '',
  accountingNumber: `512${id}00`,
  bic: 'AGRIFRPP839',
  iban: 'FR7630006000011234567890189',
  address: '',
  zipCode: '',
  city: 'Lyon',
  country: 'France',
  phone: '',
  isDefault,
  version: 1,
});
const banks = [bank(1, 'Crédit Agricole Centre-Est', true), bank(2, 'Banque Populaire', false)];

const cheque = (id: number, customerName: string, amountCents: number, day: string): ReceivedCheque => ({
  id,
  invoiceNumber: `FA-2026-000${id}`,
  customerName,
  amountCents,
  paidOn: day,
  bankId: 1,
  bankName: 'Crédit Agricole Centre-Est',
  chequeNumber: `00${id}4521`,
  drawer: customerName,
});
const cheques = [
  cheque(12, 'Boulangerie Mercier', 360_000, '2026-03-12'),
  cheque(15, 'SCI Les Terrasses du Rhône', 1_254_050, '2026-03-09'),
  cheque(17, 'Mme Lefèvre', 84_000, '2026-03-02'),
];

const meta = {
  title: 'Exports/Export forms',
  parameters: { layout: 'padded' },
  decorators: [withCompany, withAnswers],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const InvoicingExports: Story = { render: () => <InvoicingExportsScreen /> };

export const CollectedVat: Story = { render: () => <CollectedVatExportScreen /> };

/** « Export du journal de banque »: the period and the bank (the default one first). */
export const BankJournal: Story = {
  render: () => <BankJournalExportScreen />,
  parameters: { answers: { 'GET /v2/companies/1/banks': { data: banks } } },
};

/** No bank yet: the screen says what to do instead of a download that cannot start. */
export const BankJournalWithoutBank: Story = {
  render: () => <BankJournalExportScreen />,
  parameters: { answers: { 'GET /v2/companies/1/banks': { data: [] } } },
};

/** « Bordereau de remise de chèques »: the period's cheques, all chosen, their count and total. */
export const ChequeRemittance: Story = {
  render: () => <ChequeRemittanceExportScreen />,
  parameters: {
    answers: {
      'GET /v2/companies/1/banks': { data: banks },
      'GET /v2/companies/1/payments/received': { data: cheques, info: { hits: cheques.length } },
    },
  },
};
