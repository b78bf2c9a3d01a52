/**
 * The document settings API's service: read them (every field), and apply an edit that names the
 * version it started from. The update is conditional on that version, so of two saves from one
 * version the second changes nothing and is told `stale_version` (as the customer sheet is).
 * The invoice page also sets the company's general payment deadline and modes (spec section 3,
 * Document settings): stored on `companies`, where new invoices and customers read them, written
 * in the same transaction and under the same version as the row.
 */

import type { z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import type { PaymentDeadline, PaymentMode } from '../../../src/contract/customers.js';
import type { Tx } from '../db/database.js';
import { banks, companies, documentSettings } from '../db/schema.js';
import { parseNumberPattern } from '../domain/index.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import { documentSettingsOf } from '../invoicing/views.js';
import type { EditDocumentSettingsSchema } from '../schemas/documents.js';

export type DocumentSettingsEdit = z.infer<typeof EditDocumentSettingsSchema>;

/** The company's general payment deadline and modes. */
async function paymentDefaultsOf(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({ deadline: companies.defaultPaymentDeadline, modes: companies.defaultPaymentModes })
    .from(companies)
    .where(eq(companies.id, companyId));
  return {
    defaultPaymentDeadline: row!.deadline as PaymentDeadline,
    defaultPaymentModes: row!.modes as PaymentMode[],
  };
}

export async function readDocumentSettings(tx: Tx, companyId: number) {
  const settings = await documentSettingsOf(tx, companyId);
  return { ...settings, ...(await paymentDefaultsOf(tx, companyId)) };
}

export async function editDocumentSettings(
  tx: Tx,
  companyId: number,
  edit: DocumentSettingsEdit,
): Promise<
  Outcome<
    Awaited<ReturnType<typeof readDocumentSettings>>,
    'stale_version' | 'invalid_number_pattern' | 'validation'
  >
> {
  const { version, defaultPaymentDeadline, defaultPaymentModes, ...changes } = edit;
  const current = await documentSettingsOf(tx, companyId);
  if (current.version !== version) return fail('stale_version');
  for (const field of ['invoiceNumberFormat', 'creditNoteNumberFormat'] as const) {
    const pattern = changes[field];
    if (pattern !== undefined && !parseNumberPattern(pattern).ok) return fail('invalid_number_pattern');
  }
  if (changes.invoiceBankId != null) {
    const [bank] = await tx
      .select({ id: banks.id })
      .from(banks)
      .where(and(eq(banks.companyId, companyId), eq(banks.id, changes.invoiceBankId)));
    if (!bank) return fail('validation', { invoiceBankId: 'invalid' });
  }
  const [row] = await tx
    .update(documentSettings)
    .set({ ...changes, version: sql`${documentSettings.version} + 1` })
    .where(and(eq(documentSettings.companyId, companyId), eq(documentSettings.version, version)))
    .returning();
  if (!row) return fail('stale_version');
  // After the versioned update: a stale edit has changed nothing by now.
  if (defaultPaymentDeadline !== undefined || defaultPaymentModes !== undefined) {
    await tx
      .update(companies)
      .set({ defaultPaymentDeadline, defaultPaymentModes })
      .where(eq(companies.id, companyId));
  }
  const { companyId: _c, ...settings } = row;
  return done({ ...settings, ...(await paymentDefaultsOf(tx, companyId)) });
}
