/** Business jobs (affaires), as server/src/schemas/invoicing.ts defines them. */
import * as v from 'valibot';
import type { JobInput } from '../contract/jobs';
import { getJson, postJson } from './client';
import { paymentModes } from './customers';
import { invoiceSummarySchema, isoDate, lockSchema, queryString } from './invoices';
import { quoteSchema } from './quotes';

const businessJobSchema = v.object({
  id: v.number(),
  version: v.number(),
  name: v.string(),
  customerId: v.number(),
  customerName: v.string(),
  siteAddress: v.string(),
  /** Works-reception date: once set, no invoice of the job may return to PROVISOIRE. */
  deliveryDate: v.nullable(isoDate),
  retainageBasisPoints: v.number(),
  /** Who follows the job (Mes affaires); null without an owner. */
  ownerUserId: v.nullable(v.number()),
  ownerName: v.nullable(v.string()),
  createdAt: v.string(),
});
export type BusinessJob = v.InferOutput<typeof businessJobSchema>;

const businessJobDetailSchema = v.object({
  ...businessJobSchema.entries,
  quotes: v.array(quoteSchema),
  invoices: v.array(invoiceSummarySchema),
  amounts: v.object({
    quotedExclTaxCents: v.number(),
    quotedInclTaxCents: v.number(),
    invoicedExclTaxCents: v.number(),
    invoicedInclTaxCents: v.number(),
    paidCents: v.number(),
    remainingCents: v.number(),
    retainageCents: v.number(),
    retainagePaidCents: v.number(),
    /** « Reste à facturer »: what its accepted quotes still leave to invoice, excl. tax. */
    toInvoiceExclTaxCents: v.number(),
  }),
  /** A year after the reception date; null before it. */
  retainageReleaseDate: v.nullable(isoDate),
  /** Payments of the job's invoices, oldest first. */
  payments: v.array(
    v.object({
      id: v.number(),
      paidOn: isoDate,
      invoiceId: v.number(),
      invoiceNumber: v.nullable(v.string()),
      mode: v.picklist(paymentModes),
      amountCents: v.number(),
      isRetainage: v.boolean(),
    }),
  ),
  lock: lockSchema,
});
export type BusinessJobDetail = v.InferOutput<typeof businessJobDetailSchema>;

/** The answers, for the data layer's stores (src/features/jobs/jobStores.ts). */
export const jobPageAnswer = v.object({
  data: v.array(businessJobSchema),
  info: v.object({ hits: v.number() }),
});
export type BusinessJobPage = v.InferOutput<typeof jobPageAnswer>;

export interface BusinessJobQuery {
  q?: string;
  customerId?: number;
  /** Mes affaires: the jobs of the signed-in user. */
  mine?: boolean;
  limit?: number;
  offset?: number;
}

const jobsPath = (enterpriseId: number) => `/v2/companies/${enterpriseId}/business-jobs`;

export function listBusinessJobs(
  enterpriseId: number,
  query: BusinessJobQuery = {},
): Promise<BusinessJobPage> {
  return getJson(
    `${jobsPath(enterpriseId)}${queryString({ ...query, mine: query.mine ? 'true' : undefined })}`,
    jobPageAnswer,
  );
}

export const jobAnswer = v.object({ data: businessJobDetailSchema });

export async function getBusinessJob(enterpriseId: number, id: number): Promise<BusinessJobDetail> {
  return (await getJson(`${jobsPath(enterpriseId)}/${id}`, jobAnswer)).data;
}

/**
 * A new job: a customer and an owner of the company (404 not_found otherwise); no `ownerUserId`
 * makes it the caller's.
 */
export async function createBusinessJob(
  enterpriseId: number,
  input: Omit<JobInput, 'ownerUserId' | 'deliveryDate'> &
    Partial<Pick<JobInput, 'ownerUserId' | 'deliveryDate'>>,
): Promise<BusinessJobDetail> {
  return (await postJson(jobsPath(enterpriseId), jobAnswer, input)).data;
}

/**
 * Changes any field of the job (a customer or owner of the company, 404 otherwise), with the
 * version read (409 stale_version otherwise; clearing the reception date is refused while the
 * retainage has payments: retainage_already_paid).
 */
export async function editBusinessJob(
  enterpriseId: number,
  id: number,
  version: number,
  changes: Partial<JobInput>,
): Promise<BusinessJobDetail> {
  return (await postJson(`${jobsPath(enterpriseId)}/${id}/edit`, jobAnswer, { id, version, ...changes }))
    .data;
}
