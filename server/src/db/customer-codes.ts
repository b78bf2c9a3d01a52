/** Customer codes: the spec's five digits (00001), numbered from the company's counter. */
import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from './database.js';
import { customers } from './schema.js';

export const formatCustomerCode = (n: number): string => String(n).padStart(5, '0');

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
export async function firstFreeCustomerNumber(tx: Tx, companyId: number, n: number): Promise<number> {
  let next = n;
  while (await codeTaken(tx, companyId, formatCustomerCode(next))) next += 1;
  return next;
}
