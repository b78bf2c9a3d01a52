import { useEffect, useId, useState } from 'react';
import { type Bank, listBanks } from '../../api/banks';
import { toIsoDate } from '../../i18n/format';
import { errorMessageFor, serverErrorMessages } from '../../i18n/serverErrors';
import { validationMessages } from '../../i18n/validationMessages';
import { button } from '../../ui/button.css';
import { DateField } from '../../ui/DateField';
import { InlineSpinner } from '../../ui/Spinner';
import * as fieldStyles from '../../ui/textField.css';
import * as choiceStyles from '../customers/form/form.css';
import * as styles from './exports.css';
import { exportMessages as m } from './messages';
import type { DownloadState } from './useDownload';

export interface Period {
  from: string;
  to: string;
}

/** Today and the first day of its month, yyyy-MM-dd (the browser's day). */
export function currentMonth(today = new Date()): Period {
  const to = toIsoDate(today);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** The period's messages: both days required, the start not after the end. */
export function periodErrors({ from, to }: Period): Partial<Record<keyof Period, string>> {
  const errors: Partial<Record<keyof Period, string>> = {};
  if (!from) errors.from = validationMessages.required;
  if (!to) errors.to = validationMessages.required;
  if (from && to && from > to) errors.to = serverErrorMessages.export_period_invalid;
  return errors;
}

export function PeriodFields({
  period,
  onChange,
  errors,
}: {
  period: Period;
  onChange: (period: Period) => void;
  errors: Partial<Record<keyof Period, string>>;
}) {
  return (
    <div className={styles.row}>
      <DateField
        label={m.from}
        required
        value={period.from}
        onChange={(from) => onChange({ ...period, from })}
        error={errors.from}
      />
      <DateField
        label={m.to}
        required
        value={period.to}
        onChange={(to) => onChange({ ...period, to })}
        error={errors.to}
      />
    </div>
  );
}

/** The company's banks, the default chosen first; `null` while they load. */
export function useBanks(enterpriseId: number | null) {
  const [banks, setBanks] = useState<Bank[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (enterpriseId === null) return;
    let live = true;
    listBanks(enterpriseId).then(
      (rows) => live && setBanks(rows),
      (failure: unknown) => live && setError(errorMessageFor(failure)),
    );
    return () => {
      live = false;
    };
  }, [enterpriseId]);
  return { banks, error };
}

export function BankSelect({
  banks,
  value,
  onChange,
}: {
  banks: Bank[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  // Two bank forms may share a page (<bo-exports> shows every export): an id of its own each.
  const id = useId();
  if (banks.length === 0) return <p className={fieldStyles.hint}>{m.noBank}</p>;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {m.bank}
      </label>
      <select
        id={id}
        className={fieldStyles.control}
        value={value ?? ''}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
      >
        {banks.map((bank) => (
          <option key={bank.id} value={bank.id}>
            {bank.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function FormatChoice<Format extends string>({
  formats,
  value,
  onChange,
  name,
}: {
  formats: readonly Format[];
  value: Format;
  onChange: (format: Format) => void;
  name: string;
}) {
  return (
    <fieldset className={choiceStyles.choices}>
      <legend className={fieldStyles.label}>{m.format}</legend>
      {formats.map((format) => (
        <label key={format} className={choiceStyles.choice}>
          <input
            type="radio"
            name={name}
            value={format}
            checked={value === format}
            onChange={() => onChange(format)}
          />
          {m.formats[format as keyof typeof m.formats]}
        </label>
      ))}
    </fieldset>
  );
}

/** The download button, the progress (a status line) and a refusal (an alert). */
export function DownloadActions({ label, download }: { label: string; download: DownloadState }) {
  return (
    <>
      <div className={fieldStyles.actions}>
        <button type="submit" className={button.primary} disabled={download.busy}>
          {label}
        </button>
        <p className={fieldStyles.hint} role="status">
          {download.busy && <InlineSpinner />} {download.status}
        </p>
      </div>
      {download.error && (
        <p className={fieldStyles.alert} role="alert">
          {download.error}
        </p>
      )}
    </>
  );
}
