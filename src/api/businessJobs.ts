/** Business jobs (affaires), as server/src/schemas/invoicing.ts defines them. */
import * as v from 'valibot';
import { getJson, postJson } from './client';
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
  }),
  lock: lockSchema,
  /** A year after the reception date (null before it); absent from servers that do not send it. */
  retainageReleaseDate: v.optional(v.nullable(isoDate)),
});
export type BusinessJobDetail = v.InferOutput<typeof businessJobDetailSchema>;

const jobPageAnswer = v.object({ data: v.array(businessJobSchema), info: v.object({ hits: v.number() }) });
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

const jobAnswer = v.object({ data: businessJobDetailSchema });

export async function getBusinessJob(enterpriseId: number, id: number): Promise<BusinessJobDetail> {
  return (await getJson(`${jobsPath(enterpriseId)}/${id}`, jobAnswer)).data;
}

/**
 * Sets or clears the works-reception date, with the version read (409 stale_version otherwise;
 * clearing it is refused while the retainage has payments: retainage_already_paid).
 */
export async function editBusinessJob(
  enterpriseId: number,
  id: number,
  version: number,
  changes: { deliveryDate: string | null },
): Promise<BusinessJobDetail> {
  return (await postJson(`${jobsPath(enterpriseId)}/${id}/edit`, jobAnswer, { id, version, ...changes }))
    .data;
}
