/**
 * The preferences' calls (issue 12): company information and logo, VAT rates, customer code
 * format, costs, Mon compte, a new user with their invitation, the notifications with a read filter.
 * Errors are ApiErrors (the forms say them in French); answers are checked at the boundary.
 */
import { z } from 'zod';
import {
  type Account,
  type AccountInput,
  accountSchema,
  type CompanyInput,
  type CompanySettings,
  type CostSettings,
  type CostsInput,
  type CustomerCodeFormat,
  type CustomerCodeSettings,
  companySettingsSchema,
  costSettingsSchema,
  customerCodeSettingsSchema,
  type Invitation,
  invitationSchema,
  type PasswordChange,
  type VatRate,
  type VatRateDetail,
  type VatRateInput,
  vatRateDetailSchema,
  vatRateSchema,
} from '../contract/preferences';
import { userSchema } from '../contract/users';
import { logger } from '../logging/logger';
import { api, getJson, parseAnswer, postJson } from './client';
import { listAnswer, type NotificationPage } from './notifications';
import type { NewUser } from './users';

/**
 * Types and the answers' schemas are the shared contract's (src/contract/preferences.ts): the server
 * declares its answers with the same schemas, parsed here at the boundary.
 */
export type {
  Account,
  CompanySettings,
  CostSettings,
  CustomerCodeSettings,
  Invitation,
  VatRate,
  VatRateDetail,
};

const data = <Schema extends z.ZodType>(schema: Schema) => z.object({ data: schema });
const company = (enterpriseId: number) => `/v2/companies/${enterpriseId}`;

export const getCompanySettings = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/company`, data(companySettingsSchema))).data;

export const editCompanySettings = async (enterpriseId: number, input: CompanyInput & { version: number }) =>
  (await postJson(`${company(enterpriseId)}/settings/company/edit`, data(companySettingsSchema), input)).data;

/** The file's bytes as the body, typed by the browser's own reading of the file. */
export async function uploadLogo(enterpriseId: number, file: Blob): Promise<CompanySettings> {
  const body = await api()
    .url(`${company(enterpriseId)}/logo`)
    .headers({ 'Content-Type': file.type })
    .body(file)
    .post()
    .json();
  return parseAnswer(data(companySettingsSchema), `${company(enterpriseId)}/logo`, body).data;
}

/** The logo's bytes (the API needs the bearer token, so an <img> cannot ask itself). */
export const fetchLogo = (path: string): Promise<Blob> => api().get(path).blob();

export const listVatRates = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/vat-rates`, data(z.array(vatRateSchema)))).data;

export const getVatRate = async (enterpriseId: number, id: number) =>
  (await getJson(`${company(enterpriseId)}/vat-rates/${id}`, data(vatRateDetailSchema))).data;

export const createVatRate = async (enterpriseId: number, input: VatRateInput) =>
  (await postJson(`${company(enterpriseId)}/vat-rates`, data(vatRateDetailSchema), input)).data;

export const editVatRate = async (
  enterpriseId: number,
  id: number,
  input: VatRateInput & { version: number },
) =>
  (
    await postJson(`${company(enterpriseId)}/vat-rates/${id}/edit`, data(vatRateDetailSchema), {
      id,
      ...input,
    })
  ).data;

/** POST …/delete; 409 `vat_rate_in_use` (an invoice, a quote or a library item names it) or `vat_default_required`. */
export const deleteVatRate = async (enterpriseId: number, id: number): Promise<void> => {
  await postJson(`${company(enterpriseId)}/vat-rates/${id}/delete`, data(z.object({ id: z.number() })));
};

export const getCustomerCodeSettings = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/customer-code`, data(customerCodeSettingsSchema))).data;

/** The changed fields with the version read (409 stale_version when another save came first). */
export const editCustomerCodeSettings = async (
  enterpriseId: number,
  input: Partial<CustomerCodeFormat> & { version: number },
) =>
  (await postJson(`${company(enterpriseId)}/settings/customer-code`, data(customerCodeSettingsSchema), input))
    .data;

export const getCostSettings = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/costs`, data(costSettingsSchema))).data;

export const editCostSettings = async (enterpriseId: number, input: CostsInput & { version: number }) =>
  (await postJson(`${company(enterpriseId)}/settings/costs`, data(costSettingsSchema), input)).data;

export const getAccount = async () => (await getJson('/v2/account', data(accountSchema))).data;

export const editAccount = async (input: AccountInput) =>
  (await postJson('/v2/account/edit', data(accountSchema), input)).data;

export const changePassword = async (input: PasswordChange) =>
  postJson('/v2/account/password', z.object({ status: z.literal('ok') }), input);

/** POST users (spec section 7) with the invitation link the answer carries beside data. */
export async function createUserWithInvitation(enterpriseId: number, user: NewUser) {
  const answer = await postJson(
    `${company(enterpriseId)}/users`,
    z.object({ data: userSchema, invitation: invitationSchema.nullable() }),
    user,
  );
  return { user: answer.data, invitation: answer.invitation };
}

/**
 * GET /v2/notifications with the settings centre's read filter (the bell's own call stays in the
 * first load untouched); undefined when it fails, as the bell's.
 */
export async function fetchNotificationsByRead(
  limit: number,
  offset: number,
  read?: boolean,
): Promise<NotificationPage | undefined> {
  const filter = read === undefined ? '' : `&read=${read}`;
  try {
    return await getJson(`/v2/notifications?limit=${limit}&offset=${offset}${filter}`, listAnswer);
  } catch (error) {
    logger.error('Error getting notifications', { error, labels: { limit, offset, read } });
    return undefined;
  }
}
