import { type Account, changePassword, editAccount } from '../../../api/preferences';
import { invalidateCompanyKeys } from '../../../api/query';
import { accountInputSchema, passwordChangeSchema } from '../../../contract/preferences';
import { type SectionSpec, SettingsForm } from '../form/SettingsForm';
import * as styles from '../preferences.css';
import { SettingsPage } from '../SettingsPage';
import { $account, settingsSaved, useSettings } from '../settingsStores';
import { NotificationsCentre } from './NotificationsCentre';

const accountSections: SectionSpec[] = [
  {
    legend: 'Mes informations',
    fields: [
      { name: 'lastName', label: 'Nom', kind: 'text', required: true, autoComplete: 'family-name' },
      { name: 'firstName', label: 'Prénom', kind: 'text', required: true, autoComplete: 'given-name' },
      { name: 'job', label: 'Fonction', kind: 'text', autoComplete: 'organization-title' },
      { name: 'phone', label: 'Téléphone', kind: 'text', autoComplete: 'tel' },
    ],
  },
];

const passwordSections: SectionSpec[] = [
  {
    legend: 'Changer mon mot de passe',
    fields: [
      {
        name: 'currentPassword',
        label: 'Mot de passe actuel',
        kind: 'password',
        required: true,
        autoComplete: 'current-password',
      },
      {
        name: 'newPassword',
        label: 'Nouveau mot de passe',
        kind: 'password',
        required: true,
        autoComplete: 'new-password',
        hint: '8 caractères au moins',
      },
      {
        name: 'confirmation',
        label: 'Confirmer le nouveau mot de passe',
        kind: 'password',
        required: true,
        autoComplete: 'new-password',
      },
    ],
  },
];

const emptyPasswords = { currentPassword: '', newPassword: '', confirmation: '' };

export const passwordMismatch = 'Les deux mots de passe ne sont pas identiques.';

const confirmationMatches = (input: Record<string, unknown>): Record<string, string> =>
  input.confirmation === input.newPassword ? {} : { confirmation: passwordMismatch };

export interface MyAccountPanelProps {
  account: Account;
  save: (input: Record<string, unknown>) => Promise<Account>;
  onSaved: (account: Account) => void;
  changePassword: (input: { currentPassword: string; newPassword: string }) => Promise<unknown>;
}

/** The signed-in user's own information and password (their rights are an admin's). */
export function MyAccountPanel({ account, save, onSaved, changePassword: change }: MyAccountPanelProps) {
  return (
    <>
      <p className={styles.panel}>
        Adresse email : <strong>{account.email}</strong> · {account.admin ? 'Administrateur' : 'Utilisateur'}
      </p>
      <SettingsForm
        label="Mes informations"
        sections={accountSections}
        initial={account}
        schema={accountInputSchema}
        save={save}
        onSaved={(saved) => onSaved(saved as Account)}
      />
      <SettingsForm
        label="Changer mon mot de passe"
        sections={passwordSections}
        initial={emptyPasswords}
        schema={passwordChangeSchema}
        check={confirmationMatches}
        errorFields={{ wrong_current_password: 'currentPassword' }}
        submitLabel="Changer mon mot de passe"
        resetAfterSave
        save={(input) =>
          change({ currentPassword: String(input.currentPassword), newPassword: String(input.newPassword) })
        }
      />
    </>
  );
}

export function MyAccountPage() {
  const state = useSettings($account);
  return (
    <SettingsPage title="Mon compte" state={state}>
      {(account) => (
        <>
          <MyAccountPanel
            account={account}
            save={(input) => editAccount(input as never)}
            onSaved={(saved) => {
              settingsSaved($account, saved);
              // The lists of users (their sheets, the activity's names) show the new name.
              invalidateCompanyKeys('/users');
            }}
            changePassword={changePassword}
          />
          <NotificationsCentre />
        </>
      )}
    </SettingsPage>
  );
}
