/**
 * The reporting's state (issue 24): the period chosen (month, quarter, the fiscal year of the
 * « Comptabilité » settings, or two typed days) and the answers for it, through the data layer
 * (src/api/query.ts): each store is keyed on the session's company and on the period, so choosing
 * another period loads its figures and coming back to one shows them from the cache.
 */

import { atom, computed } from 'nanostores';
import { z } from 'zod';
import { $companyPath, createApiStore } from '../../api/query';
import { marginsAnswer, seriesAnswer, summaryAnswer, vatAnswer } from '../../api/reporting';
import { accountingSettingsSchema } from '../../contract/accounting';
import { lazy } from '../../contract/lazy';
import { type Period, type PeriodKind, periodOf, periodTooLong } from '../../contract/reporting';
import { logger } from '../../logging/logger';

/** Today in France (yyyy-MM-dd): the period that holds it is the one shown first. */
export function todayInFrance(now = new Date()): string {
  // The Swedish locale writes dates as yyyy-MM-dd.
  return now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Paris' });
}

export interface ReportingChoice {
  kind: PeriodKind;
  /** The typed days of a custom period (kept when another kind is chosen, for coming back). */
  from: string;
  to: string;
}

/** The year so far by default: the fiscal year once the settings are known. */
export const $reportingChoice = atom<ReportingChoice>({ kind: 'fiscalYear', from: '', to: '' });

/**
 * The fiscal year of the « Comptabilité » settings (null while unknown, or when none is set): the
 * contract's answer (src/contract/accounting.ts), of which the reporting reads these two fields only.
 */
const fiscalYearAnswer = lazy(() =>
  z.object({
    data: accountingSettingsSchema.pick({ fiscalYearStart: true, fiscalYearEnd: true }),
  }),
);
export const $fiscalYearSettings = createApiStore(fiscalYearAnswer, [$companyPath, '/settings/accounting']);

/** The period the choice names, or null while a custom period is incomplete or out of order. */
export function periodOfChoice(
  choice: ReportingChoice,
  today: string,
  fiscalYear: { start: string | null; end: string | null },
): Period | null {
  if (choice.kind !== 'custom') return periodOf(choice.kind, today, fiscalYear);
  if (!choice.from || !choice.to || choice.from > choice.to) return null;
  const period = { from: choice.from, to: choice.to };
  return periodTooLong(period) ? null : period;
}

export const $reportingPeriod = computed([$reportingChoice, $fiscalYearSettings], (choice, settings) =>
  // The fiscal year waits for the settings (one request, not the calendar year's then the fiscal
  // year's); settings that cannot be read leave the calendar year.
  choice.kind === 'fiscalYear' && settings.loading && !settings.data
    ? null
    : periodOfChoice(choice, todayInFrance(), {
        start: settings.data?.data.fiscalYearStart ?? null,
        end: settings.data?.data.fiscalYearEnd ?? null,
      }),
);

/** `?from=…&to=…` of the period shown; null (nothing to load) without one. */
const $periodQuery = computed($reportingPeriod, (period) =>
  period ? `?from=${period.from}&to=${period.to}` : null,
);

const onError = (what: string) => (error: unknown) =>
  logger.error(`Error getting the reporting ${what}`, { error });

export const $reportingSummary = createApiStore(
  summaryAnswer,
  [$companyPath, '/reporting/summary', $periodQuery],
  {
    onError: onError('summary'),
  },
);
export const $reportingSeries = createApiStore(
  seriesAnswer,
  [$companyPath, '/reporting/series', $periodQuery],
  {
    onError: onError('series'),
  },
);
export const $reportingMargins = createApiStore(
  marginsAnswer,
  [$companyPath, '/reporting/margins', $periodQuery],
  {
    onError: onError('margins'),
  },
);
export const $reportingVat = createApiStore(vatAnswer, [$companyPath, '/reporting/vat', $periodQuery], {
  onError: onError('VAT'),
});

/** Another kind of period, or other typed days. */
export function chooseReporting(changes: Partial<ReportingChoice>): void {
  $reportingChoice.set({ ...$reportingChoice.get(), ...changes });
}
