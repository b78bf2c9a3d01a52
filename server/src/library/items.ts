/**
 * The price library's items (issue 22): the list with its search, one item with its composition,
 * create, versioned edit, delete while no work uses it, and the costs screen's « how many items
 * change price ». Routes validate and call these; the prices come from the domain's one rule.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import {
  type LibraryItemData,
  libraryItemInputSchema,
  libraryRules,
  type librarySortKeys,
  normalisedLibraryItem,
} from '../../../src/contract/library.js';
import type { Database, Tx } from '../db/database.js';
import { libraryComponents, libraryFamilies, libraryItems, vatRates } from '../db/schema.js';
import {
  changedPrices,
  type ItemPrice,
  type LibraryKind,
  libraryPricer,
  type PricedItem,
  pricingRates,
  wouldCycle,
} from '../domain/pricing.js';
import { fieldsOf } from '../http/validation.js';
import { done, fail, type Outcome, staleVersion } from '../invoicing/outcome.js';

import {
  addReach,
  type CostsFigures,
  costsSql,
  query,
  type Reader,
  ratesFor,
  ratesOf,
  reachJsonSql,
  reachOf,
  tenantReader,
  toPricedItem,
  transactionReader,
} from './prices.js';

/** What a composition or its fields can be refused for (all 422). */
type CompositionRefusal = 'validation' | 'library_cycle' | 'library_price_out_of_range';

/** An item as stored, named as the API names it. */
interface ItemRow {
  id: number;
  kind: LibraryKind;
  code: string;
  designation: string;
  unit: string;
  familyId: number | null;
  unitCostCents: number | null;
  supplier: string;
  vatRateId: number | null;
  lossBasisPoints: number;
  fixedSalePriceCents: number | null;
  version: number;
}

export type LibraryItemSummary = ItemRow & ItemPrice;
export interface LibraryComponentJson extends ItemPrice {
  itemId: number;
  quantityMilli: number;
  kind: LibraryKind;
  code: string;
  designation: string;
  unit: string;
}
export type LibraryItemJson = LibraryItemSummary & { components: LibraryComponentJson[] };

const itemColumns = sql.raw(`i.id, i.kind, i.code, i.designation, i.unit, i.family_id as "familyId",
  i.unit_cost_cents as "unitCostCents", i.supplier, i.vat_rate_id as "vatRateId",
  i.loss_basis_points as "lossBasisPoints", i.fixed_sale_price_cents as "fixedSalePriceCents", i.version`);

/** A row as the rule reads it (a work's composition is loaded by pricesOf). */
const pricedRow = (row: ItemRow): PricedItem => ({
  id: row.id,
  kind: row.kind,
  unitCostCents: row.unitCostCents,
  lossBasisPoints: row.lossBasisPoints,
  fixedSalePriceCents: row.fixedSalePriceCents,
  components: [],
});

/**
 * The sorts, ties by designation then id: each read in order from an index of migration 0029
 * without a search (a family's by designation: 0046); a search sorts its matches' keys (COLLATE
 * "C", as the columns compare).
 */
const sortKeys: Record<(typeof librarySortKeys)[number], string[]> = {
  designation: ['sort_key', 'id'],
  code: ['code_key', 'sort_key', 'id'],
};
const orderBy = (alias: string, sort: ListRequest['sort'], order: 'asc' | 'desc') =>
  sql.raw(
    sortKeys[sort]
      .map((column) => `${alias}.${column}${column === 'id' ? '' : ' collate "C"'} ${order}`)
      .join(', '),
  );

export interface ListRequest {
  q?: string | undefined;
  kind?: LibraryKind | undefined;
  familyId?: number | undefined;
  sort: (typeof librarySortKeys)[number];
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * Every word typed, in any order, without accents or case, as typed: bo_library_search (migration
 * 0037) folds them, escapes LIKE's wildcards, and finds a word of one or two letters or digits where
 * a word begins (its trigram index cannot look for « 32 » anywhere without reading every item).
 */
const searchWords = (q: string | undefined) => (q ?? '').split(/\s+/).filter(Boolean).slice(0, 10);

/** The items of a family and of its sub-families (the families form a tree: no cycle). */
const familyTree = (familyId: SQL) => sql`(with recursive tree(id) as (
    select ${familyId}::int union all
    select f.id from library_families f join tree t on f.parent_id = t.id
  ) select id from tree)`;

type Value = (name: string) => SQL;
/** `oneWord`: one word typed (bo_library_match can answer it); several go to bo_library_search alone. */
type Shape = { search: boolean; oneWord: boolean; kind: boolean; family: boolean };

/** The kind and family filters on the rows of `alias` (the items, or the search's matches). */
const filters = (alias: string, value: Value, { kind, family }: Shape) =>
  [
    kind ? sql`${sql.raw(alias)}.kind = ${value('kind')}` : undefined,
    family ? sql`${sql.raw(alias)}.family_id in ${familyTree(value('familyId'))}` : undefined,
  ].filter((part) => part !== undefined);

const and_ = (parts: SQL[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/**
 * The total without a search: the counts kept by trigger (library_item_counts) unless a family is
 * chosen (then its items are counted, through the family index).
 */
function companyTotal(value: Value, shape: Shape) {
  if (shape.family) {
    return sql`(select count(*)::int from library_items i
      where i.company_id = ${value('companyId')} and ${and_(filters('i', value, shape))})`;
  }
  return sql`(select coalesce(sum(n), 0)::int from library_item_counts
    where company_id = ${value('companyId')}${shape.kind ? sql` and kind = ${value('kind')}` : sql``})`;
}

/**
 * The search's matches, filtered (bo_library_search: 0037's test of every word on the items, all
 * that 0052 left of it): for several words typed, from the items' trigram index (their bitmaps
 * intersect before any item is read), and for a word that folds to none the index holds (marks
 * only); one word typed is read by searchPage from the word index.
 */
const matches = (value: Value, shape: Shape) =>
  sql`bo_library_search(${value('words')}::text[]) f where ${and_(filters('f', value, shape))}`;

/** A column of bo_library_match's answer (`m`: withMatch below). */
const match = (column: 'folded' | 'pattern' | 'first_word' | 'last_word' | 'inside') =>
  sql`(select m.${sql.raw(column)} from m)`;

/** The one word of the index the words typed stand for (no other begins with it nor holds it), or null. */
const oneWord = sql`(select case when m.inside is null and m.first_word = m.last_word then m.first_word end from m)`;

/**
 * That word's entries, filtered: each of its items once, in the list's order in the index (0052:
 * (company, word, sort key, id)), so a page by designation reads `offset + limit` entries and the
 * count its entries alone, index-only.
 */
const wordEntries = (value: Value, shape: Shape, alias: string) =>
  sql`library_word_items ${sql.raw(alias)} where ${and_([
    sql`${sql.raw(alias)}.company_id = ${value('companyId')}`,
    sql`${sql.raw(alias)}.word = ${oneWord}`,
    ...filters(alias, value, shape),
  ])}`;

/**
 * The entries of the words beginning with the word typed (one range of the index) and of the words
 * holding it further in, filtered; an item holding two such words comes twice (`union all`).
 */
const rangeEntries = (value: Value, shape: Shape) => {
  const entries = (words: SQL) =>
    sql`select e.id, e.sort_key, e.code_key from library_word_items e where ${and_([
      sql`e.company_id = ${value('companyId')}`,
      words,
      ...filters('e', value, shape),
    ])}`;
  return sql`${entries(sql`e.word >= ${match('first_word')} and e.word <= ${match('last_word')}`)}
    union all ${entries(sql`e.word = any(${match('inside')}::text[])`)}`;
};

/** The same, each item once (deduplicated by id: an item's entries carry the same keys). */
const rangeItems = (value: Value, shape: Shape) =>
  sql`select distinct on (r.id) r.id, r.sort_key, r.code_key from (${rangeEntries(value, shape)}) r order by r.id`;

/**
 * What one word typed matches in the index (bo_library_match, migration 0052: the word folded, its
 * pattern, the range of words beginning with it, the words holding it further in), how many entries
 * (`n`: index-only, no deduplication) and items (`h`) hold it, each computed once for the statement
 * and only if a part asks it, each use a read of it.
 */
const withMatch = (value: Value, shape: Shape, statement: SQL) =>
  sql`with m as materialized (select * from bo_library_match(${value('words')}::text[])),
    n as materialized (select count(*)::int as n from (${rangeEntries(value, shape)}) x),
    h as materialized (select count(*)::int as n from (select r.id from (${rangeEntries(value, shape)}) r
      group by r.id) x) ${statement}`;
const entryCount = sql`(select n.n from n)`;
const hits = sql`(select h.n from h)`;

/**
 * How many of the company's items hold the word typed, without a kind or a family: for a word of
 * one or two letters or digits (bo_library_match's pattern), the count kept by the database for
 * each such start of a word (migration 0053: one row, where `hits` reads and deduplicates every
 * entry of the words beginning with it: 23 473 for « pl »); for a longer word, `hits`.
 */
const shortWordItems = (value: Value) => sql`coalesce((select s.n from library_short_word_counts s
    where s.company_id = ${value('companyId')} and s.word = ${match('folded')}), 0)`;
const itemsHolding = (value: Value) =>
  sql`(case when ${match('pattern')} is null then ${hits} else ${shortWordItems(value)} end)`;

/**
 * A word typed that many items hold (« pl », as the quote editor asks from the second letter: 19 367
 * of 50 000): its page is read from the items in the list's order, each tested as 0037 does, when
 * that reads few of them: `offset + limit` matches expected within `walkedItems` items, judged from
 * how many items hold it (itemsHolding) for a word of one or two characters, else from its entries'
 * count (an index-only count; an item may hold two of the words, so it errs towards walking). Its
 * exact count is then itemsHolding. Without a kind or a family only (the items of a family can all
 * sort late: 0046).
 */
const walkedItems = 2000;
const walked = (value: Value, shape: Shape) =>
  sql`(${oneWord} is null and ${match('folded')} is not null
    and (case when ${match('pattern')} is null then ${entryCount} else ${shortWordItems(value)} end) * ${walkedItems}
    >= (${value('offset')}::int + ${value('limit')}::int) * ${companyTotal(value, shape)})`;

/**
 * The page's ids with the total, for a search. One word typed: the one word's entries in the index's
 * order when it stands for one word of the index; else its items in the list's order when many hold
 * it; else its entries, sorted. Several words typed: bo_library_search (0037's test of every word
 * on the items, through their trigram index). Each part is gated (One-Time Filter): one runs.
 */
const searchPage = (value: Value, shape: Shape, sort: ListRequest['sort'], order: 'asc' | 'desc') => {
  const page = sql`limit ${value('limit')} offset ${value('offset')}`;
  const everyWord = sql`select f.id, f.sort_key, f.code_key, (count(*) over ())::int as hits
    from ${matches(value, shape)}`;
  if (!shape.oneWord) return sql`${everyWord} order by ${orderBy('f', sort, order)} ${page}`;
  const walk = !shape.kind && !shape.family;
  // The search key concatenated: the trigram index cannot answer the test, so the plan (generic)
  // walks the list's order instead of guessing that few items match.
  const walkPart = sql`union all
    (select i.id, i.sort_key, i.code_key, ${itemsHolding(value)} as hits
    from library_items i where i.company_id = ${value('companyId')} and ${walked(value, shape)}
      and case when ${match('pattern')} is null then strpos(i.search_key, ${match('folded')}) > 0
        else (i.search_key || '') ~ ${match('pattern')} end
    order by ${orderBy('i', sort, order)} ${page})`;
  return withMatch(
    value,
    shape,
    sql`(select e.id, e.sort_key, e.code_key,
      (select count(*) from ${wordEntries(value, shape, 'c')})::int as hits
    from ${wordEntries(value, shape, 'e')} order by ${orderBy('e', sort, order)} ${page})
    ${walk ? walkPart : sql``}
    union all
    (select x.id, x.sort_key, x.code_key, (count(*) over ())::int as hits
    from (${rangeItems(value, shape)}) x
    where ${oneWord} is null and ${match('folded')} is not null${walk ? sql` and not ${walked(value, shape)}` : sql``}
    order by ${orderBy('x', sort, order)} ${page})
    union all
    (${everyWord} and ${match('folded')} is null order by ${orderBy('f', sort, order)} ${page})`,
  );
};

/**
 * The page's rows numbered in their order (`n`), the first one carrying what the page's works are
 * made of through every depth (reachJsonSql, computed once for the page). Correlated to each work
 * row instead, PostgreSQL costed the subquery once per item of the company and compiled the
 * statement with JIT at every request (235 ms).
 */
const withReach = (page: SQL) => sql`with page as materialized (
    select x.*, row_number() over () as n from (${page}) x
  )
  select page.*, case when page.n = 1 then
      ${reachJsonSql(sql`(select array_agg(w.id) from page w where w.kind = 'work')`)} end as reach
  from page order by page.n`;

/**
 * The page statement of one shape of request, built once (as the customers' list): the page's rows,
 * the total, the company's costs and what the page's works are made of through every depth
 * (withReach), in one statement and one round trip. A search sorts and pages its matches' keys
 * first, then reads the page's 50 items alone.
 */
const pageQueries = new Map<string, ReturnType<typeof query>>();
function pageQuery(shape: Shape, sort: ListRequest['sort'], order: 'asc' | 'desc') {
  const key = [shape.search, shape.oneWord, shape.kind, shape.family, sort, order].join('|');
  let built = pageQueries.get(key);
  if (!built) {
    built = query(
      (value) => {
        const costs = costsSql(value('companyId'));
        const page = sql`limit ${value('limit')} offset ${value('offset')}`;
        if (shape.search) {
          // Each of the page's items read by its key (`offset 0` keeps the lateral read: as a join, the
          // generic plan guessed thousands of ids from the parts' limits and read every item).
          return withReach(sql`select ${itemColumns}, p.hits, ${costs} as costs
          from (${searchPage(value, shape, sort, order)}) p
          cross join lateral (select * from library_items i where i.id = p.id offset 0) i
          order by ${orderBy('p', sort, order)}`);
        }
        if (shape.family) {
          // Each family of the tree read in the list's order (migration 0046), `offset + limit` of
          // each at most, then merged: read in the company's order and filtered, a family whose
          // designations sort late cost a read of most of the library.
          const inFamily = and_([
            sql`i.company_id = ${value('companyId')}`,
            sql`i.family_id = t.id`,
            ...filters('i', value, { ...shape, family: false }),
          ]);
          return withReach(sql`select ${itemColumns}, ${companyTotal(value, shape)} as hits, ${costs} as costs
          from ${familyTree(value('familyId'))} t cross join lateral (
            select i.* from library_items i where ${inFamily} order by ${orderBy('i', sort, order)}
            limit (${value('limit')}::int + ${value('offset')}::int)
          ) i order by ${orderBy('i', sort, order)} ${page}`);
        }
        const where = and_([sql`i.company_id = ${value('companyId')}`, ...filters('i', value, shape)]);
        return withReach(sql`select ${itemColumns}, ${companyTotal(value, shape)} as hits, ${costs} as costs
        from library_items i where ${where} order by ${orderBy('i', sort, order)} ${page}`);
      },
      // Planned once per connection (as the customers' page): planning it at each request cost
      // PostgreSQL more than running it (1.0 against 0.5 ms), and its plan does not depend on the values.
      { genericPlan: true },
    );
    pageQueries.set(key, built);
  }
  return built;
}

const countQueries = new Map<string, ReturnType<typeof query>>();
function countQuery(shape: Shape) {
  const key = [shape.search, shape.oneWord, shape.kind, shape.family].join('|');
  let built = countQueries.get(key);
  if (!built) {
    built = query((value) =>
      shape.search && !shape.oneWord
        ? sql`select count(*)::int as n from ${matches(value, shape)}`
        : shape.search
          ? withMatch(
              value,
              shape,
              sql`select case when ${oneWord} is not null
              then (select count(*) from ${wordEntries(value, shape, 'c')})::int
              when ${match('folded')} is not null then ${shape.kind || shape.family ? hits : itemsHolding(value)}
              else (select count(*) from ${matches(value, shape)})::int end as n`,
            )
          : sql`select ${companyTotal(value, shape)} as n`,
    );
    countQueries.set(key, built);
  }
  return built;
}

/** A page of the company's items, with their prices, and how many match. */
export async function listItems(
  db: Database,
  companyId: number,
  request: ListRequest,
): Promise<{ data: LibraryItemSummary[]; hits: number }> {
  const read = tenantReader(db, companyId);
  const words = searchWords(request.q);
  const search = words.length > 0;
  const values = {
    companyId,
    words,
    kind: request.kind,
    familyId: request.familyId,
    limit: request.limit,
    offset: request.offset,
  };
  const shape = {
    search,
    oneWord: words.length === 1,
    kind: request.kind !== undefined,
    family: request.familyId !== undefined,
  };
  const rows = await read<ItemRow & { hits: number; costs: unknown; reach: unknown }>(
    pageQuery(shape, request.sort, request.order),
    values,
  );
  if (rows.length === 0) {
    // Past the last page (or nothing matches): the total alone.
    const [count] = await read<{ n: number }>(countQuery(shape), values);
    return { data: [], hits: count?.n ?? 0 };
  }
  const rates = ratesOf(rows[0]!.costs);
  // Every page row and what its works reach, read by the page statement: no second round trip.
  const known = new Map<number, PricedItem>();
  for (const row of rows) addReach(known, row.reach);
  for (const row of rows) if (!known.has(row.id)) known.set(row.id, pricedRow(row));
  const pricer = libraryPricer((id) => known.get(id), rates);
  return {
    data: rows.map((row) => {
      const { costCents, salePriceCents } = pricer.price(row.id);
      return {
        id: row.id,
        kind: row.kind,
        code: row.code,
        designation: row.designation,
        unit: row.unit,
        familyId: row.familyId,
        unitCostCents: row.unitCostCents,
        supplier: row.supplier,
        vatRateId: row.vatRateId,
        lossBasisPoints: row.lossBasisPoints,
        fixedSalePriceCents: row.fixedSalePriceCents,
        version: row.version,
        costCents,
        salePriceCents,
      };
    }),
    hits: rows[0]!.hits,
  };
}

const oneItemQuery = query(
  (value) => sql`select ${itemColumns} from library_items i
    where i.company_id = ${value('companyId')} and i.id = ${value('id')}`,
);

const componentsQuery = query(
  (value) => sql`select c.component_id as "itemId", c.quantity_milli as "quantityMilli", i.kind, i.code,
      i.designation, i.unit
    from library_components c join library_items i on i.id = c.component_id
    where c.company_id = ${value('companyId')} and c.work_id = ${value('id')} order by c.position`,
);

/** One item with its composition and every figure, or null (none such in the company). */
export async function readItem(read: Reader, companyId: number, id: number): Promise<LibraryItemJson | null> {
  const [row] = await read<ItemRow>(oneItemQuery, { companyId, id });
  if (!row) return null;
  const rates = await ratesFor(read, companyId);
  const components =
    row.kind === 'work'
      ? await read<Omit<LibraryComponentJson, keyof ItemPrice>>(componentsQuery, { companyId, id })
      : [];
  // The item and everything its composition reaches: its figures and its components' own.
  const known = await reachOf(read, [id]);
  const pricer = libraryPricer((itemId) => known.get(itemId), rates);
  return {
    ...row,
    ...pricer.price(id),
    components: components.map((component) => ({ ...component, ...pricer.price(component.itemId) })),
  };
}

export const getItem = (db: Database, companyId: number, id: number) =>
  readItem(tenantReader(db, companyId), companyId, id);

type ItemInput = LibraryItemData;

/**
 * Checks what only the database knows: the family, the VAT rate and the components are the
 * company's (row-level security hides any other), the composition does not contain the work itself
 * through any depth, and the work's figures stay in range at today's costs.
 */
async function checkReferences(
  tx: Tx,
  companyId: number,
  item: ItemInput,
  workId: number | null,
): Promise<Outcome<null, CompositionRefusal>> {
  const fields: Record<string, string> = {};
  if (item.familyId !== null) {
    const [family] = await tx
      .select({ id: libraryFamilies.id })
      .from(libraryFamilies)
      .where(and(eq(libraryFamilies.companyId, companyId), eq(libraryFamilies.id, item.familyId)));
    if (!family) fields.familyId = 'invalid';
  }
  if (item.vatRateId !== null) {
    const [rate] = await tx
      .select({ id: vatRates.id })
      .from(vatRates)
      .where(and(eq(vatRates.companyId, companyId), eq(vatRates.id, item.vatRateId)));
    if (!rate) fields.vatRateId = 'invalid';
  }
  if (item.kind !== 'work') return Object.keys(fields).length ? fail('validation', fields) : done(null);
  const read = transactionReader(tx);
  const ids = [...new Set(item.components.map((component) => component.itemId))];
  const reached = await reachOf(read, ids);
  item.components.forEach((component, index) => {
    if (!reached.has(component.itemId)) fields[`components.${index}.itemId`] = 'invalid';
  });
  if (Object.keys(fields).length) return fail('validation', fields);
  if (workId !== null) {
    const componentsOf = (id: number) => reached.get(id)?.components.map((c) => c.itemId) ?? [];
    if (wouldCycle(workId, ids, componentsOf)) return fail('library_cycle');
  }
  // The new work's figures at today's costs, with its composition as it would be stored.
  const self = -1;
  reached.set(self, {
    id: self,
    kind: 'work',
    unitCostCents: null,
    lossBasisPoints: 0,
    fixedSalePriceCents: item.fixedSalePriceCents,
    components: item.components,
  });
  const rates = await ratesFor(read, companyId);
  const price = libraryPricer((id) => reached.get(id), rates).price(self);
  if (Math.max(price.costCents, price.salePriceCents) > libraryRules.maxPriceCents) {
    return fail('library_price_out_of_range');
  }
  return done(null);
}

/**
 * Writing a work's composition, deleting an item: one at a time per company, so that two edits
 * cannot each pass the cycle check against the other's old composition, nor an item be deleted
 * while a work starts using it (a transaction-scoped lock: released at commit, pooler-safe).
 */
const lockCompositions = (tx: Tx, companyId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('library_components'), ${companyId})`);

async function writeComponents(tx: Tx, companyId: number, workId: number, item: ItemInput) {
  await tx.delete(libraryComponents).where(eq(libraryComponents.workId, workId));
  if (item.components.length === 0) return;
  await tx.insert(libraryComponents).values(
    item.components.map((component, position) => ({
      companyId,
      workId,
      position,
      componentId: component.itemId,
      quantityMilli: component.quantityMilli,
    })),
  );
}

const storedColumns = (item: ItemInput) => ({
  code: item.code,
  designation: item.designation,
  unit: item.unit,
  familyId: item.familyId,
  unitCostCents: item.unitCostCents,
  supplier: item.supplier,
  vatRateId: item.vatRateId,
  lossBasisPoints: item.lossBasisPoints,
  fixedSalePriceCents: item.fixedSalePriceCents,
});

export async function createItem(
  tx: Tx,
  companyId: number,
  input: ItemInput,
): Promise<Outcome<number, CompositionRefusal>> {
  const item = normalisedLibraryItem(input);
  if (item.kind === 'work') await lockCompositions(tx, companyId);
  const checked = await checkReferences(tx, companyId, item, null);
  if (!checked.ok) return checked;
  const [row] = await tx
    .insert(libraryItems)
    .values({ companyId, kind: item.kind, ...storedColumns(item) })
    .returning({ id: libraryItems.id });
  await writeComponents(tx, companyId, row!.id, item);
  return done(row!.id);
}

type StoredItem = typeof libraryItems.$inferSelect;

const componentsStored = async (tx: Tx, workId: number) =>
  (
    await tx
      .select({ itemId: libraryComponents.componentId, quantityMilli: libraryComponents.quantityMilli })
      .from(libraryComponents)
      .where(eq(libraryComponents.workId, workId))
      .orderBy(libraryComponents.position)
  ).map((c) => ({ itemId: c.itemId, quantityMilli: c.quantityMilli }));

export type ItemEdit = { id: number; version?: number | undefined } & Partial<Omit<ItemInput, 'kind'>>;

/** Only the version read may be replaced; the resulting item is checked whole against the contract. */
export async function editItem(
  tx: Tx,
  companyId: number,
  id: number,
  { id: _id, version, ...changes }: ItemEdit,
): Promise<Outcome<number, CompositionRefusal | 'not_found' | 'stale_version'>> {
  const where = and(eq(libraryItems.companyId, companyId), eq(libraryItems.id, id));
  const [current] = await tx.select().from(libraryItems).where(where);
  if (!current) return fail('not_found');
  if (version === undefined) return fail('validation', { version: 'required' });
  if (staleVersion(current.version, version)) return fail('stale_version');
  const composing = current.kind === 'work' && changes.components !== undefined;
  if (composing) await lockCompositions(tx, companyId);
  const stored = {
    ...storedFields(current),
    components: current.kind === 'work' ? await componentsStored(tx, id) : [],
  };
  const result = libraryItemInputSchema.safeParse({ ...stored, ...changes, kind: current.kind });
  if (!result.success) return fail('validation', fieldsOf(result.error));
  const item = normalisedLibraryItem(result.data);
  const checked = await checkReferences(tx, companyId, item, id);
  if (!checked.ok) return checked;
  const [row] = await tx
    .update(libraryItems)
    .set({ ...storedColumns(item), version: sql`${libraryItems.version} + 1`, updatedAt: sql`now()` })
    .where(and(where, eq(libraryItems.version, version)))
    .returning({ id: libraryItems.id });
  if (!row) return fail('stale_version');
  if (composing) await writeComponents(tx, companyId, id, item);
  return done(id);
}

const storedFields = (row: StoredItem) => ({
  code: row.code,
  designation: row.designation,
  unit: row.unit,
  familyId: row.familyId,
  unitCostCents: row.unitCostCents,
  supplier: row.supplier,
  vatRateId: row.vatRateId,
  lossBasisPoints: row.lossBasisPoints,
  fixedSalePriceCents: row.fixedSalePriceCents,
});

/** Deleted unless a work's composition uses it (its own composition goes with it). */
export async function deleteItem(
  tx: Tx,
  companyId: number,
  id: number,
): Promise<Outcome<{ id: number }, 'not_found' | 'library_item_in_use'>> {
  const where = and(eq(libraryItems.companyId, companyId), eq(libraryItems.id, id));
  const [current] = await tx.select({ id: libraryItems.id }).from(libraryItems).where(where);
  if (!current) return fail('not_found');
  await lockCompositions(tx, companyId);
  const [used] = await tx
    .select({ workId: libraryComponents.workId })
    .from(libraryComponents)
    .where(and(eq(libraryComponents.companyId, companyId), eq(libraryComponents.componentId, id)))
    .limit(1);
  if (used) return fail('library_item_in_use');
  await tx.delete(libraryItems).where(where);
  return done({ id });
}

const everyItemQuery = query(
  (value) => sql`select i.id, i.kind, i.unit_cost_cents as "unitCostCents",
      i.loss_basis_points as "lossBasisPoints", i.fixed_sale_price_cents as "fixedSalePriceCents",
      coalesce((select json_agg(json_build_array(c.component_id, c.quantity_milli) order by c.position)
        from library_components c where c.work_id = i.id), '[]'::json) as components
    from library_items i where i.company_id = ${value('companyId')}`,
);

/**
 * How many of the company's items would change sale price if the costs were `proposed` (the costs
 * screen says it before saving). The same rule prices every item twice: today's costs, proposed.
 */
export async function previewPrices(
  db: Database,
  companyId: number,
  proposed: CostsFigures,
): Promise<{ changed: number }> {
  const read = tenantReader(db, companyId);
  const rates = await ratesFor(read, companyId);
  const rows = await read<Parameters<typeof toPricedItem>[0]>(everyItemQuery, { companyId });
  return { changed: changedPrices(rows.map(toPricedItem), rates, pricingRates(proposed)) };
}
