/**
 * Customer codes: the company's format (a prefix, then the counter on its digits; by default the
 * spec's five digits, 00001), numbered from the company's counter.
 */
import { and, eq, ne } from 'drizzle-orm';
import { formatCustomerCode } from '../../../src/contract/preferences.js';
import type { Tx } from './database.js';
import { companies, customers } from './schema.js';

export { formatCustomerCode };

type CodeFormat = { prefix: string; digits: number };

/** The company's format and counter (preferences, Clients). */
export async function customerCodeFormatOf(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({
      prefix: companies.customerCodePrefix,
      digits: companies.customerCodeDigits,
      counter: companies.customerCodeCounter,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!;
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
