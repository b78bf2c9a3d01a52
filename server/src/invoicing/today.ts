/** The calendar day in France (invoices are dated and fall due on French days), as yyyy-MM-dd. */
const parisDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const todayInFrance = (now = new Date()): string => parisDay.format(now);
