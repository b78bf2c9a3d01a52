import * as v from 'valibot';
import type { AccountingData } from '../contract/accounting';
import { getJson, postJson } from './client';

const settingsSchema = v.object({
  customerAccount: v.string(),
  prorataAccount: v.string(),
  retainageAccount: v.string(),
  salesAccount: v.string(),
  vatAccount: v.string(),
  advanceAccount: v.string(),
  reverseChargeAccount: v.string(),
  salesJournalCode: v.string(),
  bankJournalCode: v.string(),
  fiscalYearStart: v.nullable(v.string()),
  fiscalYearEnd: v.nullable(v.string()),
  version: v.number(),
});
export type AccountingSettings = v.InferOutput<typeof settingsSchema>;
const answer = v.object({ data: settingsSchema });

const path = (enterpriseId: number) => `/v2/companies/${enterpriseId}/settings/accounting`;

export async function getAccountingSettings(enterpriseId: number): Promise<AccountingSettings> {
  return (await getJson(path(enterpriseId), answer)).data;
}

/** Admin only: the version it started from and the changed fields (409 stale_version otherwise). */
export async function editAccountingSettings(
  enterpriseId: number,
  changes: Partial<AccountingData> & { version: number },
): Promise<AccountingSettings> {
  return (await postJson(`${path(enterpriseId)}/edit`, answer, changes)).data;
}
