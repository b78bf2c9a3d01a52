import { useStore } from '@nanostores/react';
import { type CompanySettings, editCompanySettings, uploadLogo } from '../../../api/preferences';
import { invalidateCompanyKeys } from '../../../api/query';
import { companyInputSchema } from '../../../contract/preferences';
import { $session } from '../../../session/session';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { preferencesMessages } from '../form/messages';
import { type SectionSpec, SettingsForm } from '../form/SettingsForm';
import { SettingsPage } from '../SettingsPage';
import { $companySettings, settingsSaved, useSettings } from '../settingsStores';
import { LogoField } from './LogoField';

export const companySections: SectionSpec[] = [
  {
    legend: 'Entreprise',
    fields: [
      {
        name: 'name',
        label: 'Raison sociale',
        kind: 'text',
        required: true,
        wide: true,
        autoComplete: 'organization',
      },
      { name: 'managerFirstName', label: 'Prénom du dirigeant', kind: 'text' },
      { name: 'managerLastName', label: 'Nom du dirigeant', kind: 'text' },
      { name: 'email', label: 'Adresse email', kind: 'email', autoComplete: 'email' },
      { name: 'phone', label: 'Téléphone', kind: 'text', autoComplete: 'tel' },
      { name: 'fax', label: 'Fax', kind: 'text' },
      { name: 'website', label: 'Site internet', kind: 'text', autoComplete: 'url' },
      { name: 'address', label: 'Adresse', kind: 'text', wide: true, autoComplete: 'street-address' },
      { name: 'zipCode', label: 'Code postal', kind: 'text', autoComplete: 'postal-code' },
      { name: 'city', label: 'Ville', kind: 'text' },
      { name: 'country', label: 'Pays', kind: 'text', autoComplete: 'country-name' },
    ],
  },
  {
    legend: 'Informations légales',
    fields: [
      { name: 'siret', label: 'SIRET', kind: 'text', hint: '14 chiffres' },
      {
        name: 'vatNumber',
        label: 'N° de TVA intracommunautaire',
        kind: 'text',
        hint: 'Par exemple FR40303265045',
      },
      { name: 'rcs', label: 'RCS', kind: 'text', hint: 'Par exemple RCS Lyon 732 829 320' },
      { name: 'legalForm', label: 'Forme juridique', kind: 'text', hint: 'SARL, SAS, EURL...' },
      { name: 'capitalCents', label: 'Capital (€)', kind: 'money' },
      { name: 'foundationDate', label: 'Date de création', kind: 'date', hint: 'JJ/MM/AAAA' },
      { name: 'apeCode', label: 'Code APE', kind: 'text', hint: 'Par exemple 43.21A' },
      { name: 'workforce', label: 'Effectif', kind: 'integer' },
    ],
  },
  {
    legend: 'Assurance décennale',
    fields: [
      { name: 'insuranceName', label: "Nom de l'assureur", kind: 'text' },
      { name: 'insuranceContractNumber', label: 'Numéro de contrat', kind: 'text' },
      { name: 'insuranceAddress', label: "Adresse de l'assureur", kind: 'text', wide: true },
    ],
  },
];

export interface CompanyInfoPanelProps {
  company: CompanySettings;
  save: (input: Record<string, unknown>) => Promise<CompanySettings>;
  upload: (file: File) => Promise<CompanySettings>;
  onSaved: (company: CompanySettings) => void;
  onReload?: () => void;
  loadLogo?: (path: string) => Promise<Blob>;
}

/**
 * The company information (spec section 3, Enterprise): admins change it, others read it (the
 * page says so at its top; no chooser nor save for them, the server refuses them too).
 */
export function CompanyInfoPanel({
  company,
  save,
  upload,
  onSaved,
  onReload,
  loadLogo,
}: CompanyInfoPanelProps) {
  const { isAdmin } = useStore($session);
  return (
    <>
      <LogoField
        logo={company.logo}
        upload={upload}
        onUploaded={onSaved}
        load={loadLogo}
        readOnly={!isAdmin}
      />
      <SettingsForm
        label="Informations de l'entreprise"
        sections={companySections}
        initial={company}
        schema={companyInputSchema}
        save={(input) => save({ ...input, version: company.version })}
        onSaved={(saved) => onSaved(saved as CompanySettings)}
        onReload={onReload}
        readOnly={!isAdmin}
      />
    </>
  );
}

function saved(company: CompanySettings) {
  settingsSaved($companySettings, company);
  // The logo is also the documents' header logo (« Format des documents »).
  invalidateCompanyKeys('/settings/logos');
}

export function CompanyInfoPage() {
  const enterpriseId = useEnterpriseId();
  const state = useSettings($companySettings);
  return (
    <SettingsPage
      title="Informations de l'entreprise"
      restricted={preferencesMessages.restricted}
      state={state}
    >
      {(company) => (
        <CompanyInfoPanel
          key={company.version}
          company={company}
          save={(input) =>
            editCompanySettings(enterpriseId!, input as Parameters<typeof editCompanySettings>[1])
          }
          upload={(file) => uploadLogo(enterpriseId!, file)}
          onSaved={saved}
          onReload={state.reload}
        />
      )}
    </SettingsPage>
  );
}
