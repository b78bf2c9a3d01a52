import type { Meta, StoryObj } from '@storybook/react-vite';
import { type ReactNode, useState } from 'react';
import type { DocumentLogos, DocumentSettings, SendingSettings } from '../../src/api/documentSettings';
import { ApiError } from '../../src/api/errors';
import { defaultBodyTemplate, sendingPlaceholders } from '../../src/contract/sending';
import {
  DocumentLogosPanel,
  formatForms,
} from '../../src/features/preferences/pages/documents/DocumentFormatsPage';
import {
  type DocumentFormSpec,
  DocumentSettingsForms,
} from '../../src/features/preferences/pages/documents/DocumentSettingsForms';
import {
  generalForms,
  invoiceForms,
  quoteForms,
  termsForms,
} from '../../src/features/preferences/pages/documents/documentPages';
import { SendingSettingsPanel } from '../../src/features/preferences/pages/documents/SendingSettingsPage';
import { $session } from '../../src/session/session';

/** Signed in as an admin (or not: the numbering and the header logo read-only, PermissionGate no_click). */
function As({ admin, children }: { admin: boolean; children: ReactNode }) {
  useState(() =>
    $session.set({ status: 'signed-in', userId: 1, enterpriseId: 1, isAdmin: admin, scopes: [] }),
  );
  return <main>{children}</main>;
}

const settings: DocumentSettings = {
  quantityPrecision: 2,
  unitPricePrecision: 2,
  documentsPerPage: 20,
  invoiceNumberFormat: 'FA-{AAAA}-{NNNNN}',
  creditNoteNumberFormat: 'AV-{AAAA}-{NNNNN}',
  creditNoteOwnSequence: true,
  invoiceTitle: 'Facture',
  invoiceComment: 'Merci de votre confiance.',
  invoiceCompanyName: '',
  invoiceShowPaymentModes: true,
  invoiceShowBank: true,
  invoiceBankId: null,
  defaultPaymentDeadline: { rule: 'days', value: 30 },
  defaultPaymentModes: ['transfer', 'check'],
  headerText: 'Membre de la CAPEB',
  footerText: 'Martin Rénovation — 12 rue des Tanneurs, 69003 Lyon',
  termsOfSale: 'Article 1 : les présentes conditions…',
  termsOnQuote: true,
  termsOnInvoice: false,
  termsOnNewPage: true,
  quoteTitle: 'Devis',
  quoteCompanyName: '',
  quoteCeeMention: '',
  quoteValidityDays: 30,
  operationNature: 'services',
  vatOnDebits: false,
  latePenaltyRate: "trois fois le taux d'intérêt légal",
  insuranceCoverage: 'France métropolitaine',
  version: 3,
};

const sending: SendingSettings = {
  senderName: 'Martin Rénovation',
  senderEmail: 'contact@martin-renovation.fr',
  subjectTemplate: 'Facture {numero} - {entreprise}',
  bodyTemplate: defaultBodyTemplate,
  placeholders: [...sendingPlaceholders],
  version: 1,
};

const storyBank = {
  bankCode: '',
  accountingNumber: '',
  bic: '',
  iban: '',
  address: '',
  zipCode: '',
  city: '',
  country: 'France',
  phone: '',
  version: 1,
};

const logos: DocumentLogos = { logo: null, footerLogo: null };
const pages: Record<string, DocumentFormSpec[]> = {
  general: generalForms,
  invoice: invoiceForms([
    { ...storyBank, id: 1, name: 'Crédit Agricole', isDefault: true },
    { ...storyBank, id: 2, name: 'Banque Populaire', isDefault: false },
  ]),
  quote: quoteForms,
  terms: termsForms,
  formats: formatForms,
};
const saved = async (edit: object) => ({ ...settings, ...edit });
const stale = async (): Promise<never> => {
  throw new ApiError(409, 'stale_version');
};

function Screens({ screen, admin }: { screen: string; admin: boolean }) {
  const noop = () => undefined;
  return (
    <As admin={admin}>
      {screen === 'sending' ? (
        <SendingSettingsPanel settings={sending} save={async () => sending} onSaved={noop} />
      ) : screen === 'stale' ? (
        <DocumentSettingsForms settings={settings} forms={generalForms} save={stale} onReload={noop} />
      ) : (
        <>
          <DocumentSettingsForms settings={settings} forms={pages[screen] ?? generalForms} save={saved} />
          {screen === 'formats' ? (
            <DocumentLogosPanel
              logos={logos}
              uploadHeader={async () => logos}
              uploadFooter={async () => logos}
              removeFooter={async () => logos}
              onChanged={noop}
            />
          ) : null}
        </>
      )}
    </As>
  );
}

const meta: Meta<typeof Screens> = { title: 'Preferences/Document settings', component: Screens };
export default meta;
type Story = StoryObj<typeof Screens>;

export const GeneralDocuments: Story = { args: { screen: 'general', admin: true } };
export const GeneralDocumentsNotAdmin: Story = { args: { screen: 'general', admin: false } };
export const GeneralDocumentsStale: Story = { args: { screen: 'stale', admin: true } };
export const InvoiceDocument: Story = { args: { screen: 'invoice', admin: false } };
export const QuoteDocument: Story = { args: { screen: 'quote', admin: false } };
export const DocumentFormats: Story = { args: { screen: 'formats', admin: true } };
export const DocumentFormatsNotAdmin: Story = { args: { screen: 'formats', admin: false } };
export const TermsOfSale: Story = { args: { screen: 'terms', admin: false } };
export const Sending: Story = { args: { screen: 'sending', admin: false } };
