/**
 * The preferences' settings, as the API takes them and the forms check them (spec section 3:
 * Enterprise, VAT, Costs; the customer code format; the user's own account). Failed rules say a
 * field code (src/contract/fields.ts). Money in cents, percentages in basis points (2000 = 20 %),
 * coefficients in thousandths (1350 = 1,350).
 */
import { z } from 'zod';
import {
  booleanField,
  eachField,
  isoDate,
  optionalEmail,
  optionalSiret,
  optionalText,
  optionalVatNumber,
  requiredText,
  whenMissing,
  wholeNumber,
} from './fields.js';
import { lazy } from './lazy.js';
import { userSchema } from './users.js';

/** An APE (NAF) code: four digits and a letter, the dot optional (43.21A, 4321A). */
const apeCode = () =>
  optionalText(6)
    .transform((value) => value.toUpperCase())
    .refine((value) => value === '' || /^\d{2}\.?\d{2}[A-Z]$/.test(value), 'invalid');

/** Every Enterprise field of spec section 3 but the logo (uploaded on its own). */
export const companyInputSchema = lazy(() =>
  z.object({
    name: requiredText(200),
    managerFirstName: optionalText(100),
    managerLastName: optionalText(100),
    email: optionalEmail(),
    address: optionalText(300),
    zipCode: optionalText(10),
    city: optionalText(100),
    country: optionalText(100),
    phone: optionalText(30),
    fax: optionalText(30),
    website: optionalText(200),
    siret: optionalSiret(),
    rcs: optionalText(100),
    legalForm: optionalText(100),
    capitalCents: wholeNumber(0, 2_000_000_000),
    foundationDate: isoDate().nullable(),
    apeCode: apeCode(),
    vatNumber: optionalVatNumber(),
    workforce: wholeNumber(0, 1_000_000),
    insuranceName: optionalText(200),
    insuranceAddress: optionalText(300),
    insuranceContractNumber: optionalText(100),
  }),
);
export type CompanyInput = z.input<typeof companyInputSchema>;

/** Every VAT field of spec section 3. */
export const vatRateInputSchema = lazy(() =>
  z.object({
    internalName: requiredText(100),
    pdfName: requiredText(100),
    regulatoryText: optionalText(2000),
    customerCertificateText: optionalText(5000),
    showInSummary: booleanField(),
    basisPoints: wholeNumber(0, 10_000),
    isDefault: booleanField(),
    vatAccountCode: optionalText(20),
    productAccountCode: optionalText(20),
  }),
);
export type VatRateInput = z.input<typeof vatRateInputSchema>;

/** Every Costs field of spec section 3 that is typed (the computed ones: costs.ts). */
export const costsInputSchema = lazy(() =>
  z.object({
    directLabourCostCents: wholeNumber(0, 100_000_00),
    employerChargesBasisPoints: wholeNumber(0, 20_000),
    materialPurchaseCostCents: wholeNumber(0, 2_000_000_000),
    siteCostCents: wholeNumber(0, 2_000_000_000),
    indirectChargesCents: wholeNumber(0, 2_000_000_000),
    overheadExpensesCents: wholeNumber(0, 2_000_000_000),
    yearlySiteHours: wholeNumber(0, 8_784),
    contingencyBasisPoints: wholeNumber(0, 10_000),
    benefitBasisPoints: wholeNumber(0, 10_000),
    labourCoefficientMilli: wholeNumber(0, 100_000),
    materialsCoefficientMilli: wholeNumber(0, 100_000),
  }),
);
export type CostsInput = z.input<typeof costsInputSchema>;

/** The customer code format: a prefix, the counter's digits, the next value (spec: starts at 00001). */
export const customerCodeFormatSchema = lazy(() =>
  z.object({
    prefix: optionalText(10).refine((value) => /^[A-Za-z0-9_-]*$/.test(value), 'customer_code'),
    digits: wholeNumber(1, 10),
    nextValue: wholeNumber(1, 999_999_999),
  }),
);
export type CustomerCodeFormat = z.input<typeof customerCodeFormatSchema>;

/** A customer code of the format: the prefix, then the counter on its digits (00001). */
export function formatCustomerCode(
  n: number,
  format: { prefix: string; digits: number } = defaultCodeFormat,
) {
  return `${format.prefix}${String(n).padStart(format.digits, '0')}`;
}

export const defaultCodeFormat = { prefix: '', digits: 5 } as const;

/** What a user may change of their own account (never their rights: an admin does that). */
export const accountInputSchema = lazy(() =>
  z.object({
    lastName: requiredText(100),
    firstName: requiredText(100),
    job: optionalText(100),
    phone: optionalText(30),
  }),
);
export type AccountInput = z.input<typeof accountInputSchema>;

export const passwordRules = { min: 8, max: 200 } as const;

export const newPasswordField = () =>
  z
    .string({ error: whenMissing('string') })
    .min(1, 'required')
    .min(passwordRules.min, 'too_short')
    .max(passwordRules.max, 'too_long');

/** Changing one's password: the current one first. */
export const passwordChangeSchema = lazy(() =>
  z.object({
    currentPassword: z.string({ error: whenMissing('string') }).min(1, 'required'),
    newPassword: newPasswordField(),
  }),
);
export type PasswordChange = z.input<typeof passwordChangeSchema>;

/**
 * A company's logo: what the upload accepts (the spec's two messages name the refusals). A raster
 * image is also measured, from its header, before anything decodes it: a 69-byte PNG may declare
 * 30 000 × 30 000 px (3.6 GB once decoded). Past `maxSide` or `maxPixels` it is « trop
 * volumineux » (docs/decisions.md, « Image bombs »).
 */
export const logoRules = {
  maxBytes: 512 * 1024,
  contentTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'],
  /** Width or height, in pixels. */
  maxSide: 8192,
  /** Width × height: 4096², 64 MiB once decoded to RGBA. */
  maxPixels: 4096 * 4096,
} as const;

// ---------------------------------------------------------------------------------------------
// Answers. The server declares them with these schemas (server/src/schemas/preferences.ts) and the
// client parses them with the same (src/api/preferences.ts). They carry stored values, which older
// rows may not fit the input rules: only their types are checked (`eachField`).

const int = () => z.number().int();

/** The company information (Enterprise), its logo's address on the API (GET …/logo) or null. */
export const companySettingsSchema = lazy(() =>
  z.object({
    ...eachField(companyInputSchema.shape, () => z.string()),
    capitalCents: int(),
    foundationDate: z.string().nullable().meta({ format: 'date' }),
    workforce: int(),
    logo: z.string().nullable(),
    version: int(),
  }),
);
export type CompanySettings = z.output<typeof companySettingsSchema>;

/** A VAT rate as the lists and choosers read it. */
export const vatRateSchema = lazy(() =>
  z.object({
    id: int(),
    internalName: z.string(),
    pdfName: z.string(),
    regulatoryText: z.string(),
    customerCertificateText: z.string(),
    showInSummary: z.boolean(),
    basisPoints: int(),
    isDefault: z.boolean(),
    vatAccountCode: z.string(),
    productAccountCode: z.string(),
  }),
);
export type VatRate = z.output<typeof vatRateSchema>;

/** A VAT rate's sheet: `used` once a quote or invoice line has it (its percentage then stays). */
export const vatRateDetailSchema = lazy(() => vatRateSchema.extend({ version: int(), used: z.boolean() }));
export type VatRateDetail = z.output<typeof vatRateDetailSchema>;

export const customerCodeSettingsSchema = lazy(() =>
  z.object({
    prefix: z.string(),
    digits: int(),
    nextValue: int(),
    /** The next generated code, as the customer form shows it. */
    nextCode: z.string(),
    /** Moved by each save of the format (not by the counter's own moves as customers are created). */
    version: int(),
  }),
);
export type CustomerCodeSettings = z.output<typeof customerCodeSettingsSchema>;

/** The typed costs, and the ones computed from them (src/contract/costs.ts). */
export const costSettingsSchema = lazy(() =>
  z.object({
    ...eachField(costsInputSchema.shape, int),
    version: int(),
    computed: z.object({
      employerChargesCents: int(),
      mocCostCents: int(),
      structureHourlyCents: int(),
      hourlyCostCents: int(),
      hourlySalePriceCents: int(),
    }),
  }),
);
export type CostSettings = z.output<typeof costSettingsSchema>;

/** Mon compte: the signed-in user, with their company. */
export const accountSchema = lazy(() => userSchema.extend({ enterpriseId: int() }));
export type Account = z.output<typeof accountSchema>;

/** An invitation's link, shown once to the admin who created the user (and mailed to the user). */
export const invitationSchema = lazy(() =>
  z.object({
    url: z.string(),
    expiresAt: z.string().meta({ format: 'date-time' }),
  }),
);
export type Invitation = z.output<typeof invitationSchema>;
