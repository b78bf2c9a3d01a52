/**
 * Customers of a company (spec section 3): one, create, versioned edit, delete while no document
 * uses it, the duplicates warning and the form's general defaults. Routes validate and call these;
 * the list is ./list.ts.
 */
import type { z } from '@hono/zod-openapi';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { customerInputSchema } from '../../../src/contract/customers.js';
import {
  codeTaken,
  customerCodeFormatOf,
  firstFreeCustomerNumber,
  formatCustomerCode,
  takeCustomerCode,
} from '../db/customer-codes.js';
import type { Database, Tx } from '../db/database.js';
import { businessJobs, companies, customers, invoices, quotes } from '../db/schema.js';
import { fieldsOf } from '../http/validation.js';
import { done, fail, staleVersion } from '../invoicing/outcome.js';
import type {
  CreateCustomerSchema,
  CustomerDuplicatesQuery,
  CustomerSchema,
  CustomerSettingsSchema,
  EditCustomerSchema,
} from '../schemas/customers.js';

type CustomerRow = typeof customers.$inferSelect;
export type CustomerJson = z.infer<typeof CustomerSchema>;
type CustomerSettings = z.infer<typeof CustomerSettingsSchema>;

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

const customerWhere = (companyId: number, id: number) =>
  and(eq(customers.companyId, companyId), eq(customers.id, id));

/** One customer of the company (null: none with this id). */
export async function getCustomer(db: Database, companyId: number, id: number): Promise<CustomerJson | null> {
  const [row] = await db.withTenant(companyId, (tx) =>
    tx.select().from(customers).where(customerWhere(companyId, id)),
  );
  return row ? toCustomerJson(row) : null;
}

/** A new customer, its code the next generated one unless given (a taken code needs keepDuplicateCode). */
export async function createCustomer(
  tx: Tx,
  companyId: number,
  { customerCode, keepDuplicateCode, ...fields }: z.output<typeof CreateCustomerSchema>,
) {
  if (customerCode && !keepDuplicateCode && (await codeTaken(tx, companyId, customerCode))) {
    return fail('customer_code_exists');
  }
  const code = customerCode ?? (await takeCustomerCode(tx, companyId));
  const [row] = await tx
    .insert(customers)
    .values({ ...fields, companyId, customerCode: code, customerCodeAuto: customerCode === undefined })
    .returning();
  return done(toCustomerJson(row!));
}

/** The changed fields, with the version read; the customer they leave is checked whole. */
export async function editCustomer(
  tx: Tx,
  companyId: number,
  id: number,
  { id: _id, version, customerCode, keepDuplicateCode, ...changes }: z.output<typeof EditCustomerSchema>,
) {
  const where = customerWhere(companyId, id);
  const [current] = await tx.select().from(customers).where(where);
  if (!current) return fail('not_found');
  if (version === undefined) return fail('validation', { version: 'required' });
  if (staleVersion(current.version, version)) return fail('stale_version');
  const fields = editIssues(current, changes);
  if (fields) return fail('validation', fields);
  const codeChange = customerCode !== undefined && customerCode !== current.customerCode;
  if (codeChange && !keepDuplicateCode && (await codeTaken(tx, companyId, customerCode, id))) {
    return fail('customer_code_exists');
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
  return row ? done(toCustomerJson(row)) : fail('stale_version');
}

/** Deletes a customer that no business job, quote or invoice names. */
export async function deleteCustomer(tx: Tx, companyId: number, id: number) {
  const where = customerWhere(companyId, id);
  const [current] = await tx.select({ id: customers.id }).from(customers).where(where);
  if (!current) return fail('not_found');
  if (await customerInUse(tx, companyId, id)) return fail('customer_in_use');
  await tx.delete(customers).where(where);
  return done({ id });
}

/** The first other customer with this email, and with this SIRET (a warning, never a refusal). */
export async function findCustomerDuplicates(
  db: Database,
  companyId: number,
  { email, siret, exceptId }: z.output<typeof CustomerDuplicatesQuery>,
) {
  // Compared as the contract stores them: email lower-case, SIRET without spaces.
  const wanted = { email: email?.toLowerCase() ?? '', siret: siret?.replace(/\s/g, '') ?? '' };
  return db.withTenant(companyId, async (tx) => {
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
}

/** The company's general payment deadline and modes, and the next generated customer code. */
export function customerSettings(db: Database, companyId: number): Promise<CustomerSettings> {
  return db.withTenant(companyId, async (tx) => {
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
      paymentDeadline: company!.paymentDeadline as CustomerSettings['paymentDeadline'],
      paymentModes: company!.paymentModes as CustomerSettings['paymentModes'],
    };
  });
}
