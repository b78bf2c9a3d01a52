/**
 * Business jobs (affaires). The answers' schemas are the shared contract's (src/contract/jobs.ts):
 * the server declares its answers with the same ones (server/src/schemas/invoicing.ts), parsed here
 * at the boundary.
 */

import { z } from 'zod';
import { businessJobDetailSchema, businessJobSchema, type JobInput } from '../contract/jobs';
import { lazy } from '../contract/lazy';
import { listPageSchema } from '../contract/lists';
import { getJson, postJson } from './client';
import { queryString } from './invoices';

export type BusinessJob = z.output<typeof businessJobSchema>;
export type BusinessJobDetail = z.output<typeof businessJobDetailSchema>;

/** The answers, for the data layer's stores (src/features/jobs/jobStores.ts). */
export const jobPageAnswer = lazy(() => listPageSchema(businessJobSchema));
export type BusinessJobPage = z.output<typeof jobPageAnswer>;

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

export const jobAnswer = lazy(() => z.object({ data: businessJobDetailSchema }));

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
