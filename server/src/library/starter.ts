/**
 * The starter library (issue 22) loaded into a company whose library is empty: its six families,
 * then every item, then the works' compositions, by code. Only into an empty library (409
 * library_not_empty otherwise): loaded over a firm's own items it would mix two sets of codes.
 * Runs in the caller's transaction (the route's tenant transaction, or the demo seed's).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../db/database.js';
import { done, fail, type Outcome } from '../invoicing/outcome.js';
import { lockImports } from './import.js';
import { starterFamilies, starterItems } from './starter-library.js';

const param = (value: unknown) => sql`${sql.param(value)}`;

export async function loadStarterLibrary(
  tx: Tx,
  companyId: number,
): Promise<Outcome<{ created: number }, 'library_not_empty'>> {
  // The same lock as an import: an import and the starter cannot both fill an empty library.
  await lockImports(tx, companyId);
  const [any] = rowsOf<{ id: number }>(
    await tx.execute(sql`select id from library_items where company_id = ${companyId} limit 1`),
  );
  if (any) return fail('library_not_empty');
  const families = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`insert into library_families (company_id, name)
      select ${companyId}, n from unnest(${param(starterFamilies.map((f) => f.name))}::text[]) as n
      returning id, name`),
  );
  const familyId = new Map(families.map((family) => [family.name, family.id]));
  const items = starterItems();
  const inserted = rowsOf<{ id: number; code: string }>(
    await tx.execute(sql`insert into library_items (company_id, kind, code, designation, unit, unit_cost_cents, family_id)
      select ${companyId}, n.kind, n.code, n.designation, n.unit, n.cost, n.family_id
      from unnest(${param(items.map((i) => i.kind))}::text[], ${param(items.map((i) => i.code))}::text[],
        ${param(items.map((i) => i.designation))}::text[], ${param(items.map((i) => i.unit))}::text[],
        ${param(items.map((i) => i.unitCostCents))}::int[], ${param(items.map((i) => familyId.get(i.family)!))}::int[])
        as n(kind, code, designation, unit, cost, family_id)
      returning id, code`),
  );
  const idOf = new Map(inserted.map((row) => [row.code, row.id]));
  const components = items.flatMap((item) =>
    item.components.map((component, position) => ({
      workId: idOf.get(item.code)!,
      position,
      componentId: idOf.get(component.code)!,
      quantityMilli: component.quantityMilli,
    })),
  );
  await tx.execute(sql`insert into library_components (company_id, work_id, position, component_id, quantity_milli)
    select ${companyId}, c.work_id, c.position, c.component_id, c.quantity_milli
    from unnest(${param(components.map((c) => c.workId))}::int[], ${param(components.map((c) => c.position))}::int[],
      ${param(components.map((c) => c.componentId))}::int[], ${param(components.map((c) => c.quantityMilli))}::int[])
      as c(work_id, position, component_id, quantity_milli)`);
  return done({ created: inserted.length });
}
