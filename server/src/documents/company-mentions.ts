/**
 * The seller's mandatory mentions on a French invoice (Code de commerce L441-9, CGI 242 nonies A,
 * decennial insurance for construction works). An invoice is refused at validation while one of them
 * is missing (`company_data_missing`, the fields named), so no validated invoice lacks them.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../db/database.js';
import { companies } from '../db/schema.js';
import type { CompanyRow } from './invoice-data.js';

/** Legal forms without share capital (sole traders): their capital is not a mention. */
const withoutCapital = /^(ei|eirl|ee|micro|auto|entrepreneur individuel|entreprise individuelle)/i;

/** The company fields an invoice needs; each code has its French name in src/i18n/serverErrors.ts. */
export const mandatoryCompanyFields = [
  'name',
  'legalForm',
  'capital',
  'address',
  'zipCode',
  'city',
  'siret',
  'rcs',
  'apeCode',
  'vatNumber',
  'insuranceName',
  'insuranceAddress',
  'insuranceContractNumber',
] as const;

export type MandatoryCompanyField = (typeof mandatoryCompanyFields)[number];

/** The mandatory fields that are empty, as the `fields` of a 422 (`{siret: 'required', …}`). */
export function missingCompanyFields(
  company: CompanyRow,
): Partial<Record<MandatoryCompanyField, 'required'>> {
  const blank = (value: string) => value.trim() === '';
  const missing: Partial<Record<MandatoryCompanyField, 'required'>> = {};
  const check: Record<MandatoryCompanyField, boolean> = {
    name: blank(company.name),
    legalForm: blank(company.legalForm),
    capital: company.capitalCents <= 0 && !withoutCapital.test(company.legalForm.trim()),
    address: blank(company.address),
    zipCode: blank(company.zipCode),
    city: blank(company.city),
    siret: blank(company.siret),
    rcs: blank(company.rcs),
    apeCode: blank(company.apeCode),
    vatNumber: blank(company.vatNumber),
    insuranceName: blank(company.insuranceName),
    insuranceAddress: blank(company.insuranceAddress),
    insuranceContractNumber: blank(company.insuranceContractNumber),
  };
  for (const field of mandatoryCompanyFields) if (check[field]) missing[field] = 'required';
  return missing;
}

/** Loads the company and answers its missing mandatory fields, or null when none is missing. */
export async function companyDataMissing(tx: Tx, companyId: number) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  const missing = company ? missingCompanyFields(company) : { name: 'required' as const };
  return Object.keys(missing).length > 0 ? (missing as Record<string, string>) : null;
}
