import { z } from 'zod';
import { type AccountingData, accountingSettingsSchema } from '../contract/accounting';
import { lazy } from '../contract/lazy';
import { getJson, postJson } from './client';

/** The answer's schema is the shared contract's (src/contract/accounting.ts), as the server declares it. */
export type AccountingSettings = z.output<typeof accountingSettingsSchema>;
const answer = lazy(() => z.object({ data: accountingSettingsSchema }));

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
