/**
 * The preferences' calls (issue 12): company information and logo, VAT rates, customer code
 * format, costs, Mon compte, a new user with their invitation, the notifications with a read filter.
 * Errors are ApiErrors (the forms say them in French); answers are checked at the boundary.
 */
import * as v from 'valibot';
import { eachField } from '../contract/fields';
import {
  type AccountInput,
  type CompanyInput,
  type CostsInput,
  type CustomerCodeFormat,
  companyInputSchema,
  costsInputSchema,
  type PasswordChange,
  type VatRateInput,
} from '../contract/preferences';
import { logger } from '../logging/logger';
import { api, getJson, postJson } from './client';
import { listAnswer, type NotificationPage } from './notifications';
import { type NewUser, userSchema } from './users';

const int = () => v.pipe(v.number(), v.integer());

const companySchema = v.object({
  ...eachField(companyInputSchema.shape, v.string),
  capitalCents: int(),
  foundationDate: v.nullable(v.string()),
  workforce: int(),
  logo: v.nullable(v.string()),
  version: int(),
});
export type CompanySettings = v.InferOutput<typeof companySchema>;

const vatRateSchema = v.object({
  id: int(),
  internalName: v.string(),
  pdfName: v.string(),
  regulatoryText: v.string(),
  customerCertificateText: v.string(),
  showInSummary: v.boolean(),
  basisPoints: int(),
  isDefault: v.boolean(),
  vatAccountCode: v.string(),
  productAccountCode: v.string(),
});
export type VatRate = v.InferOutput<typeof vatRateSchema>;
const vatRateDetailSchema = v.object({ ...vatRateSchema.entries, version: int(), used: v.boolean() });
export type VatRateDetail = v.InferOutput<typeof vatRateDetailSchema>;

const customerCodeSchema = v.object({
  prefix: v.string(),
  digits: int(),
  nextValue: int(),
  nextCode: v.string(),
  version: int(),
});
export type CustomerCodeSettings = v.InferOutput<typeof customerCodeSchema>;

const costsSchema = v.object({
  ...eachField(costsInputSchema.shape, int),
  version: int(),
  computed: v.object({
    employerChargesCents: int(),
    mocCostCents: int(),
    structureHourlyCents: int(),
    hourlyCostCents: int(),
    hourlySalePriceCents: int(),
  }),
});
export type CostSettings = v.InferOutput<typeof costsSchema>;

const accountSchema = v.object({ ...userSchema.entries, enterpriseId: int() });
export type Account = v.InferOutput<typeof accountSchema>;

const invitationSchema = v.object({ url: v.string(), expiresAt: v.string() });
export type Invitation = v.InferOutput<typeof invitationSchema>;

const data = <S extends v.GenericSchema>(schema: S) => v.object({ data: schema });
const company = (enterpriseId: number) => `/v2/companies/${enterpriseId}`;

export const getCompanySettings = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/company`, data(companySchema))).data;

export const editCompanySettings = async (enterpriseId: number, input: CompanyInput & { version: number }) =>
  (await postJson(`${company(enterpriseId)}/settings/company/edit`, data(companySchema), input)).data;

/** The file's bytes as the body, typed by the browser's own reading of the file. */
export async function uploadLogo(enterpriseId: number, file: Blob): Promise<CompanySettings> {
  const body = await api()
    .url(`${company(enterpriseId)}/logo`)
    .headers({ 'Content-Type': file.type })
    .body(file)
    .post()
    .json();
  return v.parse(data(companySchema), body).data;
}

/** The logo's bytes (the API needs the bearer token, so an <img> cannot ask itself). */
export const fetchLogo = (path: string): Promise<Blob> => api().get(path).blob();

export const listVatRates = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/vat-rates`, data(v.array(vatRateSchema)))).data;

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

export const getCustomerCodeSettings = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/customer-code`, data(customerCodeSchema))).data;

/** The changed fields with the version read (409 stale_version when another save came first). */
export const editCustomerCodeSettings = async (
  enterpriseId: number,
  input: Partial<CustomerCodeFormat> & { version: number },
) =>
  (await postJson(`${company(enterpriseId)}/settings/customer-code`, data(customerCodeSchema), input)).data;

export const getCostSettings = async (enterpriseId: number) =>
  (await getJson(`${company(enterpriseId)}/settings/costs`, data(costsSchema))).data;

export const editCostSettings = async (enterpriseId: number, input: CostsInput & { version: number }) =>
  (await postJson(`${company(enterpriseId)}/settings/costs`, data(costsSchema), input)).data;

export const getAccount = async () => (await getJson('/v2/account', data(accountSchema))).data;

export const editAccount = async (input: AccountInput) =>
  (await postJson('/v2/account/edit', data(accountSchema), input)).data;

export const changePassword = async (input: PasswordChange) =>
  postJson('/v2/account/password', v.object({ status: v.literal('ok') }), input);

/** POST users (spec section 7) with the invitation link the answer carries beside data. */
export async function createUserWithInvitation(enterpriseId: number, user: NewUser) {
  const answer = await postJson(
    `${company(enterpriseId)}/users`,
    v.object({ data: userSchema, invitation: v.nullable(invitationSchema) }),
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
