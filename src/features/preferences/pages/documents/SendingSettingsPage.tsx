import { z } from 'zod';
import { editSendingSettings, type SendingSettings } from '../../../../api/documentSettings';
import { lazy } from '../../../../contract/lazy';
import {
  type SendingSettingsEdit,
  sendingPlaceholders,
  sendingSettingsFields,
  unknownPlaceholders,
} from '../../../../contract/sending';
import { clientPaths } from '../../../../routes/paths';
import * as formStyles from '../../../customers/form/form.css';
import { useEnterpriseId } from '../../../customers/sheet/useEnterpriseId';
import { type SectionSpec, SettingsForm } from '../../form/SettingsForm';
import * as styles from '../../preferences.css';
import { preferencesEntry } from '../../preferencesMenu';
import { SettingsPage } from '../../SettingsPage';
import { $sendingSettings, settingsSaved, useSettings } from '../../settingsStores';

const sections: SectionSpec[] = [
  {
    legend: 'Expéditeur',
    fields: [
      { name: 'senderName', label: "Nom de l'expéditeur", kind: 'text', required: true },
      { name: 'senderEmail', label: "Adresse email de l'expéditeur", kind: 'email', required: true },
    ],
  },
  {
    legend: 'Email',
    fields: [
      { name: 'subjectTemplate', label: "Titre de l'email", kind: 'text', required: true, wide: true },
      { name: 'bodyTemplate', label: "Corps de l'email", kind: 'textarea', required: true },
    ],
  },
];

const schema = lazy(() => z.object(sendingSettingsFields));

/** What each placeholder becomes in a sent mail. */
const placeholderMeanings: Record<(typeof sendingPlaceholders)[number], string> = {
  numero: 'le numéro de la facture',
  montant: 'son montant TTC',
  client: 'le nom du client',
  echeance: "sa date d'échéance",
  date: 'sa date',
  entreprise: 'le nom de votre entreprise',
};

/** An unknown `{…}` (a typo) is refused on saving: flagged as it is typed, with its name. */
export function unknownPlaceholdersMessage(subject: unknown, body: unknown): string | null {
  const unknown = [
    ...new Set([String(subject ?? ''), String(body ?? '')].flatMap((text) => unknownPlaceholders(text))),
  ];
  if (unknown.length === 0) return null;
  const names = unknown.map((name) => `{${name}}`).join(', ');
  return `${unknown.length > 1 ? 'Variables inconnues' : 'Variable inconnue'} : ${names}. Seules les variables ci-dessus sont acceptées.`;
}

function Placeholders({ read }: { read: (name: string) => unknown }) {
  const problem = unknownPlaceholdersMessage(read('subjectTemplate'), read('bodyTemplate'));
  return (
    <section className={styles.panel} aria-label="Variables">
      <p className={formStyles.hint}>Variables remplacées dans le titre et le corps de l'email :</p>
      <ul>
        {sendingPlaceholders.map((name) => (
          <li key={name}>
            <code>{`{${name}}`}</code> : {placeholderMeanings[name]}
          </li>
        ))}
      </ul>
      <div aria-live="polite">{problem ? <p className={formStyles.error}>{problem}</p> : null}</div>
    </section>
  );
}

export interface SendingSettingsPanelProps {
  settings: SendingSettings;
  save: (edit: SendingSettingsEdit) => Promise<SendingSettings>;
  onSaved: (settings: SendingSettings) => void;
  onReload?: () => void;
}

/** Paramètres d'envoi: the sender and the invoice mail's subject and body (open to every user). */
export function SendingSettingsPanel({ settings, save, onSaved, onReload }: SendingSettingsPanelProps) {
  return (
    <SettingsForm
      label={preferencesEntry(clientPaths.invoiceSettings).label}
      sections={sections}
      initial={settings}
      schema={schema}
      save={({ senderName, senderEmail, subjectTemplate, bodyTemplate }) =>
        save({
          senderName,
          senderEmail,
          subjectTemplate,
          bodyTemplate,
          version: settings.version,
        } as SendingSettingsEdit)
      }
      onSaved={(saved) => onSaved(saved as SendingSettings)}
      onReload={onReload}
      live={(read) => <Placeholders read={read} />}
    />
  );
}

export function SendingSettingsPage() {
  const enterpriseId = useEnterpriseId();
  const state = useSettings($sendingSettings);
  return (
    <SettingsPage
      title={preferencesEntry(clientPaths.invoiceSettings).label}
      intro="L'email proposé à l'envoi d'une facture, sa facture en PDF jointe."
      state={state}
    >
      {(settings) => (
        <SendingSettingsPanel
          key={settings.version}
          settings={settings}
          save={(edit) => editSendingSettings(enterpriseId!, edit)}
          onSaved={(saved) => settingsSaved($sendingSettings, saved)}
          onReload={state.reload}
        />
      )}
    </SettingsPage>
  );
}
