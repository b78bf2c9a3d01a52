import { useStore } from '@nanostores/react';
import { type AccountingSettings, editAccountingSettings } from '../../api/accounting';
import { accountingInputSchema } from '../../contract/accounting';
import { $session } from '../../session/session';
import { useEnterpriseId } from '../customers/sheet/useEnterpriseId';
import { preferencesMessages } from '../preferences/form/messages';
import { type SectionSpec, SettingsForm } from '../preferences/form/SettingsForm';
import { SettingsPage } from '../preferences/SettingsPage';
import { $accountingSettings, settingsSaved, useSettings } from '../preferences/settingsStores';
import { accountingMessages as m } from './messages';

const f = m.fields;
const account = (name: keyof typeof f) => ({ name, label: f[name], kind: 'text' as const, required: true });

export const accountingSections: SectionSpec[] = [
  {
    legend: m.accounts,
    fields: [
      account('customerAccount'),
      account('prorataAccount'),
      account('retainageAccount'),
      { ...account('salesAccount'), hint: m.fallbackAccountHint },
      { ...account('vatAccount'), hint: m.fallbackAccountHint },
      { ...account('advanceAccount'), hint: m.advanceAccountHint },
      { ...account('reverseChargeAccount'), hint: m.reverseChargeAccountHint },
    ],
  },
  { legend: m.journals, fields: [account('salesJournalCode'), account('bankJournalCode')] },
  {
    legend: m.fiscalYear,
    fields: [
      { name: 'fiscalYearStart', label: f.fiscalYearStart, kind: 'date', hint: 'JJ/MM/AAAA' },
      { name: 'fiscalYearEnd', label: f.fiscalYearEnd, kind: 'date', hint: 'JJ/MM/AAAA' },
    ],
  },
];

export interface AccountingSettingsPanelProps {
  settings: AccountingSettings;
  save: (input: Record<string, unknown>) => Promise<AccountingSettings>;
  onSaved: (settings: AccountingSettings) => void;
  onReload?: () => void;
}

/** Account numbers, journal codes, fiscal year: admins change them, other members read them. */
export function AccountingSettingsPanel({ settings, save, onSaved, onReload }: AccountingSettingsPanelProps) {
  const { isAdmin } = useStore($session);
  return (
    <SettingsForm
      label={m.formLabel}
      sections={accountingSections}
      initial={settings}
      schema={accountingInputSchema}
      save={(input) => save({ ...input, version: settings.version })}
      onSaved={(saved) => onSaved(saved as AccountingSettings)}
      onReload={onReload}
      readOnly={!isAdmin}
    />
  );
}

/** « Gestion comptabilité » (/preferences/gestion-comptabilite). */
export function AccountingSettingsScreen() {
  const enterpriseId = useEnterpriseId();
  const state = useSettings($accountingSettings);
  return (
    <SettingsPage title={m.title} restricted={preferencesMessages.restricted} state={state}>
      {(settings) => (
        <AccountingSettingsPanel
          key={settings.version}
          settings={settings}
          save={(input) =>
            editAccountingSettings(enterpriseId!, input as Parameters<typeof editAccountingSettings>[1])
          }
          // The reports' fiscal year follows (« Suivi d'activité »).
          onSaved={(saved) => settingsSaved($accountingSettings, saved)}
          onReload={state.reload}
        />
      )}
    </SettingsPage>
  );
}
