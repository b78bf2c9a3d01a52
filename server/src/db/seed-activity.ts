/**
 * The demo company's activity log (issue 24). The seed makes its customers, jobs, quotes, invoices
 * and payments through the same operations as the API (seed.ts), and those write their events in
 * their own transaction, as they always do. What the seed cannot give them is the past: it runs in
 * one transaction (now), so here, as the owner (bo_app may never change an event: migration 0041),
 * each event is dated by the day its object carries — a customer before its job, a job before its
 * quote, a payment on its day — so that « Suivi d'activité » reads as months of real work.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from './database.js';
import { activityEvents, customers } from './schema.js';

/** Paris office hours, in UTC (winter time): a day's event at `hour` o'clock. */
const at = (day: string, hour: number, minute = 0) =>
  new Date(`${day}T${String(hour - 1).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);

export async function seedActivityHistory(tx: Tx, companyId: number, adminId: number): Promise<void> {
  // Customers were inserted directly (with their codes): their « created » events, a few days
  // before their first job's quote.
  const rows = await tx
    .select({
      id: customers.id,
      code: customers.customerCode,
      name: sql<string>`coalesce(nullif(${customers.companyName}, ''), trim(${customers.firstName} || ' ' || ${customers.lastName}))`,
      firstQuote: sql<
        string | null
      >`(select min(q.date)::text from quotes q where q.company_id = ${companyId} and q.customer_id = ${customers.id})`,
    })
    .from(customers)
    .where(sql`${customers.companyId} = ${companyId}`)
    .orderBy(customers.id);
  for (const row of rows) {
    const day = row.firstQuote
      ? new Date(Date.parse(row.firstQuote) - 3 * 86_400_000).toISOString().slice(0, 10)
      : new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10);
    await tx.insert(activityEvents).values({
      companyId,
      userId: adminId,
      kind: 'customer.created',
      objectType: 'customer',
      objectId: row.id,
      label: `Client ${row.code} ${row.name} créé`,
      occurredAt: at(day, 9, row.id % 50),
    });
  }
  // Each object's day, at a plausible hour. Events the operations dated themselves (validations,
  // sendings, answers) keep their time.
  await tx.execute(sql`
    update activity_events e set occurred_at = d.day
    from (
      select e2.id, (case
        when e2.kind = 'business_job.created' then
          (select (min(q.date) - 1)::timestamp + interval '8 hours 15 minutes' from quotes q
            where q.company_id = e2.company_id and q.business_job_id = e2.object_id)
        when e2.kind = 'quote.created' then
          (select q.date::timestamp + interval '7 hours 40 minutes' from quotes q
            where q.company_id = e2.company_id and q.id = e2.object_id)
        when e2.kind = 'payment.recorded' then
          (select p.paid_on::timestamp + interval '13 hours' + (p.id % 60) * interval '1 minute' from payments p
            where p.company_id = e2.company_id and p.id = e2.object_id)
        when e2.kind = 'invoice.cancelled' then
          (select i.date::timestamp + interval '10 hours 30 minutes' from invoices i
            where i.company_id = e2.company_id and i.id = (e2.details->>'creditNoteId')::integer)
        when e2.kind = 'business_job.reception_date_set' then
          (e2.details->>'deliveryDate')::date::timestamp + interval '16 hours'
      end) at time zone 'Europe/Paris' as day
      from activity_events e2
      where e2.company_id = ${companyId}
    ) d
    where e.id = d.id and d.day is not null`);
}
