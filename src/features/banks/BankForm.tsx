import { type FormEvent, useState } from 'react';
import { type Bank, createBank, deleteBank, editBank } from '../../api/banks';
import { ApiError } from '../../api/errors';
import {
  type BankData,
  type BankTextField,
  bankInputSchema,
  emptyBank,
  readableIban,
} from '../../contract/banks';
import { fieldCodeMessage } from '../../i18n/fieldCodeMessages';
import { errorMessageFor } from '../../i18n/serverErrors';
import { button } from '../../ui/button.css';
import { TextField } from '../../ui/TextField';
import * as fieldStyles from '../../ui/textField.css';
import * as styles from './banks.css';
import { bankMessages as m } from './messages';

type Values = Record<BankTextField, string> & { isDefault: boolean };
type Errors = Partial<Record<keyof Values | 'form', string>>;

/** What the form shows of a stored bank: the IBAN grouped by four for reading. */
function valuesOf(bank: Bank | null): Values {
  if (!bank) return { ...emptyBank };
  const { id: _id, version: _version, ...fields } = bank;
  return { ...fields, iban: readableIban(fields.iban) };
}

/** The fields' messages of a failed check (the form's or the server's 422), in French. */
function fieldMessages(fields: Record<string, string>): Errors {
  return Object.fromEntries(Object.entries(fields).map(([name, code]) => [name, fieldCodeMessage(code)]));
}

interface BankFormProps {
  enterpriseId: number;
  /** null: a new bank. */
  bank: Bank | null;
  canWrite: boolean;
  onSaved: (bank: Bank) => void;
  onDeleted: (id: number) => void;
  onCancel: () => void;
}

/**
 * The bank sheet (or a new bank): the fields of spec section 3, checked with the shared contract
 * before sending (IBAN and BIC by ibantools, as the server does). What was typed stays on a refusal.
 */
export function BankForm({ enterpriseId, bank, canWrite, onSaved, onDeleted, onCancel }: BankFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(bank));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const set = (name: keyof Values) => (value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _gone, form: _form, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = bankInputSchema.safeParse(values);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0])] ??= issue.message;
      setErrors(fieldMessages(fields));
      return;
    }
    setBusy(true);
    try {
      const data: BankData = parsed.data;
      const saved = bank
        ? await editBank(enterpriseId, bank.id, { ...changedFields(bank, data), version: bank.version })
        : await createBank(enterpriseId, data);
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.key === 'validation') setErrors(fieldMessages(error.fields));
      else setErrors({ form: errorMessageFor(error) });
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!bank) return;
    setBusy(true);
    try {
      await deleteBank(enterpriseId, bank.id);
      onDeleted(bank.id);
    } catch (error) {
      setErrors({ form: errorMessageFor(error) });
      setConfirmingDelete(false);
    } finally {
      setBusy(false);
    }
  }

  const field = (name: BankTextField, extra: { required?: boolean; autoComplete?: string } = {}) => (
    <TextField
      label={m.fields[name]}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      readOnly={!canWrite}
      {...extra}
    />
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="bank-form-title">
      <h2 id="bank-form-title" className={fieldStyles.legend}>
        {bank ? `${m.sheetTitle} : ${bank.name}` : m.newBank}
      </h2>
      {!canWrite && <p className={fieldStyles.hint}>{m.adminOnly}</p>}
      <div className={fieldStyles.grid}>
        {field('name', { required: true, autoComplete: 'organization' })}
        {field('bankCode')}
        {field('iban')}
        {field('bic')}
        {field('accountingNumber')}
        {field('phone', { autoComplete: 'tel' })}
        {field('address', { autoComplete: 'street-address' })}
        {field('zipCode', { autoComplete: 'postal-code' })}
        {field('city', { autoComplete: 'address-level2' })}
        {field('country', { autoComplete: 'country-name' })}
      </div>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={values.isDefault}
          disabled={!canWrite}
          onChange={(event) => set('isDefault')(event.currentTarget.checked)}
        />
        {m.defaultBank}
      </label>
      {errors.isDefault && <p className={fieldStyles.error}>{errors.isDefault}</p>}
      {errors.form && (
        <p className={fieldStyles.alert} role="alert">
          {errors.form}
        </p>
      )}
      <div className={fieldStyles.actions}>
        {canWrite && (
          <button type="submit" className={button.primary} disabled={busy}>
            {busy ? m.saving : m.save}
          </button>
        )}
        <button type="button" className={button.secondary} onClick={onCancel}>
          {m.cancel}
        </button>
        {canWrite && bank && !confirmingDelete && (
          <button
            type="button"
            className={button.ghost}
            onClick={() => setConfirmingDelete(true)}
            disabled={busy}
          >
            {m.delete}
          </button>
        )}
        {canWrite && bank && confirmingDelete && (
          <button type="button" className={button.secondary} onClick={remove} disabled={busy}>
            {m.confirmDelete}
          </button>
        )}
      </div>
    </form>
  );
}

/** The fields an edit sends: only what changed since the stored bank. */
function changedFields(bank: Bank, data: BankData): Partial<BankData> {
  return Object.fromEntries(
    Object.entries(data).filter(([name, value]) => bank[name as keyof BankData] !== value),
  ) as Partial<BankData>;
}
