import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Bank } from '../../src/api/banks';
import { defaultAccountingSettings } from '../../src/contract/accounting';
import { AccountingSettingsPanel } from '../../src/features/banks/AccountingSettingsScreen';
import { BankForm } from '../../src/features/banks/BankForm';
import { type BankCalls, BanksView } from '../../src/features/banks/BanksScreen';
import { sampleBanks } from '../../src/features/banks/samples';
import { $session } from '../../src/session/session';

const banks = sampleBanks;

/** Signed in as an admin (writes) or a member (reads: PermissionGate no_click). */
function As({ admin, children }: { admin: boolean; children: ReactNode }) {
  useState(() =>
    $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: admin, scopes: [] }),
  );
  return <>{children}</>;
}

const calls: BankCalls = {
  list: async () => banks,
  create: async (data) => ({ ...data, id: 3, version: 1 }),
  edit: async (id, changes) => ({ ...banks.find((bank) => bank.id === id)!, ...changes }),
  remove: async () => undefined,
};

function List({ admin }: { admin: boolean }) {
  const [rows, setRows] = useState<Bank[]>(banks);
  return (
    <As admin={admin}>
      <BanksView banks={rows} onChange={setRows} {...calls} />
    </As>
  );
}

/** Submits the form once shown: the story shows a refused IBAN and BIC. */
function SubmittedOnce({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('form')?.requestSubmit();
  }, []);
  return <div ref={box}>{children}</div>;
}

const sheet = (bank: Bank, admin = true) => (
  <As admin={admin}>
    <BankForm bank={bank} {...calls} onSaved={() => {}} onDeleted={() => {}} onClose={() => {}} />
  </As>
);

const meta = {
  title: 'Exports/Banks and accounting',
  parameters: { layout: 'padded' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const BankList: Story = { render: () => <List admin /> };

export const BankListReadOnly: Story = { render: () => <List admin={false} /> };

export const BankSheet: Story = { render: () => sheet(banks[1]!) };

export const BankSheetReadOnly: Story = { render: () => sheet(banks[0]!, false) };

export const NewBankWithIbanAndBicErrors: Story = {
  render: () => (
    <SubmittedOnce>{sheet({ ...banks[1]!, iban: 'FR7630004008190001234567800', bic: 'BNP' })}</SubmittedOnce>
  ),
};

export const AccountingSettings: Story = {
  render: () => (
    <As admin>
      <AccountingSettingsPanel
        save={async (input) => ({ ...defaultAccountingSettings, ...input, version: 3 })}
        onSaved={() => {}}
        settings={{
          ...defaultAccountingSettings,
          fiscalYearStart: '2026-01-01',
          fiscalYearEnd: '2026-12-31',
          version: 2,
        }}
      />
    </As>
  ),
};

export const AccountingSettingsReadOnly: Story = {
  render: () => (
    <As admin={false}>
      <AccountingSettingsPanel
        save={async () => ({ ...defaultAccountingSettings, version: 2 })}
        onSaved={() => {}}
        settings={{ ...defaultAccountingSettings, version: 1 }}
      />
    </As>
  ),
};
