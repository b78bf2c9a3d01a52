import {
  autoUpdate,
  FloatingFocusManager,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { type KeyboardEvent, type ReactNode, type Ref, useEffect, useId, useRef, useState } from 'react';
import { latestDate } from '../contract/fields';
import { formatIsoDate, parseFrenchDate } from '../contract/format';
import { toIsoDate } from '../i18n/format';
import { validationMessages } from '../i18n/validationMessages';
import {
  addDays,
  addMonths,
  clampDay,
  endOfWeek,
  formatDayName,
  formatMonth,
  monthWeeks,
  startOfWeek,
  weekdayNames,
  withSlashes,
} from './calendarDays';
import * as styles from './dateField.css';
import { Field } from './Field';

export const dateFieldMessages = {
  placeholder: 'JJ/MM/AAAA',
  choose: 'Choisir une date',
  change: (day: string) => `Changer la date, ${day}`,
  previousMonth: 'Mois précédent',
  nextMonth: 'Mois suivant',
  help: 'Flèches : jour ; Page préc. / suiv. : mois (avec Maj : année) ; Entrée : choisir ; Échap : fermer.',
} as const;

export interface DateFieldProps {
  label: string;
  /**
   * The day, yyyy-MM-dd or '' (what a native date input gives, so callers keep their data). With
   * `valueFormat="text"`, the text as typed (dd/MM/yyyy when right): the caller's schema judges it.
   */
  value: string | null | undefined;
  /** A yyyy-MM-dd day, or '' while the field is empty or what is typed is not a day (see above). */
  onChange: (value: string) => void;
  onBlur?: () => void;
  valueFormat?: 'iso' | 'text';
  name?: string;
  required?: boolean;
  disabled?: boolean;
  /**
   * Shown, selectable, not changed (a quote that is no longer a draft): no calendar button, since
   * a control that cannot change anything should not be offered.
   */
  readOnly?: boolean;
  /** The caller's message (its form's check, the server's 422); a mistyped day's own comes first. */
  error?: string | null | undefined;
  hint?: ReactNode;
  className?: string;
  /** To move the focus to the input (a refused form focuses its first wrong field). */
  ref?: Ref<HTMLInputElement>;
}

/** What is typed → the day it names, '' for nothing, null when it is not a day the API takes. */
function dayOf(text: string): string | null {
  if (text.trim() === '') return '';
  const iso = parseFrenchDate(text);
  return iso && iso <= latestDate ? iso : null;
}

function typedError(text: string): string | null {
  if (dayOf(text) !== null) return null;
  const iso = parseFrenchDate(text);
  return iso && iso > latestDate ? validationMessages.dateTooLate : validationMessages.date;
}

/**
 * A French date field (spec: dd/MM/yyyy everywhere, whatever the browser's language): typed with
 * its slashes put in as the digits come, or picked in a calendar (the WAI-ARIA date picker dialog:
 * arrows move by day and week, Page Up / Page Down by month and with Shift by year, Home / End to
 * the week's ends, Enter or Space picks, Escape closes; the focus goes back to the calendar
 * button; Alt + Down opens it from the input). What is typed and is not a day says so under the
 * field once the field is left.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  valueFormat = 'iso',
  name,
  required,
  disabled,
  readOnly = false,
  error,
  hint,
  className,
  ref,
}: DateFieldProps) {
  const textMode = valueFormat === 'text';
  const given = value ?? '';
  const [typed, setTyped] = useState(() => (textMode ? given : formatIsoDate(given)));
  const text = textMode ? given : typed;
  /** The last day this field gave or was given: another one comes from outside (a reset, the address). */
  const known = useRef(given);
  useEffect(() => {
    if (textMode || given === known.current) return;
    known.current = given;
    setTyped(formatIsoDate(given));
  }, [given, textMode]);
  const [left, setLeft] = useState(false);

  const chosen = textMode ? dayOf(text) || '' : given;
  const ownError = !textMode && left ? typedError(text) : null;

  function type(next: string) {
    if (textMode) {
      onChange(next);
      return;
    }
    setTyped(next);
    const day = dayOf(next) ?? '';
    if (day !== known.current) {
      known.current = day;
      onChange(day);
    }
  }

  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function pick(day: string) {
    type(formatIsoDate(day));
    setLeft(false);
    close(true);
  }

  return (
    <Field label={label} required={required} error={ownError ?? error} hint={hint} className={className}>
      {(control) => (
        <div ref={wrapperRef} className={styles.wrapper}>
          <input
            {...control}
            ref={ref}
            name={name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={dateFieldMessages.placeholder}
            maxLength={10}
            required={required}
            disabled={disabled}
            readOnly={readOnly}
            className={readOnly ? control.className : `${control.className} ${styles.input}`}
            value={text}
            onChange={(event) => type(withSlashes(text, event.currentTarget.value))}
            onBlur={() => {
              setLeft(true);
              onBlur?.();
            }}
            onKeyDown={(event) => {
              // Alt + Down opens the calendar from the input, as a native date or select field does.
              if (!readOnly && event.altKey && event.key === 'ArrowDown') {
                event.preventDefault();
                setOpen(true);
              }
            }}
          />
          {readOnly ? null : (
            <button
              ref={buttonRef}
              type="button"
              className={styles.calendarButton}
              aria-label={chosen ? dateFieldMessages.change(formatDayName(chosen)) : dateFieldMessages.choose}
              aria-haspopup="dialog"
              aria-expanded={open}
              disabled={disabled}
              onClick={() => setOpen((was) => !was)}
            >
              <CalendarIcon />
            </button>
          )}
          {open && wrapperRef.current && buttonRef.current ? (
            <CalendarDialog
              positionReference={wrapperRef.current}
              reference={buttonRef.current}
              chosen={chosen}
              label={label}
              onPick={pick}
              onClose={close}
            />
          ) : null}
        </div>
      )}
    </Field>
  );
}

interface CalendarDialogProps {
  positionReference: HTMLElement;
  reference: HTMLElement;
  /** The day in the field ('' for none): the calendar opens on it, or on today. */
  chosen: string;
  label: string;
  onPick: (day: string) => void;
  onClose: (returnFocus: boolean) => void;
}

/**
 * The calendar, drawn beside the field (inside a shadow root when the field is in one) and placed
 * by Floating UI under it, or above when there is no room. A modal dialog: Tab goes round its
 * month buttons and its grid; a click outside closes it.
 */
function CalendarDialog({
  positionReference,
  reference,
  chosen,
  label,
  onPick,
  onClose,
}: CalendarDialogProps) {
  const titleId = useId();
  const helpId = useId();
  const today = toIsoDate(new Date());
  const [focused, setFocused] = useState(() => clampDay(chosen || today));
  /** The grid's focus follows `focused` once the keyboard is in the grid (not after a month button). */
  const focusGrid = useRef(true);
  const gridRef = useRef<HTMLTableElement>(null);

  const { refs, floatingStyles, context } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose(false);
    },
    elements: { reference },
    placement: 'bottom-start',
    strategy: 'fixed',
    middleware: [offset(4), flip({ padding: 8 }), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  useEffect(() => refs.setPositionReference(positionReference), [refs, positionReference]);
  // Escape is handled below: it must not also close a modal the field is in.
  const dismiss = useDismiss(context, { escapeKey: false });
  const { getFloatingProps } = useInteractions([dismiss]);

  useEffect(() => {
    if (!focusGrid.current) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  function move(next: string) {
    focusGrid.current = true;
    setFocused(next);
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => startOfWeek(focused),
      End: () => endOfWeek(focused),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const next = moves[event.key];
    if (next) {
      event.preventDefault();
      move(next());
    } else if (event.key === 'Enter' || event.key === ' ') {
      // The day, not the form's submit.
      event.preventDefault();
      onPick(focused);
    }
  }

  return (
    <FloatingFocusManager context={context} modal initialFocus={-1} returnFocus={false}>
      <div
        ref={refs.setFloating}
        role="dialog"
        aria-modal="true"
        aria-label={`${dateFieldMessages.choose} : ${label}`}
        aria-describedby={helpId}
        className={styles.dialog}
        style={floatingStyles}
        {...getFloatingProps({
          onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            event.stopPropagation();
            onClose(true);
          },
        })}
      >
        <div className={styles.header}>
          <button
            type="button"
            className={styles.monthButton}
            aria-label={dateFieldMessages.previousMonth}
            onClick={() => {
              focusGrid.current = false;
              setFocused(addMonths(focused, -1));
            }}
          >
            ‹
          </button>
          <div id={titleId} className={styles.month} aria-live="polite">
            {formatMonth(focused)}
          </div>
          <button
            type="button"
            className={styles.monthButton}
            aria-label={dateFieldMessages.nextMonth}
            onClick={() => {
              focusGrid.current = false;
              setFocused(addMonths(focused, 1));
            }}
          >
            ›
          </button>
        </div>
        {/* The WAI-ARIA date picker's grid is a table (a calendar, not a list of records: no DataTable). */}
        <table
          ref={gridRef}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the date picker's grid (WAI-ARIA APG).
          role="grid"
          aria-labelledby={titleId}
          className={styles.grid}
          onKeyDown={onGridKeyDown}
        >
          <thead>
            <tr>
              {weekdayNames.map((day) => (
                <th key={day} scope="col" className={styles.weekday}>
                  <abbr title={day} className={styles.weekdayAbbr}>
                    {day.slice(0, 2)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(focused).map((week) => (
              <tr key={week.find(Boolean) ?? ''}>
                {week.map((day, column) =>
                  day ? (
                    // biome-ignore lint/a11y/useKeyWithClickEvents: the grid handles the keys (arrows, Enter, Space).
                    <td
                      key={day}
                      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: what a grid's cell is; said for the tools that do not infer it.
                      role="gridcell"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={formatDayName(day)}
                      aria-selected={day === chosen}
                      aria-current={day === today ? 'date' : undefined}
                      className={styles.day}
                      onClick={() => onPick(day)}
                    >
                      {Number(day.slice(8))}
                    </td>
                  ) : (
                    <td key={`blank-${column}`} className={styles.blank} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        <p id={helpId} className={styles.help}>
          {dateFieldMessages.help}
        </p>
      </div>
    </FloatingFocusManager>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor">
      <rect x="2" y="3" width="12" height="11" rx="1.5" />
      <path d="M2 6.5h12M5 1.5v3M11 1.5v3" strokeLinecap="round" />
    </svg>
  );
}
