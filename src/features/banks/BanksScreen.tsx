import { useState } from 'react';
import { type Bank, createBank, deleteBank, editBank, listBanks } from '../../api/banks';
import { readableIban } from '../../contract/banks';
import { confirmLeaving } from '../../routes/leaveGuard';
import { button } from '../../ui/button.css';
import { PermissionGate } from '../../ui/permission/PermissionGate';
import * as fieldStyles from '../../ui/textField.css';
import { preferencesMessages } from '../preferences/form/messages';
import { SettingsPage } from '../preferences/SettingsPage';
import { useCompanyLoad } from '../preferences/useLoad';
import { BankForm, type BankFormProps } from './BankForm';
import * as styles from './banks.css';
import { bankMessages as m } from './messages';

type Selection = { kind: 'none' } | { kind: 'new' } | { kind: 'bank'; id: number };

/** The calls the screen makes (the API's, or a story's). */
export type BankCalls = Pick<BankFormProps, 'create' | 'edit' | 'remove'> & { list: () => Promise<Bank[]> };

export interface BanksViewProps extends BankCalls {
  banks: Bank[];
  onChange: (banks: Bank[]) => void;
}

const columns = ['name', 'iban', 'bic', 'accountingNumber', 'isDefault'] as const;

/** The list, and under it the open bank sheet or the new bank form; admins write, members read. */
export function BanksView({ banks, onChange, list, ...calls }: BanksViewProps) {
  const [selection, setSelection] = useState<Selection>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const open = selection.kind === 'bank' ? (banks.find((bank) => bank.id === selection.id) ?? null) : null;
  // Closing the sheet (« Fermer »), opening another or a new one leaves what is typed: the shared
  // unsaved-changes guard asks first, as every other sheet does.
  const select = (next: Selection) => {
    if (!confirmLeaving()) return;
    setSelection(next);
    setNotice('');
  };
  // A save can move the default flag off another bank: the whole list is read again.
  const reload = async (message: string, next: Selection) => {
    setFailure('');
    try {
      onChange(await list());
    } catch {
      setFailure(preferencesMessages.loadFailed);
    }
    setSelection(next);
    setNotice(message);
  };
  return (
    <>
      <div className={styles.toolbar}>
        <PermissionGate adminRequired action="no_click">
          <button type="button" className={button.primary} onClick={() => select({ kind: 'new' })}>
            {m.newBank}
          </button>
        </PermissionGate>
      </div>
      <p className={fieldStyles.success} role="status">
        {notice}
      </p>
      {failure ? (
        <p className={fieldStyles.alert} role="alert">
          {failure}
        </p>
      ) : null}
      {banks.length === 0 ? (
        <p>{m.empty}</p>
      ) : (
        <div className={styles.tableBox}>
          <table className={styles.table}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column} className={styles.th} scope="col">
                    {m.columns[column]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {banks.map((bank) => (
                <tr key={bank.id} className={open?.id === bank.id ? styles.selectedRow : undefined}>
                  <td className={styles.td}>
                    <button
                      type="button"
                      className={styles.rowButton}
                      aria-expanded={open?.id === bank.id}
                      onClick={() => select({ kind: 'bank', id: bank.id })}
                    >
                      {bank.name}
                    </button>
                  </td>
                  <td className={`${styles.td} ${styles.mono}`}>{readableIban(bank.iban)}</td>
                  <td className={`${styles.td} ${styles.mono}`}>{bank.bic}</td>
                  <td className={styles.td}>{bank.accountingNumber}</td>
                  <td className={styles.td}>{bank.isDefault ? m.default : ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(selection.kind === 'new' || open) && (
        <BankForm
          key={open ? `${open.id}-${open.version}` : 'new'}
          bank={open}
          {...calls}
          onSaved={(bank) => reload(m.saved, { kind: 'bank', id: bank.id })}
          onDeleted={() => reload(m.deleted, { kind: 'none' })}
          onClose={() => select({ kind: 'none' })}
          onReload={() => void reload('', selection)}
        />
      )}
    </>
  );
}

/** « Gestion des banques » (/preferences/comptabilite/gestion-banques): any member reads, admins write. */
export function BanksScreen() {
  const { enterpriseId, state, set } = useCompanyLoad(listBanks);
  return (
    <SettingsPage title={m.title} state={state}>
      {(banks) => (
        <BanksView
          banks={banks}
          onChange={set}
          list={() => listBanks(enterpriseId!)}
          create={(data) => createBank(enterpriseId!, data)}
          edit={(id, changes) => editBank(enterpriseId!, id, changes)}
          remove={(id) => deleteBank(enterpriseId!, id)}
        />
      )}
    </SettingsPage>
  );
}
