/**
 * « Gestion chantier » (issue 24): a job's planning, time entries, purchases and budget, read
 * through the data layer (src/api/query.ts: stores keyed on the session's company and the job
 * chosen) and changed by the calls below. Answers are parsed with the shared contract's schemas
 * (src/contract/siteManagement.ts), as the server declares them; errors are ApiErrors. The bodies
 * are the contract's too.
 */
import { atom, computed } from 'nanostores';
import { z } from 'zod';
import {
  api,
  apiErrorFrom,
  type DownloadedFile,
  dispositionFileName,
  parseAnswer,
  postJson,
} from '../../api/client';
import { UnexpectedAnswerError } from '../../api/errors';
import { $companyPath, createApiStore, invalidateCompanyKeys, mutateCache } from '../../api/query';
import { userSchema } from '../../api/users';
import { getConfig } from '../../config/config';
import { lazy } from '../../contract/lazy';
import {
  budgetSchema,
  hourlyCostSchema,
  hourlyCostsSchema,
  type PlanningInput,
  type ProgressInput,
  type PurchaseInput,
  planningSchema,
  progressSchema,
  purchaseImportSchema,
  type purchaseReadSchema,
  purchaseSchema,
  type TimeEntriesInput,
  timeEntrySchema,
} from '../../contract/siteManagement';
import { $session } from '../../session/session';
import { getAccessToken } from '../../session/token';
import type { ComboboxChoice } from '../../ui/Combobox';

const data = <S extends z.ZodType>(schema: S) => z.object({ data: schema });

export type Planning = z.output<typeof planningSchema>;
export type TimeEntry = z.output<typeof timeEntrySchema>;
export type Purchase = z.output<typeof purchaseSchema>;
export type PurchaseRead = z.output<typeof purchaseReadSchema>;
export type Budget = z.output<typeof budgetSchema>;
export type Progress = z.output<typeof progressSchema>;
export type HourlyCosts = z.output<typeof hourlyCostsSchema>;

const importAnswer = lazy(() => data(purchaseImportSchema));
export type ImportAnswer = z.output<typeof purchaseImportSchema>;

/** The job chosen on the screen (the combobox's choice); null: none yet. */
export const $siteJob = atom<ComboboxChoice | null>(null);
/** The Monday of the week the timesheet shows (yyyy-MM-dd): this week's at first. */
export const $siteWeek = atom<string>(mondayOf(new Date().toISOString().slice(0, 10)));

const $jobPath = computed($siteJob, (job) => (job ? `/business-jobs/${job.id}` : null));
const $weekQuery = computed($siteWeek, (monday) => `?from=${monday}&to=${addDays(monday, 6)}`);

export const $planning = createApiStore(data(planningSchema), [$companyPath, $jobPath, '/planning']);
export const $weekEntries = createApiStore(data(z.array(timeEntrySchema)), [
  $companyPath,
  $jobPath,
  '/time-entries',
  $weekQuery,
]);
export const $purchases = createApiStore(data(z.array(purchaseSchema)), [
  $companyPath,
  $jobPath,
  '/purchases',
]);
/** The company's people (the team's choices): GET /users, spec section 7. */
export const $companyUsers = createApiStore(data(z.array(userSchema)), [$companyPath, '/users']);
export const $budget = createApiStore(data(budgetSchema), [$companyPath, $jobPath, '/budget']);
export const $progress = createApiStore(data(progressSchema), [$companyPath, $jobPath, '/progress']);
/** Read by an admin only (the API answers 403 admin_required to the others): no key otherwise. */
const $hourlyCostsPath = computed($session, ({ isAdmin }) => (isAdmin ? '/hourly-costs' : null));
export const $hourlyCosts = createApiStore(data(hourlyCostsSchema), [$companyPath, $hourlyCostsPath]);

/** yyyy-MM-dd plus `days` (UTC arithmetic: a calendar day, whatever the time zone). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

const jobPath = (jobId: number) => `${$companyPath.get()}/business-jobs/${jobId}`;

/** After a change of the job's costs: its budget and lists load again. */
const costsChanged = (jobId: number) => invalidateCompanyKeys(`/business-jobs/${jobId}/`);

export async function savePlanning(jobId: number, input: PlanningInput): Promise<Planning> {
  const { data: planning } = await postJson(`${jobPath(jobId)}/planning`, data(planningSchema), input);
  mutateCache(`${jobPath(jobId)}/planning`, { data: planning });
  return planning;
}

export async function saveTimeEntries(jobId: number, input: TimeEntriesInput): Promise<TimeEntry[]> {
  const { data: entries } = await postJson(
    `${jobPath(jobId)}/time-entries`,
    data(z.array(timeEntrySchema)),
    input,
  );
  costsChanged(jobId);
  return entries;
}

export async function savePurchase(jobId: number, input: PurchaseInput): Promise<Purchase> {
  const { data: purchase } = await postJson(`${jobPath(jobId)}/purchases`, data(purchaseSchema), input);
  costsChanged(jobId);
  return purchase;
}

/** Progress per chapter from the version read (409 stale_version: someone entered some meanwhile). */
export async function saveProgress(jobId: number, input: ProgressInput): Promise<Progress> {
  const { data: progress } = await postJson(`${jobPath(jobId)}/progress`, data(progressSchema), input);
  mutateCache(`${jobPath(jobId)}/progress`, { data: progress });
  return progress;
}

/**
 * An admin sets people's hourly costs (null: the company's), one call per person (the API's
 * operation), then the list is read again, whatever happened; entries already made keep theirs.
 */
export async function saveHourlyCosts(changes: { userId: number; hourlyCostCents: number | null }[]) {
  try {
    for (const { userId, hourlyCostCents } of changes)
      await postJson(`${$companyPath.get()}/users/${userId}/hourly-cost`, data(hourlyCostSchema), {
        hourlyCostCents,
      });
  } finally {
    invalidateCompanyKeys('/hourly-costs');
  }
}

/** An imported purchase's file as received, read with the bearer token (not a plain link). */
export async function fetchPurchaseFile(jobId: number, purchase: Purchase): Promise<DownloadedFile> {
  const response = await api()
    .get(`${jobPath(jobId)}/purchases/${purchase.id}/file`)
    .res();
  return {
    blob: await response.blob(),
    filename: dispositionFileName(
      response.headers.get('content-disposition'),
      purchase.fileName ?? `achat-${purchase.id}`,
    ),
  };
}

/** A supplier's file sent as multipart `file`: read only (`preview`), or recorded with the file. */
export async function importPurchaseFile(jobId: number, file: Blob, preview: boolean): Promise<ImportAnswer> {
  const path = `${jobPath(jobId)}/purchases/import${preview ? '?preview=true' : ''}`;
  const form = new FormData();
  form.append('file', file);
  // fetch sets the multipart boundary itself (the JSON client would say application/json).
  const response = await fetch(`${getConfig().apiHost}${path}`, {
    method: 'POST',
    body: form,
    credentials: 'include',
    mode: 'cors',
    headers: { Accept: 'application/json', Authorization: `Bearer ${getAccessToken()}` },
  });
  const text = await response.text();
  if (!response.ok) throw apiErrorFrom(response.status, text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UnexpectedAnswerError(path, 'not JSON');
  }
  const { data: outcome } = parseAnswer(importAnswer, path, body);
  if (!preview) costsChanged(jobId);
  return outcome;
}
