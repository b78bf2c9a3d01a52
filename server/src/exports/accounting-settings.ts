/** The company's accounting settings as the exports and the settings route read them. */
import { eq } from 'drizzle-orm';
import { type AccountingSettings, defaultAccountingSettings } from '../../../src/contract/accounting.js';
import type { Tx } from '../db/database.js';
import { accountingSettings } from '../db/schema.js';

/** The stored row, or the defaults at version 1 until the company's first save. */
export async function accountingSettingsOf(tx: Tx, companyId: number): Promise<AccountingSettings> {
  const [row] = await tx.select().from(accountingSettings).where(eq(accountingSettings.companyId, companyId));
  if (!row) return { ...defaultAccountingSettings, version: 1 };
  const { companyId: _companyId, ...settings } = row;
  return settings;
}
