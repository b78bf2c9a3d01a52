/**
 * The library's families (issue 22): a tree to file the items in. Families are created, never
 * moved, so the tree cannot loop; a family's parent must be one of the company's families.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { LibraryFamilyInput } from '../../../src/contract/library.js';
import type { Tx } from '../db/database.js';
import { libraryFamilies } from '../db/schema.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';

const familyColumns = {
  id: libraryFamilies.id,
  parentId: libraryFamilies.parentId,
  name: libraryFamilies.name,
};

export type LibraryFamilyJson = { id: number; parentId: number | null; name: string };

/** Every family of the company, by name (without accents or case), each naming its parent. */
export const listFamilies = (tx: Tx, companyId: number): Promise<LibraryFamilyJson[]> =>
  tx
    .select(familyColumns)
    .from(libraryFamilies)
    .where(eq(libraryFamilies.companyId, companyId))
    .orderBy(sql`bo_fold(${libraryFamilies.name}) collate "C"`, asc(libraryFamilies.id));

export async function createFamily(
  tx: Tx,
  companyId: number,
  input: { name: string; parentId: LibraryFamilyInput['parentId'] },
): Promise<Outcome<LibraryFamilyJson, 'validation'>> {
  if (input.parentId !== null) {
    const [parent] = await tx
      .select({ id: libraryFamilies.id })
      .from(libraryFamilies)
      .where(and(eq(libraryFamilies.companyId, companyId), eq(libraryFamilies.id, input.parentId)));
    if (!parent) return fail('validation', { parentId: 'invalid' });
  }
  const [row] = await tx
    .insert(libraryFamilies)
    .values({ companyId, name: input.name, parentId: input.parentId })
    .returning(familyColumns);
  return done(row!);
}
