/**
 * A person's hourly cost set by an admin (issue 24, « Gestion chantier ») with its event
 * `user.hourly_cost_set` in the same transaction: later time entries copy the cost, so the log says
 * who changed it, from what, to what. An unchanged cost writes no event (nothing happened).
 */
import { and, eq } from 'drizzle-orm';
import { formatCents } from '../../../src/contract/format.js';
import { recordIfDone } from '../activity/record.js';
import type { Tx } from '../db/database.js';
import { users } from '../db/schema.js';
import { setHourlyCost } from './site-management.js';

/** `setHourlyCost` and its event; `actorId` is the admin making the change. */
export async function setHourlyCostRecorded(
  tx: Tx,
  companyId: number,
  actorId: number,
  userId: number,
  hourlyCostCents: number | null,
) {
  const [before] = await tx
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      cost: users.hourlyCostCents,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  const outcome = await setHourlyCost(tx, companyId, userId, hourlyCostCents);
  return recordIfDone(tx, outcome, () => {
    if (!before || before.cost === hourlyCostCents) return null;
    const name = `${before.firstName} ${before.lastName}`.trim() || before.email;
    return {
      companyId,
      userId: actorId,
      kind: 'user.hourly_cost_set',
      objectId: userId,
      label:
        hourlyCostCents === null
          ? `Coût horaire de ${name} : celui de la société (main-d'œuvre chargée)`
          : `Coût horaire de ${name} : ${formatCents(hourlyCostCents)} de l'heure`,
      details: { previousHourlyCostCents: before.cost, hourlyCostCents },
    };
  });
}
