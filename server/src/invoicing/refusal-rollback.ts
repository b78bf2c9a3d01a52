/**
 * A refused change writes nothing (issue 26, item 11). A change to a record under an edit lock
 * takes this session's lock first (`lockForEdit`), then asks the domain; a refusal returned from
 * the tenant transaction used to commit that lock, so a refused revert or cancel left the invoice
 * read-only for 15 minutes in the user's other tab or session. Run through here, a refusal rolls
 * the whole transaction back: the lock (and anything else written before the refusal) is as it was.
 */
import type { Database, Tx } from '../db/database.js';
import type { ErrorKey } from '../http/errors.js';
import type { Outcome } from './outcome.js';

/** Carries a refusal out of the transaction it rolls back (thrown, so the runner rolls back). */
class RolledBack extends Error {
  constructor(readonly outcome: Outcome<never, ErrorKey>) {
    super('refused: rolled back');
  }
}

/**
 * `work` in one tenant transaction: committed when it succeeds, rolled back when it answers a
 * refusal (returned as is). An error thrown by `work` propagates as before.
 */
export async function withTenantUnlessRefused<T, K extends ErrorKey>(
  db: Pick<Database, 'withTenant'>,
  companyId: number,
  work: (tx: Tx) => Promise<Outcome<T, K>>,
): Promise<Outcome<T, K>> {
  try {
    return await db.withTenant(companyId, async (tx) => {
      const outcome = await work(tx);
      if (!outcome.ok) throw new RolledBack(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome as Outcome<T, K>;
    throw error;
  }
}
