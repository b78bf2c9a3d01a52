/**
 * Customers of the caller's company (spec section 3): list with search, sort, type filter and
 * paging; one; create; edit; delete while no document uses it; the company's general defaults the
 * form shows. Any member of the company may manage customers (the spec does not reserve it to admins).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import { customerInputSchema } from '../../../src/contract/customers.js';
import { requireAdmin } from '../auth/caller.js';
import {
  codeTaken,
  customerCodeFormatOf,
  firstFreeCustomerNumber,
  formatCustomerCode,
  takeCustomerCode,
} from '../db/customer-codes.js';
import { readStatement, type Tx } from '../db/database.js';
import { escapeLike } from '../db/like.js';
import { businessJobs, companies, customerCounts, customers, invoices, quotes } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { rawJson } from '../http/raw-json.js';
import { fieldsOf, validationHook } from '../http/validation.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import {
  CreateCustomerSchema,
  CustomerDuplicatesQuery,
  CustomerDuplicatesSchema,
  CustomerEditParams,
  CustomerParams,
  CustomerSchema,
  CustomerSettingsSchema,
  CustomersQuery,
  type customerSortKeys,
  EditCustomerSchema,
} from '../schemas/customers.js';
import { CompanyUsersParams } from '../schemas/users.js';

type CustomerRow = typeof customers.$inferSelect;
type CustomerJson = z.infer<typeof CustomerSchema>;

function toCustomerJson({ companyId: _companyId, ...row }: CustomerRow): CustomerJson {
  return {
    ...row,
    paymentDeadline: row.paymentDeadline as CustomerJson['paymentDeadline'],
    paymentModes: row.paymentModes as CustomerJson['paymentModes'],
  };
}

/** The written fields of a stored customer, as the contract reads them. */
function storedFields({
  id: _id,
  companyId: _companyId,
  customerCode: _code,
  customerCodeAuto: _auto,
  version: _version,
  ...fields
}: CustomerRow) {
  return fields;
}

/**
 * The customer an edit would leave, checked whole against the shared contract (the form checks the
 * same): a change may break a rule with a field it does not touch (a country and its zip code).
 */
function editIssues(current: CustomerRow, changes: object): Record<string, string> | null {
  const result = customerInputSchema.safeParse({ ...storedFields(current), ...changes });
  return result.success ? null : fieldsOf(result.error);
}

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
      ? sql`${customers.id} in (select bo_customer_search(${value('words')}::text[], ${value('digits')}::text))`
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
const pageStatement = memoize(
  (sort: (typeof customerSortKeys)[number], order: 'asc' | 'desc', search: boolean, type: boolean) => {
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

/** The list's total alone, for a page past the end: built once per shape, like the page. */
const countStatement = memoize((search: boolean, type: boolean) => {
  const { where, companyCount } = listConditions(search, type);
  return readStatement(
    search
      ? sql`select count(*)::int as n from ${customers} where ${where}`
      : sql`select ${companyCount} as n`,
  );
});

function memoize<A extends unknown[], R>(build: (...args: A) => R): (...args: A) => R {
  const built = new Map<string, R>();
  return (...args) => {
    const key = args.join('|');
    let value = built.get(key);
    if (value === undefined) {
      value = build(...args);
      built.set(key, value);
    }
    return value;
  };
}

/** Does a business job, a quote or an invoice (payments hang on invoices) name this customer? */
async function customerInUse(tx: Tx, companyId: number, customerId: number): Promise<boolean> {
  // One after another: a transaction is one connection, which runs one statement at a time.
  for (const table of [businessJobs, quotes, invoices]) {
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, companyId), eq(table.customerId, customerId)))
      .limit(1);
    if (rows.length > 0) return true;
  }
  return false;
}

const CustomerPageSchema = z.object({
  data: z.array(CustomerSchema),
  info: z.object({ hits: z.number().int() }),
});

const listCustomers = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customers',
  tags: ['Clients'],
  summary: 'Customers of the company, by name, with a search',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: CustomersQuery },
  responses: {
    200: json(CustomerPageSchema, 'A page of customers and the number matching'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const getCustomer = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customers/{customerId}',
  tags: ['Clients'],
  summary: 'One customer',
  security: bearerSecurity,
  request: { params: CustomerParams },
  responses: {
    200: json(z.object({ data: CustomerSchema }), 'The customer'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const createCustomer = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/customers',
  tags: ['Clients'],
  summary: 'Create a customer (code generated unless given)',
  security: bearerSecurity,
  request: {
    params: CompanyUsersParams,
    body: { required: true, content: { 'application/json': { schema: CreateCustomerSchema } } },
  },
  responses: {
    200: json(z.object({ data: CustomerSchema }), 'The created customer'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: json(ErrorSchema, 'customer_code_exists (send keepDuplicateCode: true to keep it)'),
    422: errorResponses[422],
  },
});

const editCustomer = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/customers/{id}/edit',
  tags: ['Clients'],
  summary: 'Change a customer (id plus the changed fields)',
  security: bearerSecurity,
  request: {
    params: CustomerEditParams,
    body: { required: true, content: { 'application/json': { schema: EditCustomerSchema } } },
  },
  responses: {
    200: json(z.object({ data: CustomerSchema }), 'The customer after the change'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(
      ErrorSchema,
      'stale_version (another save came first: reload, then apply the changes again) or customer_code_exists',
    ),
    422: errorResponses[422],
  },
});

const deleteCustomer = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/customers/{id}/delete',
  tags: ['Clients'],
  summary:
    'Delete a customer no document uses (admin only: 403 admin_required, docs/decisions.md; POST: CORS allows GET and POST only)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: { params: CustomerEditParams },
  responses: {
    200: json(z.object({ data: z.object({ id: z.number().int() }) }), 'The deleted id'),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorSchema, 'customer_in_use: a business job, quote or invoice names the customer'),
  },
});

const getCustomerSettings = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customer-settings',
  tags: ['Clients'],
  summary: "The company's general payment deadline and modes, and the next generated customer code",
  security: bearerSecurity,
  request: { params: CompanyUsersParams },
  responses: {
    200: json(z.object({ data: CustomerSettingsSchema }), 'General defaults of the customer form'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const findCustomerDuplicates = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/customer-duplicates',
  tags: ['Clients'],
  summary: 'Another customer of the company with this email or SIRET (a warning, never a refusal)',
  security: bearerSecurity,
  request: { params: CompanyUsersParams, query: CustomerDuplicatesQuery },
  responses: {
    200: json(
      z.object({ data: CustomerDuplicatesSchema }),
      'The first other customer with the email, and with the SIRET (null: none)',
    ),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export function customersRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(listCustomers, async (c) => {
    const { companyId } = c.get('caller');
    const { q, type, sort, order, limit, offset } = c.req.valid('query');
    const terms = q ? searchTerms(q) : undefined;
    const values: ListValues = {
      companyId,
      type,
      words: terms?.words,
      digits: terms?.digits ?? null,
      limit,
      offset,
    };
    const [result] = await db.tenantRead<{ data: string; hits: number | null }>(
      companyId,
      pageStatement(sort, order, terms !== undefined, type !== undefined),
      values as unknown as Record<string, unknown>,
    );
    // Past the last page (or nothing matches): the total alone.
    const { data, hits } =
      result && result.hits !== null
        ? { data: result.data, hits: result.hits }
        : { data: '[]', hits: await countOnly(terms !== undefined, type !== undefined, values) };
    // The page's JSON as PostgreSQL wrote it: never parsed nor serialised again.
    const body = `{"data":${data},"info":{"hits":${Number(hits)}}}`;
    return rawJson<z.infer<typeof CustomerPageSchema>, 200>(c, body, 200);
  });

  app.openapi(getCustomer, async (c) => {
    const { companyId } = c.get('caller');
    const { customerId } = c.req.valid('param');
    const [row] = await db.withTenant(companyId, (tx) =>
      tx
        .select()
        .from(customers)
        .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId))),
    );
    if (!row) return apiError(c, 'not_found');
    return c.json({ data: toCustomerJson(row) }, 200);
  });

  app.openapi(createCustomer, async (c) => {
    const { companyId } = c.get('caller');
    const { customerCode, keepDuplicateCode, ...fields } = c.req.valid('json');
    const result = await db.withTenant(companyId, async (tx) => {
      if (customerCode && !keepDuplicateCode && (await codeTaken(tx, companyId, customerCode))) return null;
      const code = customerCode ?? (await takeCustomerCode(tx, companyId));
      const [row] = await tx
        .insert(customers)
        .values({ ...fields, companyId, customerCode: code, customerCodeAuto: customerCode === undefined })
        .returning();
      return row!;
    });
    if (!result) return apiError(c, 'customer_code_exists');
    return c.json({ data: toCustomerJson(result) }, 200);
  });

  app.openapi(editCustomer, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const { id: bodyId, version, customerCode, keepDuplicateCode, ...changes } = c.req.valid('json');
    if (bodyId !== id) return apiError(c, 'id_mismatch');
    const outcome = await db.withTenant(companyId, async (tx) => {
      const where = and(eq(customers.companyId, companyId), eq(customers.id, id));
      const [current] = await tx.select().from(customers).where(where);
      if (!current) return 'not_found' as const;
      if (version === undefined) return { fields: { version: 'required' } };
      if (version !== current.version) return 'stale_version' as const;
      const fields = editIssues(current, changes);
      if (fields) return { fields };
      const codeChange = customerCode !== undefined && customerCode !== current.customerCode;
      if (codeChange && !keepDuplicateCode && (await codeTaken(tx, companyId, customerCode, id))) {
        return 'customer_code_exists' as const;
      }
      // Only the version read above may be replaced: of two saves from one version, the second
      // waits for the first's row lock, then finds another version and changes nothing.
      const [row] = await tx
        .update(customers)
        .set({
          ...changes,
          ...(codeChange ? { customerCode, customerCodeAuto: false } : {}),
          version: sql`${customers.version} + 1`,
        })
        .where(and(where, eq(customers.version, version)))
        .returning();
      return row ? { row } : ('stale_version' as const);
    });
    if (typeof outcome === 'string') return apiError(c, outcome);
    if ('fields' in outcome) return apiError(c, 'validation', { fields: outcome.fields });
    return c.json({ data: toCustomerJson(outcome.row) }, 200);
  });

  app.openapi(deleteCustomer, async (c) => {
    const { companyId } = c.get('caller');
    const { id } = c.req.valid('param');
    const outcome = await db.withTenant(companyId, async (tx) => {
      const where = and(eq(customers.companyId, companyId), eq(customers.id, id));
      const [current] = await tx.select({ id: customers.id }).from(customers).where(where);
      if (!current) return 'not_found' as const;
      if (await customerInUse(tx, companyId, id)) return 'customer_in_use' as const;
      await tx.delete(customers).where(where);
      return 'deleted' as const;
    });
    if (outcome !== 'deleted') return apiError(c, outcome);
    return c.json({ data: { id } }, 200);
  });

  app.openapi(findCustomerDuplicates, async (c) => {
    const { companyId } = c.get('caller');
    const { email, siret, exceptId } = c.req.valid('query');
    // Compared as the contract stores them: email lower-case, SIRET without spaces.
    const wanted = { email: email?.toLowerCase() ?? '', siret: siret?.replace(/\s/g, '') ?? '' };
    const data = await db.withTenant(companyId, async (tx) => {
      const other = async (column: typeof customers.email | typeof customers.siret, value: string) => {
        if (!value) return null;
        const [row] = await tx
          .select({
            id: customers.id,
            type: customers.type,
            companyName: customers.companyName,
            civility: customers.civility,
            firstName: customers.firstName,
            lastName: customers.lastName,
          })
          .from(customers)
          .where(
            and(
              eq(customers.companyId, companyId),
              eq(column, value),
              exceptId ? ne(customers.id, exceptId) : undefined,
            ),
          )
          .orderBy(asc(customers.id))
          .limit(1);
        return row ?? null;
      };
      return {
        email: await other(customers.email, wanted.email),
        siret: await other(customers.siret, wanted.siret),
      };
    });
    return c.json({ data }, 200);
  });

  app.openapi(getCustomerSettings, async (c) => {
    const { companyId } = c.get('caller');
    const data = await db.withTenant(companyId, async (tx) => {
      const [company] = await tx
        .select({
          paymentDeadline: companies.defaultPaymentDeadline,
          paymentModes: companies.defaultPaymentModes,
        })
        .from(companies)
        .where(eq(companies.id, companyId));
      const { counter, ...format } = await customerCodeFormatOf(tx, companyId);
      // The same skip as takeCustomerCode, without taking the number.
      const next = await firstFreeCustomerNumber(tx, companyId, counter, format);
      return {
        nextCustomerCode: formatCustomerCode(next, format),
        paymentDeadline: company!.paymentDeadline as z.infer<
          typeof CustomerSettingsSchema
        >['paymentDeadline'],
        paymentModes: company!.paymentModes as z.infer<typeof CustomerSettingsSchema>['paymentModes'],
      };
    });
    return c.json({ data }, 200);
  });

  /** The list's total alone (a page past the end). */
  async function countOnly(search: boolean, type: boolean, values: ListValues): Promise<number> {
    const [count] = await db.tenantRead<{ n: number }>(
      values.companyId,
      countStatement(search, type),
      values as unknown as Record<string, unknown>,
    );
    return count?.n ?? 0;
  }

  return app;
}
