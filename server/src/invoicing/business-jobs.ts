/**
 * Business job (affaire) operations: create and edit (name, customer, site address, works-reception
 * date, retainage, owner: a user of the company). A customer or an owner of another company is
 * unknown here (404 not_found, like any foreign id). Removing the reception date once retainage has
 * been paid is refused (domain).
 */
import { and, eq } from 'drizzle-orm';
import { formatIsoDate } from '../../../src/contract/format.js';
import { recordActivity } from '../activity/record.js';
import type { Tx } from '../db/database.js';
import { businessJobs, invoices, payments } from '../db/schema.js';
import { checkClearReceptionDate } from '../domain/index.js';
import { lockForEdit } from './edit-locks.js';
import type { Actor } from './invoices.js';
import { customerExists, loadJob, userOfCompany } from './load.js';
import { done, fail, type Outcome } from './outcome.js';

export interface JobInput {
  name: string;
  customerId: number;
  siteAddress: string;
  deliveryDate: string | null;
  retainageBasisPoints: number;
}

/** An edit may also hand the job to another user of the company, or to nobody (null). */
export interface JobChanges extends Partial<JobInput> {
  ownerUserId?: number | null;
}

export async function createBusinessJob(
  tx: Tx,
  companyId: number,
  input: JobInput,
  /** The owner: a user of the company, or null for none (the route gives the caller by default). */
  ownerUserId: number | null,
  /** Who creates it (the activity log); null: the system. */
  by: number | null = null,
): Promise<Outcome<number>> {
  if (!(await customerExists(tx, companyId, input.customerId))) return fail('not_found');
  if (ownerUserId !== null && !(await userOfCompany(tx, companyId, ownerUserId))) return fail('not_found');
  const [row] = await tx
    .insert(businessJobs)
    .values({ companyId, ...input, ownerUserId })
    .returning({ id: businessJobs.id });
  await recordActivity(tx, {
    companyId,
    userId: by,
    kind: 'business_job.created',
    objectId: row!.id,
    label: `Affaire ${input.name} créée`,
    details: { customerId: input.customerId },
  });
  return done(row!.id);
}

export async function editBusinessJob(
  tx: Tx,
  companyId: number,
  id: number,
  input: JobChanges,
  actor: Actor,
): Promise<Outcome<number>> {
  const locked = await lockForEdit(tx, companyId, 'business_job', id, actor, () =>
    loadJob(tx, companyId, id, true),
  );
  if (!locked.ok) return locked;
  const job = locked.value;
  if (input.customerId !== undefined && !(await customerExists(tx, companyId, input.customerId))) {
    return fail('not_found');
  }
  // Another company's user, or no user, is unknown here: the same 404 as any foreign id.
  if (typeof input.ownerUserId === 'number' && !(await userOfCompany(tx, companyId, input.ownerUserId))) {
    return fail('not_found');
  }
  if (job.deliveryDate && input.deliveryDate === null) {
    const paid = await tx
      .select({ amount: payments.amountCents })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(
        and(
          eq(payments.companyId, companyId),
          eq(payments.isRetainage, true),
          eq(invoices.businessJobId, id),
        ),
      );
    const allowed = checkClearReceptionDate(paid.map((p) => p.amount));
    if (!allowed.ok) return fail(allowed.key);
  }
  await tx
    .update(businessJobs)
    .set({ ...input, version: job.version + 1 })
    .where(eq(businessJobs.id, id));
  // The reception date starts the retainage's year (spec): the log keeps when it was set.
  if (input.deliveryDate && input.deliveryDate !== job.deliveryDate) {
    await recordActivity(tx, {
      companyId,
      userId: actor.userId ?? null,
      kind: 'business_job.reception_date_set',
      objectId: id,
      label: `Affaire ${input.name ?? job.name} : réception des travaux le ${formatIsoDate(input.deliveryDate)}`,
      details: { deliveryDate: input.deliveryDate, previous: job.deliveryDate },
    });
  }
  return done(id);
}
