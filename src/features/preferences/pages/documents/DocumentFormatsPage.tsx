import { useStore } from '@nanostores/react';
import { type DocumentLogos, removeFooterLogo, uploadFooterLogo } from '../../../../api/documentSettings';
import { uploadLogo } from '../../../../api/preferences';
import { invalidateCompanyKeys } from '../../../../api/query';
import { clientPaths } from '../../../../routes/paths';
import { $session } from '../../../../session/session';
import { ListFailed } from '../../../../ui/ListPages';
import { useEnterpriseId } from '../../../customers/sheet/useEnterpriseId';
import { preferencesMessages } from '../../form/messages';
import { $documentLogos, settingsSaved, useSettings } from '../../settingsStores';
import { LogoField } from '../LogoField';
import { type DocumentFormSpec, DocumentSettingsPage } from './DocumentSettingsForms';

export const formatForms: DocumentFormSpec[] = [
  {
    label: 'Format des documents',
    sections: [
      {
        legend: 'En-tête et pied de page',
        fields: [
          {
            name: 'headerText',
            label: "Texte d'en-tête",
            kind: 'textarea',
            hint: 'Imprimé en haut de chaque document, au-dessus du logo',
          },
          {
            name: 'footerText',
            label: 'Texte de pied de page',
            kind: 'textarea',
            hint: 'Imprimé en bas de chaque page, sous les mentions légales',
          },
        ],
      },
    ],
  },
];

export const footerLogoTexts = {
  legend: 'Logo de pied de page',
  choose: 'Choisir un logo de pied de page',
  alt: 'Logo de pied de page',
  remove: 'Retirer le logo de pied de page',
};

export interface DocumentLogosPanelProps {
  logos: DocumentLogos;
  /** The company logo (admin only, as the company information; the footer logo too). */
  uploadHeader: (file: File) => Promise<{ logo: string | null }>;
  uploadFooter: (file: File) => Promise<DocumentLogos>;
  removeFooter: () => Promise<DocumentLogos>;
  onChanged: (logos: DocumentLogos) => void;
  load?: (path: string) => Promise<Blob>;
}

/**
 * The documents' two logos: the header one is the company logo, the footer one a second image.
 * Both print on every invoice: an administrator changes them, the others see them read-only (the
 * page says so at its top; the server refuses them too, 403). The server stores them reduced to the
 * size the PDF prints.
 */
export function DocumentLogosPanel({
  logos,
  uploadHeader,
  uploadFooter,
  removeFooter,
  onChanged,
  load,
}: DocumentLogosPanelProps) {
  const { isAdmin } = useStore($session);
  return (
    <>
      <LogoField
        logo={logos.logo}
        upload={uploadHeader}
        onUploaded={(company) => onChanged({ ...logos, logo: company.logo })}
        load={load}
        texts={{
          legend: "Logo d'en-tête",
          choose: "Choisir le logo d'en-tête",
          alt: "Logo de l'entreprise",
        }}
        readOnly={!isAdmin}
      />
      <LogoField
        logo={logos.footerLogo}
        upload={uploadFooter}
        remove={removeFooter}
        onUploaded={onChanged}
        load={load}
        texts={footerLogoTexts}
        readOnly={!isAdmin}
      />
    </>
  );
}

function DocumentLogosSection() {
  const enterpriseId = useEnterpriseId();
  const { data, error, reload } = useSettings($documentLogos);
  if (data === undefined)
    return error === undefined ? null : (
      <ListFailed message={preferencesMessages.loadFailed} onRetry={reload} />
    );
  return (
    <DocumentLogosPanel
      logos={data}
      uploadHeader={(file) => uploadLogo(enterpriseId!, file)}
      uploadFooter={(file) => uploadFooterLogo(enterpriseId!, file)}
      removeFooter={() => removeFooterLogo(enterpriseId!)}
      onChanged={(logos) => {
        settingsSaved($documentLogos, logos);
        // The header logo is the company's (« Informations de l'entreprise »).
        invalidateCompanyKeys('/settings/company');
      }}
    />
  );
}

/** Format des documents: header and footer texts and logos (spec section 3). */
export const DocumentFormatsPage = () => (
  <DocumentSettingsPage
    page={clientPaths.documentFormats}
    restricted={preferencesMessages.restrictedLogos}
    forms={formatForms}
  >
    <DocumentLogosSection />
  </DocumentSettingsPage>
);
