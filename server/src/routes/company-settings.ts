/**
 * Company settings of the preferences (issue 12): the company information and its logo, the
 * customer code format, costs and sale prices. Everyone in the company reads them; the company
 * information, the logo and the customer code format are changed by an admin only.
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { computeCosts } from '../../../src/contract/costs.js';
import { logoRules } from '../../../src/contract/preferences.js';
import { requireAdmin } from '../auth/caller.js';
import { customerCodeFormatOf, firstFreeCustomerNumber, formatCustomerCode } from '../db/customer-codes.js';
import type { Tx } from '../db/database.js';
import { companies, costSettings } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { logoPurposes, readLogoUpload, serveCompanyFile, storeCompanyFile } from '../preferences/logo.js';
import { bearerSecurity, ErrorSchema, errorResponses, jsonContent as json } from '../schemas/common.js';
import {
  CompanySettingsSchema,
  CostSettingsSchema,
  CustomerCodeSettingsSchema,
  EditCompanySettingsSchema,
  EditCostSettingsSchema,
  EditCustomerCodeSettingsSchema,
} from '../schemas/preferences.js';
import { CompanyUsersParams as CompanyParams } from '../schemas/users.js';

const tags = ['Réglages'];
const staleVersion = json(ErrorSchema, 'stale_version: another save came first (reload, then apply again)');

const getCompany = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/settings/company',
  tags,
  summary: 'The company information (spec section 3, Enterprise)',
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: {
    200: json(z.object({ data: CompanySettingsSchema }), 'The company information'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const editCompany = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/settings/company/edit',
  tags,
  summary: 'Change the company information: every field, with the version read (admin only)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyParams,
    body: { required: true, content: { 'application/json': { schema: EditCompanySettingsSchema } } },
  },
  responses: {
    200: json(z.object({ data: CompanySettingsSchema }), 'The company information saved'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: staleVersion,
    422: errorResponses[422],
  },
});

const uploadLogo = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/logo',
  tags,
  summary: `Upload the company logo: the file's bytes as the body (PNG, JPEG, GIF, WebP or SVG, ${logoRules.maxBytes / 1024} KiB at most; admin only)`,
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyParams,
    body: {
      required: true,
      content: Object.fromEntries(
        logoRules.contentTypes.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
      ),
    },
  },
  responses: {
    200: json(z.object({ data: CompanySettingsSchema }), 'The company information with its new logo'),
    401: errorResponses[401],
    403: errorResponses[403],
    413: json(ErrorSchema, 'file_too_large'),
    415: json(ErrorSchema, 'unsupported_file_format: the bytes are not one of the accepted images'),
  },
});

const getLogo = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/logo',
  tags,
  summary: 'The company logo (nosniff, sandboxed; an SVG is an attachment, never inline)',
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: {
    200: {
      content: Object.fromEntries(
        logoRules.contentTypes.map((type) => [type, { schema: z.string().openapi({ format: 'binary' }) }]),
      ),
      description: 'The logo bytes',
    },
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

const getCustomerCode = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/settings/customer-code',
  tags,
  summary: 'The customer code format: prefix, counter digits, next value, next code',
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: {
    200: json(z.object({ data: CustomerCodeSettingsSchema }), 'The customer code format'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const editCustomerCode = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/settings/customer-code',
  tags,
  summary: 'Change the customer code format (admin only)',
  security: bearerSecurity,
  middleware: [requireAdmin] as const,
  request: {
    params: CompanyParams,
    body: { required: true, content: { 'application/json': { schema: EditCustomerCodeSettingsSchema } } },
  },
  responses: {
    200: json(z.object({ data: CustomerCodeSettingsSchema }), 'The customer code format saved'),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

const getCosts = createRoute({
  method: 'get',
  path: '/v2/companies/{enterprise_id}/settings/costs',
  tags,
  summary: 'Costs and sale prices, with the computed hourly cost and sale price',
  security: bearerSecurity,
  request: { params: CompanyParams },
  responses: {
    200: json(z.object({ data: CostSettingsSchema }), 'Costs and sale prices'),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

const editCosts = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/settings/costs',
  tags,
  summary: 'Change the costs and sale prices: every field, with the version read',
  security: bearerSecurity,
  request: {
    params: CompanyParams,
    body: { required: true, content: { 'application/json': { schema: EditCostSettingsSchema } } },
  },
  responses: {
    200: json(z.object({ data: CostSettingsSchema }), 'Costs and sale prices saved'),
    401: errorResponses[401],
    403: errorResponses[403],
    409: staleVersion,
    422: errorResponses[422],
  },
});

const companyColumns = {
  id: companies.id,
  name: companies.name,
  managerFirstName: companies.managerFirstName,
  managerLastName: companies.managerLastName,
  email: companies.email,
  address: companies.address,
  zipCode: companies.zipCode,
  city: companies.city,
  country: companies.country,
  phone: companies.phone,
  fax: companies.fax,
  website: companies.website,
  siret: companies.siret,
  rcs: companies.rcs,
  legalForm: companies.legalForm,
  capitalCents: companies.capitalCents,
  foundationDate: companies.foundationDate,
  apeCode: companies.apeCode,
  vatNumber: companies.vatNumber,
  workforce: companies.workforce,
  insuranceName: companies.insuranceName,
  insuranceAddress: companies.insuranceAddress,
  insuranceContractNumber: companies.insuranceContractNumber,
  logo: companies.logo,
  version: companies.version,
};

type CompanyRow = Omit<z.infer<typeof CompanySettingsSchema>, 'logo'> & { id: number; logo: string | null };

/** `logo` holds the stored file's id: the answer gives its address (the id makes each upload new). */
function toCompanyJson({ id, logo, ...row }: CompanyRow): z.infer<typeof CompanySettingsSchema> {
  return { ...row, logo: logo ? `/v2/companies/${id}/logo?v=${logo}` : null };
}

async function companyOf(tx: Tx, companyId: number) {
  const [row] = await tx.select(companyColumns).from(companies).where(eq(companies.id, companyId));
  return toCompanyJson(row!);
}

async function customerCodeOf(tx: Tx, companyId: number) {
  const { prefix, digits, counter } = await customerCodeFormatOf(tx, companyId);
  const next = await firstFreeCustomerNumber(tx, companyId, counter, { prefix, digits });
  return { prefix, digits, nextValue: counter, nextCode: formatCustomerCode(next, { prefix, digits }) };
}

async function costsOf(tx: Tx, companyId: number) {
  // A company without its row yet: the defaults, stored for next time.
  await tx.insert(costSettings).values({ companyId }).onConflictDoNothing();
  const [row] = await tx.select().from(costSettings).where(eq(costSettings.companyId, companyId));
  const { companyId: _c, ...settings } = row!;
  return { ...settings, computed: computeCosts(settings) };
}

export function companySettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(getCompany, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => companyOf(tx, companyId)) }, 200);
  });

  app.openapi(editCompany, async (c) => {
    const { companyId } = c.get('caller');
    const { version, ...fields } = c.req.valid('json');
    const saved = await db.withTenant(companyId, async (tx) => {
      // Only the version read may be replaced: of two saves from one version, the second finds none.
      const [row] = await tx
        .update(companies)
        .set({ ...fields, version: sql`${companies.version} + 1` })
        .where(and(eq(companies.id, companyId), eq(companies.version, version)))
        .returning(companyColumns);
      return row ? toCompanyJson(row) : null;
    });
    if (!saved) return apiError(c, 'stale_version');
    return c.json({ data: saved }, 200);
  });

  app.openapi(uploadLogo, async (c) => {
    const { companyId } = c.get('caller');
    const upload = await readLogoUpload(c);
    if (!upload.ok) return apiError(c, upload.key);
    const data = await db.withTenant(companyId, async (tx) => {
      const fileId = await storeCompanyFile(tx, companyId, logoPurposes.header, upload);
      await tx
        .update(companies)
        .set({ logo: String(fileId) })
        .where(eq(companies.id, companyId));
      return companyOf(tx, companyId);
    });
    return c.json({ data }, 200);
  });

  app.openapi(getLogo, (c) => serveCompanyFile(c, db, logoPurposes.header) as never);

  app.openapi(getCustomerCode, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => customerCodeOf(tx, companyId)) }, 200);
  });

  app.openapi(editCustomerCode, async (c) => {
    const { companyId } = c.get('caller');
    const { prefix, digits, nextValue } = c.req.valid('json');
    const data = await db.withTenant(companyId, async (tx) => {
      await tx
        .update(companies)
        .set({ customerCodePrefix: prefix, customerCodeDigits: digits, customerCodeCounter: nextValue })
        .where(eq(companies.id, companyId));
      return customerCodeOf(tx, companyId);
    });
    return c.json({ data }, 200);
  });

  app.openapi(getCosts, async (c) => {
    const { companyId } = c.get('caller');
    return c.json({ data: await db.withTenant(companyId, (tx) => costsOf(tx, companyId)) }, 200);
  });

  app.openapi(editCosts, async (c) => {
    const { companyId } = c.get('caller');
    const { version, ...fields } = c.req.valid('json');
    const data = await db.withTenant(companyId, async (tx) => {
      await costsOf(tx, companyId);
      const [row] = await tx
        .update(costSettings)
        .set({ ...fields, version: sql`${costSettings.version} + 1` })
        .where(and(eq(costSettings.companyId, companyId), eq(costSettings.version, version)))
        .returning({ companyId: costSettings.companyId });
      return row ? costsOf(tx, companyId) : null;
    });
    if (!data) return apiError(c, 'stale_version');
    return c.json({ data }, 200);
  });

  return app;
}
