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
import {
  customerCodeFormatOf,
  firstFreeCustomerNumber,
  formatCustomerCode,
  setNextCustomerNumber,
} from '../db/customer-codes.js';
import type { Tx } from '../db/database.js';
import { companies, costSettings } from '../db/schema.js';
import type { AppDeps, AppEnv } from '../http/env.js';
import { apiError } from '../http/errors.js';
import { validationHook } from '../http/validation.js';
import { done, fail } from '../invoicing/outcome.js';
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
import { editSettings, readSettings } from './settings-route.js';

const tags = ['Réglages'];
type CompanyEdit = z.output<typeof EditCompanySettingsSchema>;
type CustomerCodeEdit = z.output<typeof EditCustomerCodeSettingsSchema>;
type CostsEdit = z.output<typeof EditCostSettingsSchema>;

const uploadLogo = createRoute({
  method: 'post',
  path: '/v2/companies/{enterprise_id}/logo',
  tags,
  summary: `Upload the company logo: the file's bytes as the body (PNG, JPEG, GIF, WebP or SVG, ${logoRules.maxBytes / 1024} KiB and ${logoRules.maxSide} px a side, ${logoRules.maxPixels} px in all at most; stored reduced to the size the documents print; admin only)`,
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
    413: json(ErrorSchema, 'file_too_large: over the bytes, or over the pixels its header declares'),
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
  const [row] = await tx
    .select({ version: companies.customerCodeVersion })
    .from(companies)
    .where(eq(companies.id, companyId));
  return {
    prefix,
    digits,
    nextValue: counter,
    nextCode: formatCustomerCode(next, { prefix, digits }),
    version: row!.version,
  };
}

async function costsOf(tx: Tx, companyId: number) {
  // A company without its row yet: the defaults, stored for next time.
  await tx.insert(costSettings).values({ companyId }).onConflictDoNothing();
  const [row] = await tx.select().from(costSettings).where(eq(costSettings.companyId, companyId));
  const { companyId: _c, ...settings } = row!;
  return { ...settings, computed: computeCosts(settings) };
}

/** Every field, with the version read: only that version may be replaced (of two saves, one wins). */
async function saveCompany(tx: Tx, companyId: number, { version, ...fields }: CompanyEdit) {
  const [row] = await tx
    .update(companies)
    .set({ ...fields, version: sql`${companies.version} + 1` })
    .where(and(eq(companies.id, companyId), eq(companies.version, version)))
    .returning(companyColumns);
  return row ? done(toCompanyJson(row)) : fail('stale_version');
}

/** The fields sent, with the version read, as the company information is saved. */
async function saveCustomerCode(
  tx: Tx,
  companyId: number,
  { version, prefix, digits, nextValue }: CustomerCodeEdit,
) {
  const [row] = await tx
    .update(companies)
    .set({
      customerCodePrefix: prefix,
      customerCodeDigits: digits,
      customerCodeVersion: sql`${companies.customerCodeVersion} + 1`,
    })
    .where(and(eq(companies.id, companyId), eq(companies.customerCodeVersion, version)))
    .returning({ id: companies.id });
  if (!row) return fail('stale_version');
  // A next value left alone keeps the counter where new customers have moved it since.
  if (nextValue !== undefined) await setNextCustomerNumber(tx, companyId, nextValue);
  return done(await customerCodeOf(tx, companyId));
}

async function saveCosts(tx: Tx, companyId: number, { version, ...fields }: CostsEdit) {
  await costsOf(tx, companyId);
  const [row] = await tx
    .update(costSettings)
    .set({ ...fields, version: sql`${costSettings.version} + 1` })
    .where(and(eq(costSettings.companyId, companyId), eq(costSettings.version, version)))
    .returning({ companyId: costSettings.companyId });
  return row ? done(await costsOf(tx, companyId)) : fail('stale_version');
}

export function companySettingsRoutes({ db }: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const settings = '/v2/companies/{enterprise_id}/settings';

  readSettings(app, db, {
    path: `${settings}/company`,
    summary: 'The company information (spec section 3, Enterprise)',
    schema: CompanySettingsSchema,
    description: 'The company information',
    read: companyOf,
  });
  editSettings(app, db, {
    path: `${settings}/company/edit`,
    summary: 'Change the company information: every field, with the version read (admin only)',
    body: EditCompanySettingsSchema,
    schema: CompanySettingsSchema,
    description: 'The company information saved',
    admin: true,
    save: (tx, edit, { companyId }) => saveCompany(tx, companyId, edit),
  });

  app.openapi(uploadLogo, async (c) => {
    const { companyId } = c.get('caller');
    const upload = await readLogoUpload(c, logoPurposes.header);
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

  app.openapi(getLogo, (c) => serveCompanyFile(c, db, logoPurposes.header));

  readSettings(app, db, {
    path: `${settings}/customer-code`,
    summary: 'The customer code format: prefix, counter digits, next value, next code',
    schema: CustomerCodeSettingsSchema,
    description: 'The customer code format',
    read: customerCodeOf,
  });
  editSettings(app, db, {
    path: `${settings}/customer-code`,
    summary: 'Change the customer code format: the changed fields, with the version read (admin only)',
    body: EditCustomerCodeSettingsSchema,
    schema: CustomerCodeSettingsSchema,
    description: 'The customer code format saved',
    admin: true,
    save: (tx, edit, { companyId }) => saveCustomerCode(tx, companyId, edit),
  });

  readSettings(app, db, {
    path: `${settings}/costs`,
    summary: 'Costs and sale prices, with the computed hourly cost and sale price',
    schema: CostSettingsSchema,
    description: 'Costs and sale prices',
    read: costsOf,
  });
  editSettings(app, db, {
    path: `${settings}/costs`,
    summary: 'Change the costs and sale prices: every field, with the version read',
    body: EditCostSettingsSchema,
    schema: CostSettingsSchema,
    description: 'Costs and sale prices saved',
    admin: false,
    save: (tx, edit, { companyId }) => saveCosts(tx, companyId, edit),
  });

  return app;
}
