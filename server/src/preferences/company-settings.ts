/**
 * Company settings of the preferences (issue 12): the company information and its logo, the
 * customer code format, costs and sale prices. Each is read and saved with the version read (of two
 * saves, one wins); routes/settings-route.ts declares and answers them, routes/company-settings.ts
 * says which is which.
 */
import type { z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { computeCosts } from '../../../src/contract/costs.js';
import {
  customerCodeFormatOf,
  firstFreeCustomerNumber,
  formatCustomerCode,
  setNextCustomerNumber,
} from '../db/customer-codes.js';
import type { Tx } from '../db/database.js';
import { companies, costSettings } from '../db/schema.js';
import { done, fail } from '../invoicing/outcome.js';
import type {
  CompanySettingsSchema,
  EditCompanySettingsSchema,
  EditCostSettingsSchema,
  EditCustomerCodeSettingsSchema,
} from '../schemas/preferences.js';
import { logoPurposes, storeCompanyFile } from './logo.js';

type CompanyEdit = z.output<typeof EditCompanySettingsSchema>;
type CustomerCodeEdit = z.output<typeof EditCustomerCodeSettingsSchema>;
type CostsEdit = z.output<typeof EditCostSettingsSchema>;

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

export async function companyOf(tx: Tx, companyId: number) {
  const [row] = await tx.select(companyColumns).from(companies).where(eq(companies.id, companyId));
  return toCompanyJson(row!);
}

export async function customerCodeOf(tx: Tx, companyId: number) {
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

export async function costsOf(tx: Tx, companyId: number) {
  // A company without its row yet: the defaults, stored for next time.
  await tx.insert(costSettings).values({ companyId }).onConflictDoNothing();
  const [row] = await tx.select().from(costSettings).where(eq(costSettings.companyId, companyId));
  const { companyId: _c, ...settings } = row!;
  return { ...settings, computed: computeCosts(settings) };
}

/** Every field, with the version read: only that version may be replaced (of two saves, one wins). */
export async function saveCompany(tx: Tx, companyId: number, { version, ...fields }: CompanyEdit) {
  const [row] = await tx
    .update(companies)
    .set({ ...fields, version: sql`${companies.version} + 1` })
    .where(and(eq(companies.id, companyId), eq(companies.version, version)))
    .returning(companyColumns);
  return row ? done(toCompanyJson(row)) : fail('stale_version');
}

/** The fields sent, with the version read, as the company information is saved. */
export async function saveCustomerCode(
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

export async function saveCosts(tx: Tx, companyId: number, { version, ...fields }: CostsEdit) {
  await costsOf(tx, companyId);
  const [row] = await tx
    .update(costSettings)
    .set({ ...fields, version: sql`${costSettings.version} + 1` })
    .where(and(eq(costSettings.companyId, companyId), eq(costSettings.version, version)))
    .returning({ companyId: costSettings.companyId });
  return row ? done(await costsOf(tx, companyId)) : fail('stale_version');
}

/** The company's new logo (read and checked by the route), stored; the information with its address. */
export async function saveLogo(
  tx: Tx,
  companyId: number,
  upload: { bytes: Uint8Array; contentType: string },
) {
  const fileId = await storeCompanyFile(tx, companyId, logoPurposes.header, upload);
  await tx
    .update(companies)
    .set({ logo: String(fileId) })
    .where(eq(companies.id, companyId));
  return companyOf(tx, companyId);
}
