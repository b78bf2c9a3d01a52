import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useEffect, useState } from 'react';
import { applicationsPage, applicationsPagePath } from '../../server/src/pages/applications';
import { type PageOptions, renderPage } from '../../server/src/pages/layout';
import {
  type AccountCompany,
  exportDataPage,
  faqPage,
  myAccountPage,
  type PageContent,
  privateSpacePage,
  subscriptionPage,
} from '../../server/src/pages/platform-views';
import type { Bank } from '../../src/api/banks';
import { mutateCache } from '../../src/api/query';
import { SCOPE_SITE_MANAGEMENT } from '../../src/config/constants';
import { MeasureGroups } from '../../src/features/applications/MeasureGroups';
import { groupRows } from '../../src/features/applications/testing/measureFixtures';
import { ExportsElement } from '../../src/features/exports/ExportsElement';
import { NavBar } from '../../src/features/nav-bar/NavBar';
import { $here, readHere } from '../../src/routes/location';
import { $session } from '../../src/session/session';
import { seedNotifications } from '../notifications/seed';
import { withAnswers } from '../support/answers';
import { pageConfig } from './pageConfig';
import { ServerPage } from './ServerPage';

/**
 * The platform origin's pages (server/src/pages/platform-views.ts, applications.ts), as the server
 * renders them in its layout (layout.ts): `<bo-nav-bar>`, the platform's main menu, the page's
 * heading and content, its own stylesheet. « Without elements »: the page before define.js has
 * loaded (or without scripts), the tags' own children; « with elements »: the tags as the element
 * library shows them, here the signed-in administrator of company 1 and the server's answers.
 */
interface PlatformPageProps {
  heading: string;
  /** The page's path (the current entry of the menus). */
  path: string;
  content: PageContent;
  elements?: Record<string, ReactNode>;
  activeHash?: string;
}

function PlatformPage({ heading, path, content, elements, activeHash }: PlatformPageProps) {
  const options: PageOptions = { config: pageConfig(), nonce: '', heading, current: path, ...content };
  return <ServerPage html={renderPage(options)} elements={elements} activeHash={activeHash} />;
}

/**
 * The elements' session and the address the nav bar reads, as on the platform page: the menu's
 * current entry is the page's own. The notifications are the bell's; other calls get `answers`.
 */
function SignedIn({ path, children }: { path: string; children: ReactNode }) {
  useState(() => {
    const answers = window.fetch;
    seedNotifications(8, 2);
    const notifications = window.fetch;
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new URL(url, location.href).pathname.startsWith('/v2/notifications')
        ? notifications(input, init)
        : answers(input, init);
    };
    mutateCache('/v2/companies/1/settings/company#nav-bar', 'Martin Rénovation');
    $session.set({
      status: 'starting',
      userId: 7,
      enterpriseId: 1,
      isAdmin: true,
      scopes: [SCOPE_SITE_MANAGEMENT],
    });
  });
  useEffect(() => {
    // Listened to first: the store then does not read Storybook's own address when the bar mounts.
    const stop = $here.listen(() => {});
    const { platformOrigin } = pageConfig();
    const [pathname = '/', hash = ''] = path.split('#');
    $here.set({ origin: platformOrigin, pathname, hash: hash ? `#${hash}` : '', search: '' });
    return () => {
      $here.set(readHere());
      stop();
    };
  }, [path]);
  return <>{children}</>;
}

const config = pageConfig();

const company: AccountCompany = {
  name: 'Martin Rénovation',
  managerFirstName: 'Marie',
  managerLastName: 'Martin',
  address: '12 rue des Tanneurs',
  zipCode: '69003',
  city: 'Lyon',
  phone: '04 78 12 34 56',
  email: 'contact@martin-renovation.fr',
  siret: '81234567600017',
  vatNumber: 'FR32812345676',
  scopes: [],
  subscriptionPlan: 'Premium',
  subscriptionRenewsOn: '2027-01-15',
};

const bank: Bank = {
  id: 1,
  name: 'Crédit Agricole Centre-Est',
  bankCode: '',
  accountingNumber: '512100',
  bic: 'AGRIFRPP839',
  iban: 'FR7630006000011234567890189',
  address: '',
  zipCode: '',
  city: 'Lyon',
  country: 'France',
  phone: '',
  isDefault: true,
  version: 1,
};

const counts = { customers: 24, quotes: 58, invoices: 131, payments: 97 };
const exportData = { heading: 'Export des données', path: '/app/enterprise/export-data' };
const applications = { heading: 'Mes applications', path: applicationsPagePath };

const meta = {
  title: 'Platform/Platform pages',
  component: PlatformPage,
  decorators: [withAnswers],
} satisfies Meta<typeof PlatformPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** « Export des données » without its elements: the five exports as links to the client's pages. */
export const ExportData: Story = { args: { ...exportData, content: exportDataPage(config, counts) } };

/** With its elements: the nav bar (« Exports de facturation » current) and the five export forms in place. */
export const ExportDataWithElements: Story = {
  args: { ...exportData, content: exportDataPage(config, counts) },
  // The elements are given in the render, not as args (React elements are no controls' values).
  render: (args) => (
    <SignedIn path={args.path}>
      <PlatformPage {...args} elements={{ 'bo-nav-bar': <NavBar />, 'bo-exports': <ExportsElement /> }} />
    </SignedIn>
  ),
  parameters: {
    answers: {
      'GET /v2/companies/1/banks': { data: [bank] },
      'GET /v2/companies/1/payments/received': { data: [], info: { hits: 0 } },
    },
  },
};

/**
 * « Mes applications » (the platform main menu's entry, current) without its elements: the
 * applications' tabs, the measure groups still to come.
 */
export const Applications: Story = { args: { ...applications, content: applicationsPage(config) } };

/** With its elements: the nav bar (« Mes applications » current) and Pix4D's measure groups. */
export const ApplicationsWithElements: Story = {
  args: { ...applications, content: applicationsPage(config) },
  render: (args) => (
    <SignedIn path={args.path}>
      <PlatformPage
        {...args}
        elements={{
          'bo-nav-bar': <NavBar />,
          'bo-measure-groups': <MeasureGroups application="pix4d" headingLevel={2} />,
        }}
      />
    </SignedIn>
  ),
  parameters: {
    answers: {
      'GET /v2/companies/1/measure-groups': { data: groupRows, info: { hits: groupRows.length } },
    },
  },
};

/** « Mon compte »: the user's and the company's information. */
export const MyAccount: Story = {
  args: {
    heading: 'Mon compte',
    path: '/app/my-account',
    content: myAccountPage(
      config,
      {
        lastName: 'Martin',
        firstName: 'Marie',
        job: 'Gérante',
        email: 'marie.martin@martin-renovation.fr',
        phone: '06 12 34 56 78',
        admin: true,
      },
      company,
    ),
  },
};

/** « Mon abonnement » without « Gestion chantier »: where to ask for it (the help page, no chat configured). */
export const Subscription: Story = {
  args: {
    heading: 'Mon abonnement',
    path: '/app/enterprise/subscription/my-subscription',
    content: subscriptionPage(config, company, 4),
  },
};

/** « Espace privé » at #/base-donnees, before <bo-price-library> is there: its heading and what it holds. */
export const PrivateSpaceDatabase: Story = {
  args: {
    heading: 'Espace privé',
    path: '/app/prive/',
    content: privateSpacePage(config, company),
    activeHash: '#/base-donnees',
  },
};

/** The help page, signed in (« Aide et tutoriels » current). */
export const Help: Story = {
  args: { heading: 'Foire aux questions', path: '/foire-aux-questions', content: faqPage(config, true) },
};
