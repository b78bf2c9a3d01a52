/**
 * Banks of a company (spec section 3: Gestion des banques): list, one, create, versioned edit,
 * delete. A company with banks has exactly one default bank; a bank that payments name stays.
 * Routes validate and call these.
 */
import type { z } from '@hono/zod-openapi';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { bankInputSchema } from '../../../src/contract/banks.js';
import type { Database, Tx } from '../db/database.js';
import { banks, payments } from '../db/schema.js';
import { fieldsOf } from '../http/validation.js';
import { done, fail, staleVersion } from '../invoicing/outcome.js';
import type { BankSchema, CreateBankSchema, EditBankSchema } from '../schemas/banks.js';

type BankRow = typeof banks.$inferSelect;
export type BankJson = z.infer<typeof BankSchema>;

const toBankJson = ({ companyId: _companyId, ...row }: BankRow): BankJson => row;

/** The written fields of a stored bank, as the contract reads them. */
const storedFields = ({ id: _id, companyId: _companyId, version: _version, ...fields }: BankRow) => fields;

const bankWhere = (companyId: number, id: number) => and(eq(banks.companyId, companyId), eq(banks.id, id));

/** The default flag moves, never doubles: the others lose it before this one takes it. */
async function clearOtherDefaults(tx: Tx, companyId: number, exceptId?: number) {
  await tx
    .update(banks)
    .set({ isDefault: false })
    .where(
      and(
        eq(banks.companyId, companyId),
        eq(banks.isDefault, true),
        exceptId ? ne(banks.id, exceptId) : undefined,
      ),
    );
}

/** The company's banks, the default first, then by name. */
export async function listBanks(db: Database, companyId: number): Promise<BankJson[]> {
  const rows = await db.withTenant(companyId, (tx) =>
    tx
      .select()
      .from(banks)
      .where(eq(banks.companyId, companyId))
      .orderBy(sql`${banks.isDefault} desc`, asc(banks.name), asc(banks.id)),
  );
  return rows.map(toBankJson);
}

/** One bank of the company (null: none with this id). */
export async function getBank(db: Database, companyId: number, id: number): Promise<BankJson | null> {
  const [row] = await db.withTenant(companyId, (tx) =>
    tx.select().from(banks).where(bankWhere(companyId, id)),
  );
  return row ? toBankJson(row) : null;
}

/** A new bank; the company's first bank is its default. */
export async function createBank(
  tx: Tx,
  companyId: number,
  fields: z.output<typeof CreateBankSchema>,
): Promise<BankJson> {
  const [existing] = await tx
    .select({ id: banks.id })
    .from(banks)
    .where(eq(banks.companyId, companyId))
    .limit(1);
  const isDefault = fields.isDefault || !existing;
  if (isDefault) await clearOtherDefaults(tx, companyId);
  const [created] = await tx
    .insert(banks)
    .values({ ...fields, isDefault, companyId })
    .returning();
  return toBankJson(created!);
}

/** The changed fields, with the version read; the bank they leave is checked whole. */
export async function editBank(
  tx: Tx,
  companyId: number,
  id: number,
  { id: _id, version, ...changes }: z.output<typeof EditBankSchema>,
) {
  const where = bankWhere(companyId, id);
  const [current] = await tx.select().from(banks).where(where);
  if (!current) return fail('not_found');
  if (version === undefined) return fail('validation', { version: 'required' });
  if (staleVersion(current.version, version)) return fail('stale_version');
  const result = bankInputSchema.safeParse({ ...storedFields(current), ...changes });
  if (!result.success) return fail('validation', fieldsOf(result.error));
  if (current.isDefault && changes.isDefault === false) return fail('bank_default_required');
  if (changes.isDefault && !current.isDefault) await clearOtherDefaults(tx, companyId, id);
  // Only the version read above may be replaced (see the customers' edit).
  const [row] = await tx
    .update(banks)
    .set({ ...result.data, version: sql`${banks.version} + 1` })
    .where(and(where, eq(banks.version, version)))
    .returning();
  return row ? done(toBankJson(row)) : fail('stale_version');
}

/** Deletes a bank no payment names; the company keeps one default while it has banks. */
export async function deleteBank(tx: Tx, companyId: number, id: number) {
  const where = bankWhere(companyId, id);
  const [current] = await tx.select({ isDefault: banks.isDefault }).from(banks).where(where);
  if (!current) return fail('not_found');
  const [used] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.bankId, id)))
    .limit(1);
  if (used) return fail('bank_in_use');
  await tx.delete(banks).where(where);
  if (current.isDefault) {
    // The first by name takes the default.
    const [next] = await tx
      .select({ id: banks.id })
      .from(banks)
      .where(eq(banks.companyId, companyId))
      .orderBy(asc(banks.name), asc(banks.id))
      .limit(1);
    if (next) await tx.update(banks).set({ isDefault: true }).where(eq(banks.id, next.id));
  }
  return done({ id });
}
