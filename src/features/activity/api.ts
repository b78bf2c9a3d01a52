/**
 * « Suivi d'activité »'s calls (issue 24), as server/src/schemas/activity.ts answers them: a page of
 * the activity log, newest first, and the path of its CSV export with the same filters. Answers are
 * parsed with the shared contract's schemas (src/contract/activity.ts), as the server declares them.
 */
import type { z } from 'zod';
import {
  type ActivityEvent,
  type ActivityFilters,
  type ActivityObjectType,
  activityPageSchema,
} from '../../contract/activity';
import { clientPaths, customerPath, dealPath, invoicePath, quotePath } from '../../routes/paths';

export type ActivityEventRow = ActivityEvent;

export const activityPageAnswer = activityPageSchema;
export type ActivityPage = z.output<typeof activityPageAnswer>;

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
