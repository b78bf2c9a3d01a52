import { useStore } from '@nanostores/react';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { type Bank, createBank, deleteBank, editBank, listBanks } from '../../api/banks';
import { readableIban } from '../../contract/banks';
import { confirmLeaving } from '../../routes/leaveGuard';
import { $session } from '../../session/session';
import { button } from '../../ui/button.css';
import { DataTable } from '../../ui/DataTable';
import { ListFailed } from '../../ui/ListPages';
import * as fieldStyles from '../../ui/textField.css';
import { useEnterpriseId } from '../customers/sheet/useEnterpriseId';
import { preferencesMessages } from '../preferences/form/messages';
import { SettingsPage } from '../preferences/SettingsPage';
import { $banks, settingsSaved, useSettings } from '../preferences/settingsStores';
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

const column = createColumnHelper<Bank>();

/**
 * The banks' columns: the name opens the bank's sheet (a button: Tab, then Enter). At 800 px the
 * name, the IBAN and the default mark stay; the BIC and the accounting number give way.
 */
const bankColumns = (onOpen: (bank: Bank) => void, openId: number | undefined) => [
  column.accessor('name', {
    header: m.columns.name,
    cell: ({ row, getValue }) => (
      <button
        type="button"
        className={styles.rowButton}
        aria-expanded={openId === row.original.id}
        onClick={() => onOpen(row.original)}
      >
        {getValue()}
      </button>
    ),
  }),
  column.accessor((bank) => readableIban(bank.iban), {
    id: 'iban',
    header: m.columns.iban,
    meta: { className: styles.mono },
  }),
  column.accessor('bic', { header: m.columns.bic, meta: { className: styles.mono, priority: 3 } }),
  column.accessor('accountingNumber', { header: m.columns.accountingNumber, meta: { priority: 3 } }),
  column.accessor((bank) => (bank.isDefault ? m.default : ''), {
    id: 'isDefault',
    header: m.columns.isDefault,
    meta: { priority: 2 },
  }),
];

/** The list, and under it the open bank sheet or the new bank form; admins write, members read. */
export function BanksView({ banks, onChange, list, ...calls }: BanksViewProps) {
  const { isAdmin } = useStore($session);
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
      {/* Never a control that would be refused: the page says at its top who changes the banks. */}
      {isAdmin ? (
        <div className={styles.toolbar}>
          <button type="button" className={button.primary} onClick={() => select({ kind: 'new' })}>
            {m.newBank}
          </button>
        </div>
      ) : null}
      <p className={fieldStyles.success} role="status">
        {notice}
      </p>
      {failure ? <ListFailed message={failure} onRetry={() => void reload(notice, selection)} /> : null}
      {banks.length === 0 ? (
        <p>{m.empty}</p>
      ) : (
        <DataTable
          caption={m.title}
          columns={bankColumns((bank) => select({ kind: 'bank', id: bank.id }), open?.id)}
          rows={banks}
          rowKey={(bank) => String(bank.id)}
          rowClassName={(bank) => (open?.id === bank.id ? styles.selectedRow : undefined)}
        />
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
  const enterpriseId = useEnterpriseId();
  const state = useSettings($banks);
  return (
    <SettingsPage title={m.title} restricted={preferencesMessages.restricted} state={state}>
      {(banks) => (
        <BanksView
          banks={banks}
          // The list read again after a change: every bank chooser of the page shows it too.
          onChange={(list) => settingsSaved($banks, list)}
          list={() => listBanks(enterpriseId!)}
          create={(data) => createBank(enterpriseId!, data)}
          edit={(id, changes) => editBank(enterpriseId!, id, changes)}
          remove={(id) => deleteBank(enterpriseId!, id)}
        />
      )}
    </SettingsPage>
  );
}
