import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { Bank } from '../../api/banks';
import { editOf } from '../../api/edits';
import { type BankData, bankInputSchema, emptyBank, readableIban } from '../../contract/banks';
import { errorMessageFor } from '../../i18n/serverErrors';
import { $session } from '../../session/session';
import { button } from '../../ui/button.css';
import { ConfirmDeleteButton } from '../../ui/ConfirmDeleteButton';
import * as fieldStyles from '../../ui/textField.css';
import { type SectionSpec, SettingsForm } from '../preferences/form/SettingsForm';
import * as styles from './banks.css';
import { bankMessages as m } from './messages';

/**
 * The fields of spec section 3. The default bank stays the default until another bank takes the
 * flag (the server refuses an unchecked default: bank_default_required), as for VAT rates.
 */
export function bankSections(isDefault: boolean): SectionSpec[] {
  const f = m.fields;
  return [
    {
      legend: m.bankSection,
      fields: [
        { name: 'name', label: f.name, kind: 'text', required: true, autoComplete: 'organization' },
        { name: 'bankCode', label: f.bankCode, kind: 'text' },
        { name: 'iban', label: f.iban, kind: 'text' },
        { name: 'bic', label: f.bic, kind: 'text' },
        { name: 'accountingNumber', label: f.accountingNumber, kind: 'text' },
        {
          name: 'isDefault',
          label: m.defaultBank,
          kind: 'checkbox',
          readOnly: isDefault,
          hint: isDefault ? m.defaultStays : undefined,
        },
      ],
    },
    {
      legend: m.contactSection,
      fields: [
        { name: 'phone', label: f.phone, kind: 'text', autoComplete: 'tel' },
        { name: 'address', label: f.address, kind: 'text', wide: true, autoComplete: 'street-address' },
        { name: 'zipCode', label: f.zipCode, kind: 'text', autoComplete: 'postal-code' },
        { name: 'city', label: f.city, kind: 'text', autoComplete: 'address-level2' },
        { name: 'country', label: f.country, kind: 'text', autoComplete: 'country-name' },
      ],
    },
  ];
}

/** What the form shows of a stored bank: the IBAN grouped by four for reading. */
const valuesOf = (bank: Bank | null): Record<string, unknown> =>
  bank ? { ...bank, iban: readableIban(bank.iban) } : { ...emptyBank };

export interface BankFormProps {
  /** null: a new bank. */
  bank: Bank | null;
  create: (data: BankData) => Promise<Bank>;
  edit: (id: number, changes: Partial<BankData> & { version: number }) => Promise<Bank>;
  remove: (id: number) => Promise<void>;
  onSaved: (bank: Bank) => void;
  onDeleted: (id: number) => void;
  onClose: () => void;
  /** Loads the stored banks again (after a stale save). */
  onReload?: () => void;
}

/**
 * The bank sheet (or a new bank) on the shared settings form: the contract's checks before sending
 * (IBAN and BIC by ibantools, as the server does), the section 8 toasts, what was typed kept on a
 * refusal, the stale-version notice; admins write, other members read it (read-only, no save nor
 * delete: the page says so at its top).
 */
export function BankForm({
  bank,
  create,
  edit,
  remove,
  onSaved,
  onDeleted,
  onClose,
  onReload,
}: BankFormProps) {
  const titleId = useId();
  const { isAdmin } = useStore($session);
  const [failure, setFailure] = useState('');
  const title = bank ? `${m.sheetTitle} : ${bank.name}` : m.newBank;

  async function confirmDelete(id: number) {
    setFailure('');
    try {
      await remove(id);
      onDeleted(id);
    } catch (error) {
      setFailure(errorMessageFor(error));
    }
  }

  return (
    <section className={styles.sheet} aria-labelledby={titleId}>
      <div className={styles.sheetHeader}>
        <h2 id={titleId} className={fieldStyles.legend}>
          {title}
        </h2>
        <button type="button" className={button.secondary} onClick={onClose}>
          {m.close}
        </button>
      </div>
      {failure ? (
        <p className={fieldStyles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      <SettingsForm
        label={title}
        sections={bankSections(bank?.isDefault ?? false)}
        initial={valuesOf(bank)}
        schema={bankInputSchema}
        errorFields={{ bank_default_required: 'isDefault' }}
        save={(input) => {
          const data = input as BankData;
          return bank ? edit(bank.id, editOf(bank, data)) : create(data);
        }}
        onSaved={(saved) => onSaved(saved as Bank)}
        onReload={onReload}
        actions={
          bank ? (
            <ConfirmDeleteButton
              label={m.delete}
              confirmLabel={m.confirmDelete}
              onConfirm={() => confirmDelete(bank.id)}
            />
          ) : null
        }
        readOnly={!isAdmin}
      />
    </section>
  );
}
