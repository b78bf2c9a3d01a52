import { useStore } from '@nanostores/react';
import { editOf } from '../../../api/edits';
import { type CustomerCodeSettings, editCustomerCodeSettings } from '../../../api/preferences';
import {
  type CustomerCodeFormat,
  customerCodeFormatSchema,
  formatCustomerCode,
} from '../../../contract/preferences';
import { $session } from '../../../session/session';
import { useEnterpriseId } from '../../customers/sheet/useEnterpriseId';
import { preferencesMessages } from '../form/messages';
import { type SectionSpec, SettingsForm } from '../form/SettingsForm';
import * as styles from '../preferences.css';
import { SettingsPage } from '../SettingsPage';
import { $customerCodeSettings, settingsSaved, useSettings } from '../settingsStores';

const sections: SectionSpec[] = [
  {
    legend: 'Format du code client',
    fields: [
      {
        name: 'prefix',
        label: 'Préfixe',
        kind: 'text',
        hint: 'Lettres, chiffres, « - » et « _ », 10 au plus',
      },
      {
        name: 'digits',
        label: 'Longueur du compteur',
        kind: 'integer',
        hint: 'Nombre de chiffres, de 1 à 10',
      },
      {
        name: 'nextValue',
        label: 'Prochaine valeur du compteur',
        kind: 'integer',
        hint: 'Par défaut 1 (00001)',
      },
    ],
  },
];

export interface CustomerCodePanelProps {
  settings: CustomerCodeSettings;
  save: (input: Partial<CustomerCodeFormat> & { version: number }) => Promise<CustomerCodeSettings>;
  onSaved: (settings: CustomerCodeSettings) => void;
  /** Loads the stored format again (after a stale save). */
  onReload?: () => void;
}

/**
 * The format the customer form's generated codes follow, with the next code as typed. Only the
 * changed fields are sent, with the version read: a next value left alone stays where new
 * customers have moved the counter.
 */
export function CustomerCodePanel({ settings, save, onSaved, onReload }: CustomerCodePanelProps) {
  const { isAdmin } = useStore($session);
  return (
    <SettingsForm
      label="Format du code client"
      sections={sections}
      initial={settings}
      schema={customerCodeFormatSchema}
      save={(input) => save(editOf(settings, input as CustomerCodeFormat))}
      onSaved={(saved) => onSaved(saved as CustomerCodeSettings)}
      onReload={onReload}
      live={(read) => {
        const prefix = read('prefix');
        const digits = read('digits');
        const next = read('nextValue');
        const valid = customerCodeFormatSchema.safeParse({ prefix, digits, nextValue: next });
        return (
          <p className={styles.panel} aria-live="polite">
            Prochain code client :{' '}
            <strong>{valid.success ? formatCustomerCode(valid.data.nextValue, valid.data) : '—'}</strong>
          </p>
        );
      }}
      readOnly={!isAdmin}
    />
  );
}

export function CustomerCodePage() {
  const enterpriseId = useEnterpriseId();
  const state = useSettings($customerCodeSettings);
  return (
    <SettingsPage
      title="Format du code client"
      intro="Les codes clients générés automatiquement suivent ce format."
      restricted={preferencesMessages.restricted}
      state={state}
    >
      {(settings) => (
        <CustomerCodePanel
          key={settings.version}
          settings={settings}
          save={(input) => editCustomerCodeSettings(enterpriseId!, input)}
          onSaved={(saved) => settingsSaved($customerCodeSettings, saved)}
          onReload={state.reload}
        />
      )}
    </SettingsPage>
  );
}
