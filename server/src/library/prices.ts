/**
 * What the pricing rule (domain/pricing.ts) needs from the database: the company's costs, and the
 * items a set of works is made of, through every depth. Prices are computed at each read from the
 * current costs, never stored, so a costs change shows in every item at once (docs/decisions.md,
 * « Price library »).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type ReadStatement, readStatement, rowsOf, type Tx } from '../db/database.js';
import {
  type ItemPrice,
  type LibraryKind,
  libraryPricer,
  type PricedItem,
  type PricingRates,
  pricingRates,
} from '../domain/pricing.js';

/**
 * A read written once with named values: prepared as a tenant read's statement (placeholders), or
 * run inside an open transaction (each value a parameter).
 */
export interface Query {
  statement: ReadStatement;
  build: (values: Record<string, unknown>) => SQL;
}

type Value = (name: string) => SQL;

export function query(make: (value: Value) => SQL, { genericPlan = false } = {}): Query {
  return {
    statement: readStatement(
      make((name) => sql`${sql.placeholder(name)}`),
      { genericPlan },
    ),
    build: (values) => make((name) => sql`${sql.param(values[name])}`),
  };
}

/** Runs one read and gives its rows (a tenant read, or a statement of an open transaction). */
export type Reader = <Row>(query: Query, values: Record<string, unknown>) => Promise<Row[]>;

export const tenantReader =
  (db: Database, companyId: number): Reader =>
  <Row>(q: Query, values: Record<string, unknown>) =>
    db.tenantRead<Row>(companyId, q.statement, values);

export const transactionReader =
  (tx: Tx): Reader =>
  async <Row>(q: Query, values: Record<string, unknown>) =>
    rowsOf<Row>(await tx.execute(q.build(values)));

/** The cost_settings columns the rule reads, as computeCosts names them (null: no row yet). */
export const costsColumns = sql`json_build_object(
  'directLabourCostCents', s.direct_labour_cost_cents,
  'employerChargesBasisPoints', s.employer_charges_basis_points,
  'siteCostCents', s.site_cost_cents,
  'indirectChargesCents', s.indirect_charges_cents,
  'overheadExpensesCents', s.overhead_expenses_cents,
  'yearlySiteHours', s.yearly_site_hours,
  'contingencyBasisPoints', s.contingency_basis_points,
  'benefitBasisPoints', s.benefit_basis_points,
  'materialsCoefficientMilli', s.materials_coefficient_milli)`;

export type CostsFigures = Parameters<typeof pricingRates>[0];

/** A company without its costs row yet has the table's defaults (migration 0014). */
export const defaultCosts: CostsFigures = {
  directLabourCostCents: 0,
  employerChargesBasisPoints: 0,
  siteCostCents: 0,
  indirectChargesCents: 0,
  overheadExpensesCents: 0,
  yearlySiteHours: 1607,
  contingencyBasisPoints: 0,
  benefitBasisPoints: 0,
  materialsCoefficientMilli: 1000,
};

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export const ratesOf = (costs: unknown): PricingRates =>
  pricingRates(costs ? parsed<CostsFigures>(costs) : defaultCosts);

/** The tenant's costs as the rule reads them (a scalar subquery: one JSON value or null). */
export const costsSql = (companyId: SQL) =>
  sql`(select ${costsColumns} from cost_settings s where s.company_id = ${companyId})`;

const costsQuery = query((value) => sql`select ${costsSql(value('companyId'))} as costs`);

export async function ratesFor(read: Reader, companyId: number): Promise<PricingRates> {
  const [row] = await read<{ costs: unknown }>(costsQuery, { companyId });
  return ratesOf(row?.costs);
}

/**
 * Every item reachable from `ids` through the works' compositions (the ids themselves included),
 * each with its components in order. One level of the compositions per step, each step one index
 * read of every work of the level (`work_id = any(…)`): a join per reached item would be planned as
 * a scan of every composition. The depth is bounded (compositions never loop: the writes refuse it;
 * the bound only guarantees an end), far beyond any real work.
 */
export const maxCompositionDepth = 100;

const reachQuery = query(
  (value) => sql`with recursive level(ids, depth) as (
    select ${value('ids')}::int[], 0
    union all
    select array(select distinct c.component_id from library_components c where c.work_id = any(l.ids)),
      l.depth + 1
    from level l where cardinality(l.ids) > 0 and l.depth < ${sql.raw(String(maxCompositionDepth))}
  )
  select i.id, i.kind, i.unit_cost_cents as "unitCostCents", i.loss_basis_points as "lossBasisPoints",
    i.fixed_sale_price_cents as "fixedSalePriceCents",
    coalesce((select json_agg(json_build_array(c.component_id, c.quantity_milli) order by c.position)
      from library_components c where c.work_id = i.id), '[]'::json) as components
  from library_items i where i.id in (select unnest(ids) from level)`,
);

/**
 * The same reach as reachQuery, from the works `workIds` (an SQL expression of an int[]), as one
 * JSON array of [id, kind, unitCostCents, lossBasisPoints, fixedSalePriceCents,
 * [[componentId, quantityMilli]…]]: the list reads its page and what its works are made of in one
 * statement and one round trip (listItems) instead of two.
 */
export const reachJsonSql = (workIds: SQL) => sql`(with recursive level(ids, depth) as (
    select coalesce(${workIds}, '{}')::int[], 0
    union all
    select array(select distinct c.component_id from library_components c where c.work_id = any(l.ids)),
      l.depth + 1
    from level l where cardinality(l.ids) > 0 and l.depth < ${sql.raw(String(maxCompositionDepth))}
  )
  select json_agg(json_build_array(r.id, r.kind, r.unit_cost_cents, r.loss_basis_points,
    r.fixed_sale_price_cents,
    coalesce((select json_agg(json_build_array(c.component_id, c.quantity_milli) order by c.position)
      from library_components c where c.work_id = r.id), '[]'::json)))
  from library_items r where r.id in (select unnest(ids) from level))`;

type ReachEntry = [number, LibraryKind, number | null, number, number | null, [number, number][]];

/** Adds the items of a reachJsonSql value (parsed or as text) to `known`. */
export function addReach(known: Map<number, PricedItem>, reach: unknown): void {
  if (reach === null || reach === undefined) return;
  for (const [id, kind, unitCostCents, lossBasisPoints, fixedSalePriceCents, components] of parsed<
    ReachEntry[]
  >(reach)) {
    if (known.has(id)) continue;
    known.set(id, {
      id,
      kind,
      unitCostCents,
      lossBasisPoints,
      fixedSalePriceCents,
      components: components.map(([itemId, quantityMilli]) => ({ itemId, quantityMilli })),
    });
  }
}

interface ReachRow {
  id: number;
  kind: LibraryKind;
  unitCostCents: number | null;
  lossBasisPoints: number;
  fixedSalePriceCents: number | null;
  components: unknown;
}

export const toPricedItem = (row: ReachRow): PricedItem => ({
  id: row.id,
  kind: row.kind,
  unitCostCents: row.unitCostCents,
  lossBasisPoints: row.lossBasisPoints,
  fixedSalePriceCents: row.fixedSalePriceCents,
  components: parsed<[number, number][]>(row.components).map(([itemId, quantityMilli]) => ({
    itemId,
    quantityMilli,
  })),
});

/** The items reachable from `ids`, by id. */
export async function reachOf(read: Reader, ids: readonly number[]): Promise<Map<number, PricedItem>> {
  if (ids.length === 0) return new Map();
  const rows = await read<ReachRow>(reachQuery, { ids: [...ids] });
  return new Map(rows.map((row) => [row.id, toPricedItem(row)]));
}

/**
 * The prices of `items` (rows of the page or of one item): a supply, labour or equipment prices
 * itself; the works' components are loaded through every depth first (one more query).
 */
export async function pricesOf(
  read: Reader,
  items: readonly PricedItem[],
  rates: PricingRates,
): Promise<Map<number, ItemPrice>> {
  const works = items.filter((item) => item.kind === 'work').map((item) => item.id);
  const known = await reachOf(read, works);
  for (const item of items) if (!known.has(item.id)) known.set(item.id, item);
  const pricer = libraryPricer((id) => known.get(id), rates);
  return new Map(items.map((item) => [item.id, pricer.price(item.id)]));
}
