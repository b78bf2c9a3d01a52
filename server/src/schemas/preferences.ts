/**
 * The preferences' API shapes (issue 12). Fields, limits and rules are the shared contract's
 * (src/contract/preferences.ts): the forms validate with the same schemas.
 */
import { z } from '@hono/zod-openapi';
import { eachField } from '../../../src/contract/fields.js';
import {
  accountInputSchema,
  companyInputSchema,
  costsInputSchema,
  customerCodeFormatSchema,
  newPasswordField,
  passwordChangeSchema,
  vatRateInputSchema,
} from '../../../src/contract/preferences.js';
import { idNumber, idParam } from './fields.js';
import { VatRateSchema } from './invoicing.js';
import { CompanyUsersParams, UserSchema } from './users.js';

const int = () => z.number().int();

export const CompanySettingsSchema = z
  .object({
    ...eachField(companyInputSchema.shape, () => z.string()),
    capitalCents: int(),
    foundationDate: z.string().nullable().openapi({ format: 'date' }),
    workforce: int(),
    /** The logo's address on this API (GET …/logo), null without one. */
    logo: z.string().nullable(),
    version: int(),
  })
  .openapi('CompanySettings');

/** Every field (a whole form), with the version it was read at (409 stale_version otherwise). */
export const EditCompanySettingsSchema = z
  .object({ ...companyInputSchema.shape, version: idNumber() })
  .openapi('EditCompanySettings');

export const CostSettingsSchema = z
  .object({
    ...eachField(costsInputSchema.shape, int),
    version: int(),
    computed: z.object({
      employerChargesCents: int(),
      mocCostCents: int(),
      structureHourlyCents: int(),
      hourlyCostCents: int(),
      hourlySalePriceCents: int(),
    }),
  })
  .openapi('CostSettings');

export const EditCostSettingsSchema = z
  .object({ ...costsInputSchema.shape, version: idNumber() })
  .openapi('EditCostSettings');

export const CustomerCodeSettingsSchema = z
  .object({
    prefix: z.string(),
    digits: int(),
    nextValue: int(),
    /** The next generated code, as the customer form shows it. */
    nextCode: z.string(),
    /** Moved by each save of the format (not by the counter's own moves as customers are created). */
    version: int(),
  })
  .openapi('CustomerCodeSettings');

/**
 * The changed fields, with the version read (409 stale_version otherwise): a next value left alone
 * keeps the counter where new customers have moved it since.
 */
export const EditCustomerCodeSettingsSchema = z
  .object({ ...customerCodeFormatSchema.partial().shape, version: idNumber() })
  .openapi('EditCustomerCodeSettings');

export const VatRateDetailSchema = VatRateSchema.extend({
  version: int(),
  /** True once a quote or invoice line uses it: its percentage can no longer change. */
  used: z.boolean(),
}).openapi('VatRateDetail');

export const CreateVatRateSchema = z.object({ ...vatRateInputSchema.shape }).openapi('CreateVatRate');

/** `version` optional in the schema so that another company's id still answers 404 first. */
export const EditVatRateSchema = z
  .object({ id: idNumber(), version: idNumber().optional(), ...vatRateInputSchema.shape })
  .openapi('EditVatRate');

export const VatRateParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const AccountSchema = UserSchema.extend({ enterpriseId: int() }).openapi('Account');
export const EditAccountSchema = z.object({ ...accountInputSchema.shape }).openapi('EditAccount');
export const ChangePasswordSchema = z.object({ ...passwordChangeSchema.shape }).openapi('ChangePassword');

/** An invitation's link, shown once to the admin who created the user (and mailed to the user). */
export const InvitationSchema = z
  .object({ url: z.string(), expiresAt: z.string().openapi({ format: 'date-time' }) })
  .openapi('Invitation');

export { newPasswordField };
