/**
 * The company's sending settings (issue 10): sender name and address, subject and body templates.
 * A company that never edited them reads the defaults: its own name and email, and the French
 * templates of the contract. The first edit stores a row; every edit checks the version it read.
 */
import { eq } from 'drizzle-orm';
import {
  defaultBodyTemplate,
  defaultSubjectTemplate,
  type SendingSettingsEdit,
  sendingPlaceholders,
} from '../../../src/contract/sending.js';
import type { Tx } from '../db/database.js';
import { companies, sendingSettings } from '../db/schema.js';
import { done, fail, type Outcome, staleVersion } from '../invoicing/outcome.js';

export interface SendingSettings {
  senderName: string;
  senderEmail: string;
  subjectTemplate: string;
  bodyTemplate: string;
  /** The placeholders a template may use, for the screen that edits them. */
  placeholders: string[];
  version: number;
}

/** The defaults are version 1; the first edit stores version 2. */
async function stored(tx: Tx, companyId: number, forUpdate = false) {
  const query = tx.select().from(sendingSettings).where(eq(sendingSettings.companyId, companyId));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (row) return row;
  const [company] = await tx
    .select({ name: companies.name, email: companies.email })
    .from(companies)
    .where(eq(companies.id, companyId));
  return {
    companyId,
    senderName: company?.name ?? '',
    senderEmail: company?.email ?? '',
    subjectTemplate: defaultSubjectTemplate,
    bodyTemplate: defaultBodyTemplate,
    version: 1,
  };
}

const view = (row: Awaited<ReturnType<typeof stored>>): SendingSettings => ({
  senderName: row.senderName,
  senderEmail: row.senderEmail,
  subjectTemplate: row.subjectTemplate,
  bodyTemplate: row.bodyTemplate,
  placeholders: [...sendingPlaceholders],
  version: row.version,
});

export async function sendingSettingsOf(tx: Tx, companyId: number): Promise<SendingSettings> {
  return view(await stored(tx, companyId));
}

export async function editSendingSettings(
  tx: Tx,
  companyId: number,
  { version, ...changes }: SendingSettingsEdit,
): Promise<Outcome<SendingSettings, 'stale_version'>> {
  // The first edits of two sessions both find no row: the insert of the defaults lets one through
  // and the other then reads the stored row (locked), so it sees the version moved.
  const current = await stored(tx, companyId, true);
  if (staleVersion(current.version, version)) return fail('stale_version');
  const next = {
    senderName: changes.senderName ?? current.senderName,
    senderEmail: changes.senderEmail ?? current.senderEmail,
    subjectTemplate: changes.subjectTemplate ?? current.subjectTemplate,
    bodyTemplate: changes.bodyTemplate ?? current.bodyTemplate,
    version: current.version + 1,
  };
  const [row] = await tx
    .insert(sendingSettings)
    .values({ companyId, ...next })
    .onConflictDoUpdate({
      target: sendingSettings.companyId,
      set: next,
      setWhere: eq(sendingSettings.version, current.version),
    })
    .returning();
  return row ? done(view(row)) : fail('stale_version');
}
