/**
 * VAT rates of a company (spec section 3, VAT): one with whether a line uses it, create, versioned
 * edit, delete (one nothing uses, never the default). A rate used by a quote or invoice line keeps its percentage (spec section 5); the company
 * always has exactly one default rate. Routes validate and call these.
 */
import type { z } from '@hono/zod-openapi';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '../db/database.js';
import { invoiceLines, libraryItems, quoteLines, quotes, vatRates } from '../db/schema.js';
import { done, fail, staleVersion } from '../invoicing/outcome.js';
import type { CreateVatRateSchema, EditVatRateSchema, VatRateDetailSchema } from '../schemas/preferences.js';

type VatRow = typeof vatRates.$inferSelect;
export type VatRateJson = z.infer<typeof VatRateDetailSchema>;

async function isUsed(tx: Tx, companyId: number, id: number): Promise<boolean> {
  for (const lines of [invoiceLines, quoteLines]) {
    const rows = await tx
      .select({ id: lines.id })
      .from(lines)
      .where(and(eq(lines.companyId, companyId), eq(lines.vatRateId, id)))
      .limit(1);
    if (rows.length > 0) return true;
  }
  return false;
}

async function detail(tx: Tx, row: VatRow): Promise<VatRateJson> {
  const { companyId, rateBasisPoints, ...rest } = row;
  return { ...rest, basisPoints: rateBasisPoints, used: await isUsed(tx, companyId, row.id) };
}

/** Unsets the company's current default: the one about to be written becomes the only one. */
async function clearDefault(tx: Tx, companyId: number, exceptId = 0) {
  await tx
    .update(vatRates)
    .set({ isDefault: false, version: sql`${vatRates.version} + 1` })
    .where(and(eq(vatRates.companyId, companyId), eq(vatRates.isDefault, true), ne(vatRates.id, exceptId)));
}

/** One VAT rate of the company (null: none with this id). */
export function getVatRate(db: Database, companyId: number, id: number): Promise<VatRateJson | null> {
  return db.withTenant(companyId, async (tx) => {
    const [row] = await tx
      .select()
      .from(vatRates)
      .where(and(eq(vatRates.companyId, companyId), eq(vatRates.id, id)));
    return row ? detail(tx, row) : null;
  });
}

/** A new rate; the company's first rate, or one sent isDefault, becomes the default. */
export async function createVatRate(
  tx: Tx,
  companyId: number,
  { basisPoints, isDefault, ...fields }: z.output<typeof CreateVatRateSchema>,
): Promise<VatRateJson> {
  const [existing] = await tx
    .select({ id: vatRates.id })
    .from(vatRates)
    .where(and(eq(vatRates.companyId, companyId), eq(vatRates.isDefault, true)))
    .for('update');
  const makeDefault = isDefault || !existing;
  if (makeDefault) await clearDefault(tx, companyId);
  const [row] = await tx
    .insert(vatRates)
    .values({ ...fields, companyId, rateBasisPoints: basisPoints, isDefault: makeDefault })
    .returning();
  return detail(tx, row!);
}

/** Every field, with the version read. */
export async function editVatRate(
  tx: Tx,
  companyId: number,
  id: number,
  { id: _id, version, basisPoints, isDefault, ...fields }: z.output<typeof EditVatRateSchema>,
) {
  const where = and(eq(vatRates.companyId, companyId), eq(vatRates.id, id));
  const [current] = await tx.select().from(vatRates).where(where).for('update');
  if (!current) return fail('not_found');
  if (version === undefined) return fail('validation', { version: 'required' });
  if (staleVersion(current.version, version)) return fail('stale_version');
  if (basisPoints !== current.rateBasisPoints && (await isUsed(tx, companyId, id))) {
    return fail('vat_percentage_used');
  }
  if (current.isDefault && !isDefault) return fail('vat_default_required');
  if (isDefault && !current.isDefault) await clearDefault(tx, companyId, id);
  const [row] = await tx
    .update(vatRates)
    .set({ ...fields, rateBasisPoints: basisPoints, isDefault, version: sql`${vatRates.version} + 1` })
    .where(and(where, eq(vatRates.version, version)))
    .returning();
  return row ? done(await detail(tx, row)) : fail('stale_version');
}

/**
 * What still names a rate: an invoice's or a quote's billed line (foreign keys), a line of a quote's
 * content (`quotes.items`, jsonb: option lines are not billed, so not in quote_lines) or a library
 * item (foreign key). A deleted rate must leave none of them without its rate.
 */
async function isReferenced(tx: Tx, companyId: number, id: number): Promise<boolean> {
  if (await isUsed(tx, companyId, id)) return true;
  const [item] = await tx
    .select({ id: libraryItems.id })
    .from(libraryItems)
    .where(and(eq(libraryItems.companyId, companyId), eq(libraryItems.vatRateId, id)))
    .limit(1);
  if (item) return true;
  const [quote] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(
      and(
        eq(quotes.companyId, companyId),
        sql`jsonb_path_exists(${quotes.items}, '$.** ? (@.vatRateId == $id)', jsonb_build_object('id', ${id}::int))`,
      ),
    )
    .limit(1);
  return quote !== undefined;
}

/**
 * Deletes a rate nothing uses (vat_rate_in_use otherwise); the default rate stays (the company
 * always has one: vat_default_required). The row is locked first: a line written meanwhile takes
 * the key-share lock of its foreign key, so it waits for this delete and then fails its check,
 * instead of the delete failing on a line it could not see. Answers the rate as it was.
 */
export async function deleteVatRate(tx: Tx, companyId: number, id: number) {
  const where = and(eq(vatRates.companyId, companyId), eq(vatRates.id, id));
  const [current] = await tx.select().from(vatRates).where(where).for('update');
  if (!current) return fail('not_found');
  if (current.isDefault) return fail('vat_default_required');
  if (await isReferenced(tx, companyId, id)) return fail('vat_rate_in_use');
  await tx.delete(vatRates).where(where);
  return done({ id, internalName: current.internalName, basisPoints: current.rateBasisPoints });
}
