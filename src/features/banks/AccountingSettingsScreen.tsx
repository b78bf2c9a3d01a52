import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { type AccountingSettings, editAccountingSettings, getAccountingSettings } from '../../api/accounting';
import { ApiError } from '../../api/errors';
import {
  type AccountingData,
  type AccountingFieldName,
  accountingInputSchema,
} from '../../contract/accounting';
import { fieldCodeMessage } from '../../i18n/fieldCodeMessages';
import { errorMessageFor } from '../../i18n/serverErrors';
import { $session } from '../../session/session';
import { button } from '../../ui/button.css';
import { LoadingScreen } from '../../ui/LoadingScreen';
import * as screenStyles from '../../ui/screen.css';
import { TextField } from '../../ui/TextField';
import * as fieldStyles from '../../ui/textField.css';
import * as styles from './banks.css';
import { accountingMessages as m } from './messages';

type Values = Record<AccountingFieldName, string>;
type Errors = Partial<Record<AccountingFieldName | 'form', string>>;

const valuesOf = ({ version: _version, ...settings }: AccountingSettings): Values => ({
  ...settings,
  fiscalYearStart: settings.fiscalYearStart ?? '',
  fiscalYearEnd: settings.fiscalYearEnd ?? '',
});

const dataOf = (values: Values) => ({
  ...values,
  fiscalYearStart: values.fiscalYearStart || null,
  fiscalYearEnd: values.fiscalYearEnd || null,
});

export interface AccountingSettingsFormProps {
  enterpriseId: number;
  settings: AccountingSettings;
  canWrite: boolean;
  onSaved: (settings: AccountingSettings) => void;
}

/** The accounting settings' form: account numbers, journal codes, fiscal year. */
export function AccountingSettingsForm({
  enterpriseId,
  settings,
  canWrite,
  onSaved,
}: AccountingSettingsFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (name: AccountingFieldName) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _gone, form: _form, ...rest }) => rest);
    setNotice('');
  };
  const toMessages = (fields: Record<string, string>): Errors =>
    Object.fromEntries(Object.entries(fields).map(([name, code]) => [name, fieldCodeMessage(code)]));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = accountingInputSchema.safeParse(dataOf(values));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(toMessages(fields));
      return;
    }
    setBusy(true);
    try {
      const data: AccountingData = parsed.data;
      const saved = await editAccountingSettings(enterpriseId, { ...data, version: settings.version });
      setNotice(m.saved);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.key === 'validation') setErrors(toMessages(error.fields));
      else setErrors({ form: errorMessageFor(error) });
    } finally {
      setBusy(false);
    }
  }

  const field = (name: AccountingFieldName, type = 'text') => (
    <TextField
      label={m.fields[name]}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      readOnly={!canWrite}
      type={type}
      hint={name in m.hints ? m.hints[name as keyof typeof m.hints] : undefined}
      required={type === 'text'}
    />
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <h1 className={screenStyles.title}>{m.title}</h1>
      {!canWrite && <p className={fieldStyles.hint}>{m.adminOnly}</p>}
      <fieldset className={fieldStyles.section}>
        <legend className={fieldStyles.legend}>{m.accounts}</legend>
        <div className={fieldStyles.grid}>
          {field('customerAccount')}
          {field('prorataAccount')}
          {field('retainageAccount')}
          {field('salesAccount')}
          {field('vatAccount')}
        </div>
      </fieldset>
      <fieldset className={fieldStyles.section}>
        <legend className={fieldStyles.legend}>{m.journals}</legend>
        <div className={fieldStyles.grid}>
          {field('salesJournalCode')}
          {field('bankJournalCode')}
        </div>
      </fieldset>
      <fieldset className={fieldStyles.section}>
        <legend className={fieldStyles.legend}>{m.fiscalYear}</legend>
        <div className={fieldStyles.grid}>
          {field('fiscalYearStart', 'date')}
          {field('fiscalYearEnd', 'date')}
        </div>
      </fieldset>
      {errors.form && (
        <p className={fieldStyles.alert} role="alert">
          {errors.form}
        </p>
      )}
      <p className={fieldStyles.success} role="status">
        {notice}
      </p>
      {canWrite && (
        <div className={fieldStyles.actions}>
          <button type="submit" className={button.primary} disabled={busy}>
            {busy ? 'Enregistrement…' : 'Enregistrer'}
          </button>
        </div>
      )}
    </form>
  );
}

/** « Gestion comptabilité » (/preferences/gestion-comptabilite). */
export function AccountingSettingsScreen() {
  const { enterpriseId, isAdmin } = useStore($session, { keys: ['enterpriseId', 'isAdmin'] });
  const [settings, setSettings] = useState<AccountingSettings | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    if (enterpriseId === null) return;
    let live = true;
    getAccountingSettings(enterpriseId).then(
      (answer) => live && setSettings(answer),
      (error: unknown) => live && setFailure(errorMessageFor(error)),
    );
    return () => {
      live = false;
    };
  }, [enterpriseId]);
  if (failure) {
    return (
      <div>
        <h1 className={screenStyles.title}>{m.title}</h1>
        <p className={fieldStyles.alert} role="alert">
          {failure}
        </p>
      </div>
    );
  }
  if (enterpriseId === null || settings === null) return <LoadingScreen title={m.title} />;
  return (
    <AccountingSettingsForm
      enterpriseId={enterpriseId}
      settings={settings}
      canWrite={isAdmin}
      onSaved={setSettings}
    />
  );
}
