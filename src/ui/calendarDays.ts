/**
 * The date field's calendar arithmetic on API days (yyyy-MM-dd strings): no Date object leaves this
 * file, so no time zone or daylight-saving change can move a day. Pure functions, tested without a
 * browser (DateField.test.tsx).
 */
import { latestDate } from '../contract/fields';

/** The calendar goes no earlier than this, and no later than the contract's `latestDate`. */
export const earliestDay = '1900-01-01';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A UTC Date → its yyyy-MM-dd (years before 1000 too: setUTCFullYear keeps them). */
const isoOf = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The day's UTC midnight (`setUTCFullYear`, since Date.UTC reads years 0–99 as 1900–1999). */
function utc(year: number, monthIndex: number, day: number): Date {
  const date = new Date(Date.UTC(2000, 0, 1));
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

const parts = (iso: string) =>
  [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))] as const;

export const clampDay = (iso: string) =>
  iso < earliestDay ? earliestDay : iso > latestDate ? latestDate : iso;

/** `days` later, unbounded (the month grid runs past the calendar's ends). */
const shift = (iso: string, days: number) => {
  const [year, month, day] = parts(iso);
  return isoOf(utc(year, month, day + days));
};

export const addDays = (iso: string, days: number) => clampDay(shift(iso, days));

/** The same day `months` later, or the month's last day when it is shorter (31/01 + 1 → 28 or 29/02). */
export function addMonths(iso: string, months: number): string {
  const [year, month, day] = parts(iso);
  const last = utc(year, month + months + 1, 0).getUTCDate();
  return clampDay(isoOf(utc(year, month + months, Math.min(day, last))));
}

/** 0 for Monday … 6 for Sunday: French weeks begin on Monday. */
export const weekday = (iso: string) => (utc(...parts(iso)).getUTCDay() + 6) % 7;

export const startOfWeek = (iso: string) => addDays(iso, -weekday(iso));

export const endOfWeek = (iso: string) => addDays(iso, 6 - weekday(iso));

export const sameMonth = (a: string, b: string) => a.slice(0, 7) === b.slice(0, 7);

/**
 * The month of `iso` as weeks of seven cells, Monday first: each cell is its day, or null for the
 * days of the neighbouring months (shown blank, as the WAI-ARIA date picker example does).
 */
export function monthWeeks(iso: string): (string | null)[][] {
  const first = `${iso.slice(0, 7)}-01`;
  const weeks: (string | null)[][] = [];
  for (let monday = shift(first, -weekday(first)); weeks.length === 0 || sameMonth(monday, iso); ) {
    const week: (string | null)[] = [];
    for (let column = 0; column < 7; column += 1) {
      const day = shift(monday, column);
      week.push(sameMonth(day, iso) ? day : null);
    }
    weeks.push(week);
    monday = shift(monday, 7);
  }
  return weeks;
}

/** What is being typed, with the slashes put in: "1203" → "12/03/", "12032025" → "12/03/2025". */
export function withSlashes(previous: string, typed: string): string {
  // Erasing keeps what is left as it is: a slash can be erased like any character.
  if (typed.length < previous.length || /[^\d/\s]/.test(typed)) return typed;
  // A one-digit day or month closed by a slash gets its zero: « 1/ » → « 01/ », « 01/3/ » → « 01/03/ ».
  const padded = typed
    .replace(/^(\d)\//, '0$1/')
    .replace(/^(\d{2}\/)(\d)\//, (_, day, month) => `${day}0${month}/`);
  const digits = padded.replace(/\D/g, '').slice(0, 8);
  const day = digits.slice(0, 2);
  const month = digits.slice(2, 4);
  const year = digits.slice(4);
  // The slash after the day and after the month comes as soon as they are typed.
  if (digits.length < 2) return digits;
  if (digits.length < 4) return `${day}/${month}`;
  return `${day}/${month}/${year}`;
}

const monthTitle = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayName = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** « mars 2025 ». */
export const formatMonth = (iso: string) => monthTitle.format(utc(...parts(iso)));

/** « mercredi 12 mars 2025 »: what a screen reader says of a day of the calendar. */
export const formatDayName = (iso: string) => dayName.format(utc(...parts(iso)));

/** « lundi » … « dimanche », Monday first. */
export const weekdayNames = [
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
] as const;
