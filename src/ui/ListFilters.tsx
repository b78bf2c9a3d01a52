/**
 * The filters above a list (invoices, payments): each control with its label above it, tied by an
 * id (see `Field`). A choice offers « Tous » ('') before its values; a day is yyyy-MM-dd or ''.
 */
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { button } from './button.css';
import { DateField } from './DateField';
import { Field } from './Field';

const ALL_LABEL = 'Tous';
const CLEAR_FILTERS_LABEL = 'Effacer les filtres';

/** Typing waits this long before asking the server: a word is one request, not one per letter. */
export const SEARCH_DELAY_MS = 250;

export type SearchText = ReturnType<typeof useSearchText>;

/**
 * A list's search box text: asked for after a pause in the typing (at once on Enter), and
 * following the query when it changes from elsewhere (the address, Back) without ever undoing what
 * is being typed. `onSearch` must keep its identity (useCallback).
 */
export function useSearchText(q: string, onSearch: (q: string) => void) {
  const [text, setText] = useState(q);
  /** The last search this box asked for: any other change of `q` came from elsewhere. */
  const asked = useRef(q);
  useEffect(() => {
    if (q !== asked.current) {
      asked.current = q;
      setText(q);
    }
  }, [q]);
  useEffect(() => {
    if (text === q) return;
    const timer = setTimeout(() => {
      asked.current = text;
      onSearch(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q, onSearch]);
  return {
    text,
    setText,
    /** Enter: ask now. */
    submit() {
      asked.current = text;
      onSearch(text);
    },
    /** « Effacer les filtres »: the box empties, and nothing typed is asked for later. */
    clear() {
      asked.current = '';
      setText('');
    },
  };
}

/**
 * The filters' form: Enter in the search box searches at once; « Effacer les filtres » shows once
 * something is filtered and empties the search box with the rest (`onClear` resets the query).
 */
export function FilterBar({
  className,
  search,
  filtered,
  onClear,
  children,
}: {
  className: string;
  search: SearchText;
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        search.submit();
      }}
    >
      {children}
      {filtered ? (
        <button
          type="button"
          className={button.ghost}
          onClick={() => {
            search.clear();
            onClear();
          }}
        >
          {CLEAR_FILTERS_LABEL}
        </button>
      ) : null}
    </form>
  );
}

/** The search box of `useSearchText`. */
export function SearchFilter({
  label,
  placeholder,
  className,
  search,
}: {
  label: string;
  placeholder: string;
  className?: string;
  search: SearchText;
}) {
  return (
    <Field label={label} className={className}>
      {(control) => (
        <input
          {...control}
          type="search"
          value={search.text}
          placeholder={placeholder}
          onChange={(event) => search.setText(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A choice among `labels` (value, label), or « Tous » (''). */
export function SelectFilter<Value extends string>({
  label,
  value,
  labels,
  onChange,
  className,
}: {
  label: string;
  value: Value | '';
  labels: readonly (readonly [Value, string])[];
  onChange: (value: Value | '') => void;
  className?: string;
}) {
  return (
    <Field label={label} className={className}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value as Value | '')}>
          <option value="">{ALL_LABEL}</option>
          {labels.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * A day (yyyy-MM-dd, or '' for none), typed dd/MM/yyyy or picked in the calendar (`DateField`):
 * the filter changes once a whole day is typed, not at each digit.
 */
export function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return <DateField label={label} value={value} onChange={onChange} />;
}
