/**
 * The filters above a list (invoices, payments): each control with its label above it, tied by an
 * id. A choice offers « Tous » ('') before its values; a day is yyyy-MM-dd or ''.
 */
import { type ReactNode, useId } from 'react';
import * as screen from './screen.css';

export const ALL_LABEL = 'Tous';

/** A filter of the toolbar: its label above its control, tied by an id. */
export function Filter({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className ? `${screen.field} ${className}` : screen.field}>
      <label className={screen.label} htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A choice among `labels` (value, label), or « Tous » (''). */
export function SelectFilter<Value extends string>({
  label,
  value,
  labels,
  onChange,
}: {
  label: string;
  value: Value | '';
  labels: readonly (readonly [Value, string])[];
  onChange: (value: Value | '') => void;
}) {
  return (
    <Filter label={label}>
      {(id) => (
        <select
          id={id}
          className={screen.control}
          value={value}
          onChange={(event) => onChange(event.target.value as Value | '')}
        >
          <option value="">{ALL_LABEL}</option>
          {labels.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Filter>
  );
}

/** A day (yyyy-MM-dd, or '' for none). */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Filter label={label}>
      {(id) => (
        <input
          id={id}
          className={screen.control}
          type="date"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Filter>
  );
}
