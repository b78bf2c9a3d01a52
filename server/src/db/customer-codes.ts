/**
 * Customer codes: the company's format (a prefix, then the counter on its digits; by default the
 * spec's five digits, 00001; the shared contract formats it), numbered from the company's
 * `customer` series of the locked counter (db/counters.ts).
 */
import { and, eq, ne } from 'drizzle-orm';
import { formatCustomerCode } from '../../../src/contract/preferences.js';
import { readSeries, type Series, setNextNumber, takeNext } from './counters.js';
import type { Tx } from './database.js';
import { companies, customers } from './schema.js';

export { formatCustomerCode };

type CodeFormat = { prefix: string; digits: number };

/** The company's series of customer codes: one, never restarting. */
export const customerCodeSeries: Series = { name: 'customer' };

async function formatOf(tx: Tx, companyId: number): Promise<CodeFormat> {
  const [row] = await tx
    .select({ prefix: companies.customerCodePrefix, digits: companies.customerCodeDigits })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!;
}

/** The company's format and counter, the number the next customer takes (preferences, Clients). */
export async function customerCodeFormatOf(tx: Tx, companyId: number) {
  const { last } = await readSeries(tx, companyId, customerCodeSeries);
  return { ...(await formatOf(tx, companyId)), counter: last + 1 };
}

/** Sets the number the next customer takes (the settings' « prochaine valeur »). */
export function setNextCustomerNumber(tx: Tx, companyId: number, next: number): Promise<void> {
  return setNextNumber(tx, companyId, customerCodeSeries, next);
}

/**
 * Takes the next free code for a new customer, in the caller's transaction: the counter row stays
 * locked until it ends (concurrent creations queue; a failed one gives its number back). Numbers
 * held by manual codes are skipped: the counter moves past them.
 */
export async function takeCustomerCode(tx: Tx, companyId: number): Promise<string> {
  let n = await takeNext(tx, companyId, customerCodeSeries);
  // Read after the lock: a format saved meanwhile is either all before this code or all after it.
  const format = await formatOf(tx, companyId);
  while (await codeTaken(tx, companyId, formatCustomerCode(n, format))) {
    n = await takeNext(tx, companyId, customerCodeSeries);
  }
  return formatCustomerCode(n, format);
}

export async function codeTaken(
  tx: Tx,
  companyId: number,
  code: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        eq(customers.customerCode, code),
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The first number from `n` whose code no customer holds yet (a manual code may hold one). */
export async function firstFreeCustomerNumber(
  tx: Tx,
  companyId: number,
  n: number,
  format: CodeFormat,
): Promise<number> {
  let next = n;
  while (await codeTaken(tx, companyId, formatCustomerCode(next, format))) next += 1;
  return next;
}
