import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../src/api/errors';
import type { Account, CompanySettings } from '../../src/api/preferences';
import { CompanyInfoPanel } from '../../src/features/preferences/pages/CompanyInfoPage';
import { CostsPanel } from '../../src/features/preferences/pages/CostsPage';
import { CustomerCodePanel } from '../../src/features/preferences/pages/CustomerCodePage';
import { MyAccountPanel } from '../../src/features/preferences/pages/MyAccountPage';
import { NotificationsCentre } from '../../src/features/preferences/pages/NotificationsCentre';
import { sampleCosts, sampleUsers, sampleVatRates } from '../../src/features/preferences/pages/samples';
import { UsersPanel } from '../../src/features/preferences/pages/UsersPage';
import { VatPanel } from '../../src/features/preferences/pages/VatPage';
import { $session } from '../../src/session/session';

/** Signed in as an admin (or not: the admin-only screens read-only, said at their top). */
function As({ admin, children }: { admin: boolean; children: ReactNode }) {
  useState(() =>
    $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: admin, scopes: [] }),
  );
  return <main>{children}</main>;
}

const company: CompanySettings = {
  name: 'Bâti Rhône SARL',
  managerFirstName: 'Sophie',
  managerLastName: 'Martin',
  email: 'contact@bati-rhone.fr',
  address: '12 rue des Tanneurs',
  zipCode: '69003',
  city: 'Lyon',
  country: 'France',
  phone: '04 78 00 00 00',
  fax: '',
  website: 'https://bati-rhone.fr',
  siret: '73282932000074',
  rcs: 'RCS Lyon 732 829 320',
  legalForm: 'SARL',
  capitalCents: 1_000_000,
  foundationDate: '2012-03-01',
  apeCode: '43.21A',
  vatNumber: 'FR40303265045',
  workforce: 12,
  insuranceName: 'SMABTP',
  insuranceAddress: '8 rue Louis Armand, 75015 Paris',
  insuranceContractNumber: 'DEC-2012-42',
  logo: null,
  version: 3,
};

const rates = sampleVatRates;
/** A locked colleague: the list offers « Déverrouiller ». */
const users = [sampleUsers[0], { ...sampleUsers[1], locked: true }];

const account: Account = { ...users[0]!, enterpriseId: 1 };
const refused = (key: string) => async (): Promise<never> => {
  throw new ApiError(409, key);
};
const notifications = async (_limit?: number, _offset?: number, read?: boolean) => {
  const all = [
    {
      id: 1,
      notification_param_id: 1,
      title: 'Facture FA-2026-00012 réglée',
      description: '<p>Le règlement de <strong>1 200,00 €</strong> est arrivé.</p>',
      valid_from: '2026-11-20T09:00:00Z',
      read_at: null,
      metadata: { link: undefined, buttons: [] },
    },
    {
      id: 2,
      notification_param_id: 2,
      title: 'Nouvelle fonctionnalité',
      description: '<p>Les préférences sont disponibles.</p>',
      valid_from: '2026-11-18T09:00:00Z',
      read_at: '2026-11-19T10:00:00Z',
      metadata: { link: undefined, buttons: [] },
    },
  ];
  const data = read === undefined ? all : all.filter((n) => (n.read_at !== null) === read);
  return { data, info: { hits: data.length, totalUnreads: 1 } };
};

function Screens({ screen, admin }: { screen: string; admin: boolean }) {
  const noop = () => undefined;
  return (
    <As admin={admin}>
      {screen === 'company' ? (
        <CompanyInfoPanel
          company={company}
          save={async () => company}
          upload={async () => company}
          onSaved={noop}
        />
      ) : screen === 'companyStale' ? (
        <CompanyInfoPanel
          company={company}
          save={refused('stale_version')}
          upload={async () => company}
          onSaved={noop}
          onReload={noop}
        />
      ) : screen === 'vat' ? (
        <VatPanel
          rates={rates}
          load={async (id) => rates.find((r) => r.id === id)!}
          create={async () => rates[1]!}
          edit={async () => rates[0]!}
          remove={async () => {}}
          onChanged={noop}
        />
      ) : screen === 'users' ? (
        <UsersPanel
          users={users}
          selfId={1}
          create={async () => ({ user: users[1]!, invitation: null })}
          edit={async () => users[1]!}
          toggle={async (user) => user}
          onChanged={noop}
        />
      ) : screen === 'customerCode' ? (
        <CustomerCodePanel
          settings={{ prefix: 'CL-', digits: 4, nextValue: 120, nextCode: 'CL-0120', version: 1 }}
          save={async () => ({ prefix: 'CL-', digits: 4, nextValue: 120, nextCode: 'CL-0120', version: 2 })}
          onSaved={noop}
        />
      ) : screen === 'costs' ? (
        <CostsPanel costs={sampleCosts} save={async () => sampleCosts} onSaved={noop} />
      ) : screen === 'account' ? (
        <MyAccountPanel
          account={account}
          save={async () => account}
          onSaved={noop}
          changePassword={refused('wrong_current_password')}
        />
      ) : (
        <NotificationsCentre load={notifications} markRead={async () => undefined} />
      )}
    </As>
  );
}

const meta: Meta<typeof Screens> = { title: 'Preferences/Screens', component: Screens };
export default meta;
type Story = StoryObj<typeof Screens>;

export const CompanyInformation: Story = { args: { screen: 'company', admin: true } };
export const CompanyInformationReadOnly: Story = { args: { screen: 'company', admin: false } };
export const CompanyInformationStale: Story = { args: { screen: 'companyStale', admin: true } };
export const VatRates: Story = { args: { screen: 'vat', admin: true } };
export const VatRatesReadOnly: Story = { args: { screen: 'vat', admin: false } };
export const Users: Story = { args: { screen: 'users', admin: true } };
export const UsersReadOnly: Story = { args: { screen: 'users', admin: false } };
export const CustomerCodeFormat: Story = { args: { screen: 'customerCode', admin: true } };
export const CostsAndPrices: Story = { args: { screen: 'costs', admin: false } };
export const MyAccount: Story = { args: { screen: 'account', admin: false } };
export const NotificationsSettings: Story = { args: { screen: 'notifications', admin: false } };

/** A settings screen at 800 px (the form in one column). */
export const CompanyInformationAt800: Story = {
  ...CompanyInformation,
  globals: { viewport: { value: 'narrow800', isRotated: false } },
};
