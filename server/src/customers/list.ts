/**
 * The customers list (spec section 3): search, sort, type filter and paging, read in one statement
 * built once per shape of request. The route validates the query and answers the JSON written here.
 */

import type { z } from '@hono/zod-openapi';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import { type Database, readStatement, statementsByShape } from '../db/database.js';
import { escapeLike } from '../db/like.js';
import { customerCounts, customers } from '../db/schema.js';
import type { CustomersQuery, customerSortKeys } from '../schemas/customers.js';

/**
 * The list's folded keys (generated columns of migration 0006, computed by bo_fold: accents off,
 * lower case, compared byte by byte), so that 'Bâti' sorts before 'Boulangerie' and 'etienne'
 * finds 'Étienne'. name_key is the company name (professionals) or the last name, then the first name.
 */
const nameKey = sql`${customers}.name_key`;
/**
 * Each customer's answer JSON, kept in its row by the database (generated column of migration
 * 0017, the same fields and form as toCustomerJson: a test compares them).
 */
const listJson = sql`${customers}.list_json`;
const cityKey = sql`${customers}.city_key`;

/** Each sort's order; ties by name then id, every one of them read in order from an index (0006). */
const sortOrders: Record<(typeof customerSortKeys)[number], (SQL | AnyPgColumn)[]> = {
  name: [nameKey, customers.id],
  customerCode: [customers.customerCode, nameKey, customers.id],
  city: [cityKey, nameKey, customers.id],
  email: [customers.email, nameKey, customers.id],
  type: [customers.type, nameKey, customers.id],
};

/**
 * Every word of the search, in any order, without accents or case, in the names, company, email,
 * city, zip code, code, phones or SIRET; a search that looks like a phone number or a SIRET
 * ('06 12 34', '521.987.654') also matches its digits alone. The matching runs in the database
 * function bo_customer_search (migration 0006), where the trigram index can serve it.
 */
function searchTerms(q: string): { words: string[]; digits: string | null } | undefined {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 10).map(escapeLike);
  if (words.length === 0) return undefined;
  const digits = q.replace(/\D/g, '');
  const looksLikeNumber = /^[\d\s.+()/-]+$/.test(q) && digits.length >= 2;
  return { words, digits: looksLikeNumber ? digits : null };
}

/** The values of one list request, each a placeholder in the statement built once per shape. */
interface ListValues {
  companyId: number;
  type: string | undefined;
  words: string[] | undefined;
  digits: string | null;
  limit: number;
  offset: number;
}

/** What a list request filters on: the company, the search (bo_customer_search, 0006), the type. */
function listConditions(search: boolean, type: boolean) {
  const value = (name: keyof ListValues) => sql.placeholder(name);
  const where = and(
    eq(customers.companyId, value('companyId')),
    search
      ? sql`${customers.id} in (select s.id from bo_customer_search(${value('words')}::text[], ${value('digits')}::text) s)`
      : undefined,
    type ? eq(customers.type, value('type')) : undefined,
  );
  // The total: a search counts its matches (the trigram index finds them); otherwise the company's
  // count kept by trigger (customer_counts), so that no request counts the whole company (see
  // docs/decisions.md).
  const companyCount = sql<number>`(select coalesce(sum(${customerCounts.n}), 0)::int from ${customerCounts}
      where ${and(eq(customerCounts.companyId, value('companyId')), type ? eq(customerCounts.type, value('type')) : undefined)})`;
  return { where, companyCount };
}

/**
 * The page statement of one shape of request (sort, order, with or without a search and a type),
 * built once: the page's JSON is the rows' stored JSON joined by the database in one text value, so
 * that no row is decoded, mapped or serialised per request, neither in JavaScript nor by
 * row_to_json (bench/results.md). The sort keys ride along so that the aggregate keeps the page's
 * order. Planned once per connection (genericPlan): PostgreSQL's default would plan it again at every
 * request, as a generic plan of `limit $n` is costed far above the custom one, though the same.
 */
const pageStatement = statementsByShape(
  ({
    sort,
    order,
    search,
    type,
  }: {
    sort: (typeof customerSortKeys)[number];
    order: 'asc' | 'desc';
    search: boolean;
    type: boolean;
  }) => {
    const { where, companyCount } = listConditions(search, type);
    const keys = sortOrders[sort];
    const direction = order === 'desc' ? desc : asc;
    const page = new QueryBuilder()
      .select({
        json: sql`${listJson}`.as('json'),
        hits: (search ? sql<number>`(count(*) over ())::int` : companyCount).as('hits'),
        ...Object.fromEntries(keys.map((key, i) => [`k${i}`, sql`${key}`.as(`k${i}`)])),
      })
      .from(customers)
      .where(where)
      .orderBy(...keys.map((key) => direction(key)))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const pageOrder = sql.join(
      keys.map((_, i) => sql`${sql.identifier(`k${i}`)} ${sql.raw(order)}`),
      sql`, `,
    );
    return readStatement(
      sql`select '[' || coalesce(string_agg(json, ',' order by ${pageOrder}), '') || ']' as data,
        max(hits) as hits from (${page}) as page`,
      { genericPlan: true },
    );
  },
);

/**
 * A search sorted by name without a type (the screen's search): its matches come with their name
 * key (customer_search, migration 0044), so they are sorted, counted and cut to the page there, and
 * only the page's customers are read (their stored JSON). The other sorts and the type filter read
 * every match's row from customers (pageStatement).
 */
const searchByNameStatement = statementsByShape(({ order }: { order: 'asc' | 'desc' }) => {
  const value = (name: keyof ListValues) => sql.placeholder(name);
  const direction = sql.raw(order);
  return readStatement(
    sql`select '[' || coalesce(string_agg(${listJson}, ',' order by p.name_key collate "C" ${direction},
        p.id ${direction}), '') || ']' as data, max(p.hits) as hits
      from (select s.id, s.name_key, (count(*) over ())::int as hits
        from bo_customer_search(${value('words')}::text[], ${value('digits')}::text) s
        order by s.name_key collate "C" ${direction}, s.id ${direction}
        limit ${value('limit')} offset ${value('offset')}) p
      join ${customers} on ${customers.id} = p.id and ${customers.companyId} = ${value('companyId')}`,
    { genericPlan: true },
  );
});

/** The list's total alone, for a page past the end: built once per shape, like the page. */
const countStatement = statementsByShape(({ search, type }: { search: boolean; type: boolean }) => {
  const { where, companyCount } = listConditions(search, type);
  return readStatement(
    search
      ? sql`select count(*)::int as n from ${customers} where ${where}`
      : sql`select ${companyCount} as n`,
  );
});

/**
 * One page of the company's customers and the number matching: `data` is the page's JSON array as
 * PostgreSQL wrote it (the route answers it without parsing it again).
 */
export async function listCustomers(
  db: Database,
  companyId: number,
  { q, type, sort, order, limit, offset }: z.output<typeof CustomersQuery>,
): Promise<{ data: string; hits: number }> {
  const terms = q ? searchTerms(q) : undefined;
  const search = terms !== undefined;
  const values: ListValues = {
    companyId,
    type,
    words: terms?.words,
    digits: terms?.digits ?? null,
    limit,
    offset,
  };
  const read = <Row>(statement: ReturnType<typeof readStatement>) =>
    db.tenantRead<Row>(companyId, statement, values as unknown as Record<string, unknown>);
  const [result] = await read<{ data: string; hits: number | null }>(
    search && sort === 'name' && type === undefined
      ? searchByNameStatement({ order })
      : pageStatement({ sort, order, search, type: type !== undefined }),
  );
  if (result && result.hits !== null) return { data: result.data, hits: Number(result.hits) };
  // Past the last page (or nothing matches): the total alone.
  const [count] = await read<{ n: number }>(countStatement({ search, type: type !== undefined }));
  return { data: '[]', hits: Number(count?.n ?? 0) };
}
