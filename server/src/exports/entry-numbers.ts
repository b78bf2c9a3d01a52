/**
 * The FEC's entry numbers (EcritureNum): article A47 A-1 of the LPF asks for « le numéro sur une
 * séquence continue de l'écriture comptable » and entries « classées par ordre chronologique de
 * validation ». Each validated invoice (sales journal) and each payment received (bank journal) gets
 * the company's next number once, in the order they were validated (an invoice's validation, a
 * payment's recording), sales before payments at the same instant; the number never changes after,
 * so a FEC of any range shows the numbers the entries have always had.
 *
 * Numbers are given to every entry that has none yet, under the company's locked counter row
 * (db/counters.ts, series `accounting_entry`), in the caller's transaction. The FEC export
 * calls it before it reads; validation and payment recording may call it in their own transaction
 * to number at the very moment (both orders give the same numbers: whatever was validated earlier
 * was numbered before, by whichever came first).
 */
import { sql } from 'drizzle-orm';
import { lockSeries, type Series, takeNumbers } from '../db/counters.js';
import { rowsOf, type Tx } from '../db/database.js';

/** The counter's series: one continuous sequence per company, all journals together. */
export const ENTRY_SEQUENCE = 'accounting_entry' as const;
const entrySeries: Series = { name: ENTRY_SEQUENCE };

/** Numbers every validated invoice and every payment (that moves money) without a number yet. */
export async function numberNewEntries(tx: Tx, companyId: number): Promise<void> {
  // The lock: concurrent exports (and validations) number one after the other. Under READ
  // COMMITTED the statements below see what the one before us committed.
  const { last } = await lockSeries(tx, companyId, entrySeries);
  const inserted = await tx.execute(sql`
    insert into accounting_entries (company_id, number, invoice_id, payment_id, validated_at)
    select ${companyId}, ${last}::int + row_number() over (order by t.at, t.journal, t.id), t.invoice_id, t.payment_id, t.at
    from (
      select coalesce(i.validated_at, i.created_at) as at, 0 as journal, i.id, i.id as invoice_id, null::int as payment_id
      from invoices i
      where i.company_id = ${companyId} and i.status = 'VALIDATED'
        and not exists (select 1 from accounting_entries e where e.company_id = ${companyId} and e.invoice_id = i.id)
      union all
      select p.recorded_at, 1, p.id, null, p.id
      from payments p
      where p.company_id = ${companyId} and p.amount_cents <> 0
        and not exists (select 1 from accounting_entries e where e.company_id = ${companyId} and e.payment_id = p.id)
    ) t
    returning number`);
  const count = rowsOf(inserted).length;
  // The numbers just given, taken from the counter (the row is ours: they are last + 1 … last + count).
  if (count > 0) await takeNumbers(tx, companyId, entrySeries, { count });
}
