import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { type Bank, listBanks } from '../../api/banks';
import { readableIban } from '../../contract/banks';
import { errorMessageFor } from '../../i18n/serverErrors';
import { $session } from '../../session/session';
import { button } from '../../ui/button.css';
import { LoadingScreen } from '../../ui/LoadingScreen';
import * as screenStyles from '../../ui/screen.css';
import * as fieldStyles from '../../ui/textField.css';
import { BankForm } from './BankForm';
import * as styles from './banks.css';
import { bankMessages as m } from './messages';

type Selection = { kind: 'none' } | { kind: 'new' } | { kind: 'bank'; id: number };

export interface BanksViewProps {
  enterpriseId: number;
  banks: Bank[];
  canWrite: boolean;
  onChange: (banks: Bank[]) => void;
}

/** The list, and under it the open bank sheet or the new bank form. */
export function BanksView({ enterpriseId, banks, canWrite, onChange }: BanksViewProps) {
  const [selection, setSelection] = useState<Selection>({ kind: 'none' });
  const [notice, setNotice] = useState('');
  const open = selection.kind === 'bank' ? (banks.find((bank) => bank.id === selection.id) ?? null) : null;
  const reload = async (message: string, next: Selection) => {
    onChange(await listBanks(enterpriseId));
    setSelection(next);
    setNotice(message);
  };
  return (
    <div className={styles.screen}>
      <div className={screenStyles.header}>
        <h1 className={screenStyles.title}>{m.title}</h1>
        {canWrite && (
          <button
            type="button"
            className={button.primary}
            onClick={() => {
              setSelection({ kind: 'new' });
              setNotice('');
            }}
          >
            {m.newBank}
          </button>
        )}
      </div>
      <p className={fieldStyles.success} role="status">
        {notice}
      </p>
      {banks.length === 0 ? (
        <p>{m.empty}</p>
      ) : (
        <div className={styles.tableBox}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th className={styles.th} scope="col">
                  {m.columns.name}
                </th>
                <th className={styles.th} scope="col">
                  {m.columns.iban}
                </th>
                <th className={styles.th} scope="col">
                  {m.columns.bic}
                </th>
                <th className={styles.th} scope="col">
                  {m.columns.accountingNumber}
                </th>
                <th className={styles.th} scope="col">
                  {m.columns.isDefault}
                </th>
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
                      onClick={() => {
                        setSelection({ kind: 'bank', id: bank.id });
                        setNotice('');
                      }}
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
          enterpriseId={enterpriseId}
          bank={open}
          canWrite={canWrite}
          onSaved={(bank) => reload(m.saved, { kind: 'bank', id: bank.id })}
          onDeleted={() => reload(m.deleted, { kind: 'none' })}
          onCancel={() => setSelection({ kind: 'none' })}
        />
      )}
    </div>
  );
}

/** « Gestion des banques » (/preferences/comptabilite/gestion-banques): any member reads, admins write. */
export function BanksScreen() {
  const { enterpriseId, isAdmin } = useStore($session, { keys: ['enterpriseId', 'isAdmin'] });
  const [banks, setBanks] = useState<Bank[] | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    if (enterpriseId === null) return;
    let live = true;
    listBanks(enterpriseId).then(
      (rows) => live && setBanks(rows),
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
  if (enterpriseId === null || banks === null) return <LoadingScreen title={m.title} />;
  return <BanksView enterpriseId={enterpriseId} banks={banks} canWrite={isAdmin} onChange={setBanks} />;
}
