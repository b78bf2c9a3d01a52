import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Bank } from '../../src/api/banks';
import { AccountingSettingsForm } from '../../src/features/banks/AccountingSettingsScreen';
import { BankForm } from '../../src/features/banks/BankForm';
import { BanksView } from '../../src/features/banks/BanksScreen';

const banks: Bank[] = [
  {
    id: 1,
    name: 'Crédit Agricole Centre-Est',
    bankCode: '17806',
    accountingNumber: '512100',
    bic: 'AGRIFRPP878',
    iban: 'FR7617806001230004567890197',
    address: '1 rue Pierre de Truchis de Lays',
    zipCode: '69410',
    city: "Champagne-au-Mont-d'Or",
    country: 'France',
    phone: '04 72 52 80 00',
    isDefault: true,
    version: 1,
  },
  {
    id: 2,
    name: 'BNP Paribas Lyon Bellecour',
    bankCode: '30004',
    accountingNumber: '512200',
    bic: 'BNPAFRPPXXX',
    iban: 'FR7630004008190001234567879',
    address: '2 place Bellecour',
    zipCode: '69002',
    city: 'Lyon',
    country: 'France',
    phone: '04 72 41 20 00',
    isDefault: false,
    version: 3,
  },
];

function List({ canWrite }: { canWrite: boolean }) {
  const [rows, setRows] = useState(banks);
  return <BanksView enterpriseId={1} banks={rows} canWrite={canWrite} onChange={setRows} />;
}

/** Submits the form once shown: the story shows a refused IBAN and BIC. */
function SubmittedOnce({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('form')?.requestSubmit();
  }, []);
  return <div ref={box}>{children}</div>;
}

const meta = {
  title: 'Exports/Banks and accounting',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const BankList: Story = { render: () => <List canWrite /> };

export const BankListReadOnly: Story = { render: () => <List canWrite={false} /> };

export const BankSheet: Story = {
  render: () => (
    <BankForm
      enterpriseId={1}
      bank={banks[1]!}
      canWrite
      onSaved={() => {}}
      onDeleted={() => {}}
      onCancel={() => {}}
    />
  ),
};

export const NewBankWithIbanAndBicErrors: Story = {
  render: () => (
    <SubmittedOnce>
      <BankForm
        enterpriseId={1}
        bank={{ ...banks[1]!, iban: 'FR7630004008190001234567800', bic: 'BNP' }}
        canWrite
        onSaved={() => {}}
        onDeleted={() => {}}
        onCancel={() => {}}
      />
    </SubmittedOnce>
  ),
};

export const AccountingSettings: Story = {
  render: () => (
    <AccountingSettingsForm
      enterpriseId={1}
      canWrite
      onSaved={() => {}}
      settings={{
        customerAccount: '411000',
        prorataAccount: '604000',
        retainageAccount: '411700',
        salesAccount: '706000',
        vatAccount: '445710',
        salesJournalCode: 'VE',
        bankJournalCode: 'BQ',
        fiscalYearStart: '2026-01-01',
        fiscalYearEnd: '2026-12-31',
        version: 2,
      }}
    />
  ),
};
