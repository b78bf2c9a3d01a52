/**
 * The library's families (issue 22): a tree to file the items in. A family is created under one of
 * the company's families (or at the top), then renamed or moved from the version read. A move never
 * puts a family under itself or one of its sub-families, checked under a per-company lock so that
 * two moves at once (A under B, B under A) cannot each pass the check against the other's old tree.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { type LibraryFamilyInput, libraryFamilyInputSchema } from '../../../src/contract/library.js';
import { rowsOf, type Tx } from '../db/database.js';
import { libraryFamilies } from '../db/schema.js';
import { fieldsOf } from '../http/validation.js';
import { done, fail, type Outcome, staleVersion } from '../invoicing/outcome.js';

const familyColumns = {
  id: libraryFamilies.id,
  parentId: libraryFamilies.parentId,
  name: libraryFamilies.name,
  version: libraryFamilies.version,
};

export type LibraryFamilyJson = { id: number; parentId: number | null; name: string; version: number };

/** Every family of the company, by name (without accents or case), each naming its parent. */
export const listFamilies = (tx: Tx, companyId: number): Promise<LibraryFamilyJson[]> =>
  tx
    .select(familyColumns)
    .from(libraryFamilies)
    .where(eq(libraryFamilies.companyId, companyId))
    .orderBy(sql`bo_fold(${libraryFamilies.name}) collate "C"`, asc(libraryFamilies.id));

const isFamily = async (tx: Tx, companyId: number, id: number) =>
  (
    await tx
      .select({ id: libraryFamilies.id })
      .from(libraryFamilies)
      .where(and(eq(libraryFamilies.companyId, companyId), eq(libraryFamilies.id, id)))
  ).length > 0;

export async function createFamily(
  tx: Tx,
  companyId: number,
  input: { name: string; parentId: LibraryFamilyInput['parentId'] },
): Promise<Outcome<LibraryFamilyJson, 'validation'>> {
  if (input.parentId !== null && !(await isFamily(tx, companyId, input.parentId)))
    return fail('validation', { parentId: 'invalid' });
  const [row] = await tx
    .insert(libraryFamilies)
    .values({ companyId, name: input.name, parentId: input.parentId })
    .returning(familyColumns);
  return done(row!);
}

/** Moves of one company, one at a time (transaction-scoped: released at commit, pooler-safe). */
const lockMoves = (tx: Tx, companyId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('library_families'), ${companyId})`);

/** `family` and every family under it, through any depth (the company's only). */
async function subtreeOf(tx: Tx, companyId: number, family: number): Promise<Set<number>> {
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`with recursive tree(id) as (
      select ${family}::int
      union
      select f.id from library_families f join tree t on f.parent_id = t.id where f.company_id = ${companyId}
    ) select id from tree`),
  );
  return new Set(rows.map((row) => row.id));
}

export interface FamilyEdit {
  id: number;
  version?: number | undefined;
  name?: string | undefined;
  parentId?: number | null | undefined;
}

/**
 * Renames or moves a family from the version read: another company's id is not found, a stale
 * version is refused (409), a parent that is not the company's, the family itself or one of its
 * sub-families is refused (422 validation, `parentId: invalid`). Its items stay filed in it.
 */
export async function editFamily(
  tx: Tx,
  companyId: number,
  id: number,
  { version, ...changes }: FamilyEdit,
): Promise<Outcome<LibraryFamilyJson, 'not_found' | 'stale_version' | 'validation'>> {
  const where = and(eq(libraryFamilies.companyId, companyId), eq(libraryFamilies.id, id));
  const [current] = await tx.select(familyColumns).from(libraryFamilies).where(where);
  if (!current) return fail('not_found');
  if (version === undefined) return fail('validation', { version: 'required' });
  if (staleVersion(current.version, version)) return fail('stale_version');
  const result = libraryFamilyInputSchema.safeParse({
    name: changes.name ?? current.name,
    parentId: changes.parentId === undefined ? current.parentId : changes.parentId,
  });
  if (!result.success) return fail('validation', fieldsOf(result.error));
  const { name, parentId } = result.data;
  if (parentId !== current.parentId && parentId !== null) {
    await lockMoves(tx, companyId);
    if (!(await isFamily(tx, companyId, parentId)) || (await subtreeOf(tx, companyId, id)).has(parentId))
      return fail('validation', { parentId: 'invalid' });
  }
  const [row] = await tx
    .update(libraryFamilies)
    .set({ name, parentId, version: sql`${libraryFamilies.version} + 1` })
    .where(and(where, eq(libraryFamilies.version, version)))
    .returning(familyColumns);
  if (!row) return fail('stale_version');
  return done(row);
}
