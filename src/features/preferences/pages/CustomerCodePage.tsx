import {
  type CustomerCodeSettings,
  editCustomerCodeSettings,
  getCustomerCodeSettings,
} from '../../../api/preferences';
import { customerCodeFormatSchema, formatCustomerCode } from '../../../contract/preferences';
import { PermissionGate } from '../../../ui/permission/PermissionGate';
import { type SectionSpec, SettingsForm } from '../form/SettingsForm';
import * as styles from '../preferences.css';
import { SettingsPage } from '../SettingsPage';
import { useCompanyLoad } from '../useLoad';

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
  save: (input: Record<string, unknown>) => Promise<CustomerCodeSettings>;
  onSaved: (settings: CustomerCodeSettings) => void;
}

/** The format the customer form's generated codes follow, with the next code as typed. */
export function CustomerCodePanel({ settings, save, onSaved }: CustomerCodePanelProps) {
  return (
    <PermissionGate adminRequired action="no_click">
      <SettingsForm
        label="Format du code client"
        sections={sections}
        initial={settings}
        schema={customerCodeFormatSchema}
        save={save}
        onSaved={(saved) => onSaved(saved as CustomerCodeSettings)}
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
      />
    </PermissionGate>
  );
}

export function CustomerCodePage() {
  const { enterpriseId, state, set } = useCompanyLoad(getCustomerCodeSettings);
  return (
    <SettingsPage
      title="Format du code client"
      intro="Les codes clients générés automatiquement suivent ce format."
      state={state}
    >
      {(settings) => (
        <CustomerCodePanel
          settings={settings}
          save={(input) =>
            editCustomerCodeSettings(enterpriseId!, input as Parameters<typeof editCustomerCodeSettings>[1])
          }
          onSaved={set}
        />
      )}
    </SettingsPage>
  );
}
