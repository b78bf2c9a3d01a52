import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useEffect, useState } from 'react';
import type { Bank } from '../../api/banks';
import { exportPath, listReceivedCheques, type ReceivedCheque } from '../../api/exports';
import { formatCents, formatIsoDate } from '../../i18n/format';
import { errorMessageFor } from '../../i18n/serverErrors';
import { DataTable } from '../../ui/DataTable';
import { InlineSpinner } from '../../ui/Spinner';
import * as screenStyles from '../../ui/screen.css';
import * as fieldStyles from '../../ui/textField.css';
import * as styles from './exports.css';
import {
  BankSelect,
  currentMonth,
  DownloadActions,
  FormatChoice,
  type Period,
  PeriodFields,
  periodErrors,
} from './fields';
import { exportMessages as messages } from './messages';
import { useDownload } from './useDownload';

const m = messages.chequeRemittance;

const column = createColumnHelper<ReceivedCheque>();

/** The cheques' columns: at 800 px the drawer and the invoice give way, the amount stays. */
const chequeColumns = [
  column.accessor((row) => row.drawer ?? '', {
    id: 'drawer',
    header: m.columns.drawer,
    meta: { grow: true, priority: 3 },
  }),
  column.accessor((row) => row.chequeNumber ?? '', {
    id: 'number',
    header: m.columns.number,
    meta: { priority: 2 },
  }),
  column.accessor('paidOn', { header: m.columns.date, cell: ({ getValue }) => formatIsoDate(getValue()) }),
  column.accessor('customerName', { header: m.columns.customer, meta: { grow: true } }),
  column.accessor((row) => row.invoiceNumber ?? '', {
    id: 'invoice',
    header: m.columns.invoice,
    meta: { priority: 3 },
  }),
  column.accessor('amountCents', {
    header: m.columns.amount,
    cell: ({ getValue }) => formatCents(getValue()),
    meta: { numeric: true },
  }),
];

/**
 * The cheque remittance slip: the received cheques of a bank and period, a checkbox each (all
 * chosen at first), the count and total chosen, then the slip as PDF or CSV.
 */
export function ChequeRemittanceForm({ enterpriseId, banks }: { enterpriseId: number; banks: Bank[] }) {
  const [period, setPeriod] = useState<Period>(currentMonth);
  const [bankId, setBankId] = useState<number | null>(banks[0]?.id ?? null);
  const [format, setFormat] = useState<'pdf' | 'csv'>('pdf');
  const [cheques, setCheques] = useState<{ rows: ReceivedCheque[]; hits: number } | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [loadError, setLoadError] = useState('');
  const [formError, setFormError] = useState('');
  const download = useDownload();
  const errors = periodErrors(period);
  const periodValid = Object.keys(errors).length === 0;

  useEffect(() => {
    if (!periodValid) return;
    let live = true;
    setCheques(null);
    setLoadError('');
    listReceivedCheques(enterpriseId, { ...period, ...(bankId ? { bankId } : {}) }).then(
      ({ cheques: rows, hits }) => {
        if (!live) return;
        setCheques({ rows, hits });
        setChosen(new Set(rows.map((row) => row.id)));
      },
      (error: unknown) => live && setLoadError(errorMessageFor(error)),
    );
    return () => {
      live = false;
    };
  }, [enterpriseId, period, bankId, periodValid]);

  const rows = cheques?.rows ?? [];
  const picked = rows.filter((row) => chosen.has(row.id));
  const total = picked.reduce((sum, row) => sum + row.amountCents, 0);
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (picked.length === 0) {
      setFormError(m.noneSelected);
      return;
    }
    setFormError('');
    void download.start(
      exportPath(enterpriseId, 'cheque-remittance', { ids: picked.map((row) => row.id).join(','), format }),
    );
  }

  return (
    <form className={styles.screen} onSubmit={onSubmit} noValidate aria-labelledby="cheque-slip-title">
      <h1 id="cheque-slip-title" className={screenStyles.title}>
        {m.title}
      </h1>
      <p className={styles.intro}>{m.intro}</p>
      <div className={styles.row}>
        <BankSelect banks={banks} value={bankId} onChange={setBankId} />
      </div>
      <PeriodFields period={period} onChange={setPeriod} errors={errors} />
      {loadError && (
        <p className={fieldStyles.alert} role="alert">
          {loadError}
        </p>
      )}
      {periodValid && cheques === null && !loadError && (
        <p>
          <InlineSpinner /> {m.loading}
        </p>
      )}
      {cheques && rows.length === 0 && <p>{m.none}</p>}
      {rows.length > 0 && (
        <DataTable
          caption={m.cheques}
          captionClassName={fieldStyles.legend}
          columns={chequeColumns}
          rows={rows}
          rowKey={(row) => String(row.id)}
          className={styles.tableBox}
          selection={{
            isSelected: (row) => chosen.has(row.id),
            onToggle: (row) => toggle(row.id),
            onTogglePage: () =>
              setChosen(picked.length === rows.length ? new Set() : new Set(rows.map((row) => row.id))),
            rowLabel: (row) => m.select(`${row.chequeNumber ?? ''} ${row.drawer ?? row.customerName}`.trim()),
            pageLabel: m.selectAll,
          }}
        />
      )}
      {cheques && cheques.hits > rows.length && (
        <p className={fieldStyles.hint}>{m.more(rows.length, cheques.hits)}</p>
      )}
      <p aria-live="polite">{m.selected(picked.length, formatCents(total))}</p>
      <FormatChoice
        name="slip-format"
        formats={['pdf', 'csv'] as const}
        value={format}
        onChange={setFormat}
      />
      {formError && (
        <p className={fieldStyles.alert} role="alert">
          {formError}
        </p>
      )}
      <DownloadActions label={m.submit} download={download} />
    </form>
  );
}
