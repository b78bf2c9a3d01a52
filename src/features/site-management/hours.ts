/**
 * Hours as typed on a phone's timesheet: « 7,5 », « 7.5 », « 7:30 », « 7h30 », « 7 h » → minutes.
 * '' is no hours (null: nothing to send); a value that does not read, or over 24 h, is `false`.
 */
export function parseHours(text: string): number | null | false {
  const typed = text.trim().toLowerCase().replace(/\s/g, '');
  if (typed === '') return null;
  const clock = /^(\d{1,2})(?:[:h](\d{0,2}))?$/.exec(typed);
  const decimal = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(typed);
  let minutes: number;
  if (decimal && !typed.includes('h') && !typed.includes(':')) {
    const fraction = decimal[2] ?? '';
    minutes = Number(decimal[1]) * 60 + Math.round((Number(fraction || '0') / 10 ** fraction.length) * 60);
  } else if (clock) {
    const extra = clock[2] ? Number(clock[2]) : 0;
    if (extra >= 60) return false;
    minutes = Number(clock[1]) * 60 + extra;
  } else return false;
  return minutes > 24 * 60 ? false : minutes;
}

/** Minutes as the timesheet shows them back: « 7:30 », « 8 » ('' for none). */
export function formatHours(minutes: number): string {
  if (minutes <= 0) return '';
  const rest = minutes % 60;
  return rest === 0 ? String(minutes / 60) : `${Math.floor(minutes / 60)}:${String(rest).padStart(2, '0')}`;
}
