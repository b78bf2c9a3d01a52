/** What every tenant query is fenced with: the non-owner role and the company setting that RLS reads. */

/** The non-owner role the app switches to for tenant queries (created by migration 0001). */
export const appRole = 'bo_app';

/** The company of a tenant query, checked: it is written into SQL as a literal. */
export function tenantCompany(companyId: number): number {
  // From a verified token, never a string from the request: a positive safe integer.
  if (!Number.isSafeInteger(companyId) || companyId <= 0) throw new Error('Invalid tenant company id');
  return companyId;
}
