/**
 * « Suivi d'activité »'s calls (issue 24), as server/src/schemas/activity.ts answers them: a page of
 * the activity log, newest first, and the path of its CSV export with the same filters. Answers are
 * checked here (valibot, the page bundle's parser).
 */
import * as v from 'valibot';
import {
  type ActivityFilters,
  type ActivityObjectType,
  activityKinds,
  activityObjectTypes,
} from '../../contract/activity';
import { clientPaths, customerPath, dealPath, invoicePath, quotePath } from '../../routes/paths';

const int = () => v.pipe(v.number(), v.integer());

export const activityEventSchema = v.object({
  id: int(),
  occurredAt: v.string(),
  kind: v.picklist(activityKinds),
  userId: v.nullable(int()),
  userName: v.nullable(v.string()),
  objectType: v.picklist(activityObjectTypes),
  objectId: v.nullable(int()),
  label: v.string(),
  details: v.record(v.string(), v.unknown()),
});
export type ActivityEventRow = v.InferOutput<typeof activityEventSchema>;

export const activityPageAnswer = v.object({ data: v.array(activityEventSchema), total: int() });
export type ActivityPage = v.InferOutput<typeof activityPageAnswer>;

/** The query string of the filters (empty ones left out). */
export function activitySearch(filters: ActivityFilters, page?: { limit: number; offset: number }): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== '' && value !== null) search.set(key, String(value));
  if (page) {
    search.set('limit', String(page.limit));
    search.set('offset', String(page.offset));
  }
  return search.toString();
}

/** Where an event's object is shown; null when it is gone (a deleted customer, bank, payment). */
export function activityObjectLink(event: ActivityEventRow): string | null {
  if (event.kind.endsWith('.deleted')) return null;
  const id = event.objectId;
  const byType: Record<ActivityObjectType, () => string | null> = {
    customer: () => (id === null ? null : customerPath(id)),
    business_job: () => (id === null ? null : dealPath(id)),
    quote: () => (id === null ? null : quotePath(id)),
    invoice: () => (id === null ? null : invoicePath(id)),
    // A payment is shown with its invoice.
    payment: () => {
      const invoiceId = event.details.invoiceId;
      return typeof invoiceId === 'number' ? invoicePath(invoiceId) : clientPaths.paymentsReceived;
    },
    bank: () => clientPaths.bankManagement,
    vat_rate: () => clientPaths.vatManagement,
    settings: () => clientPaths.preferences,
    user: () => clientPaths.userManagement,
  };
  return byType[event.objectType]();
}
