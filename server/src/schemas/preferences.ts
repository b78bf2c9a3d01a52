/**
 * The preferences' API shapes (issue 12). Fields, limits and rules are the shared contract's
 * (src/contract/preferences.ts): the forms validate with the same schemas.
 */
import { z } from '@hono/zod-openapi';
import {
  accountInputSchema,
  accountSchema,
  companyInputSchema,
  companySettingsSchema,
  costSettingsSchema,
  costsInputSchema,
  customerCodeFormatSchema,
  customerCodeSettingsSchema,
  invitationSchema,
  newPasswordField,
  passwordChangeSchema,
  vatRateDetailSchema,
  vatRateInputSchema,
} from '../../../src/contract/preferences.js';
import { idNumber, idParam, named } from './fields.js';
import { CompanyUsersParams } from './users.js';

// The answers are the contract's (src/contract/preferences.ts): the client parses them with the same.

export const CompanySettingsSchema = named(companySettingsSchema, 'CompanySettings');

/** Every field (a whole form), with the version it was read at (409 stale_version otherwise). */
export const EditCompanySettingsSchema = z
  .object({ ...companyInputSchema.shape, version: idNumber() })
  .openapi('EditCompanySettings');

export const CostSettingsSchema = named(costSettingsSchema, 'CostSettings');

export const EditCostSettingsSchema = z
  .object({ ...costsInputSchema.shape, version: idNumber() })
  .openapi('EditCostSettings');

export const CustomerCodeSettingsSchema = named(customerCodeSettingsSchema, 'CustomerCodeSettings');

/**
 * The changed fields, with the version read (409 stale_version otherwise): a next value left alone
 * keeps the counter where new customers have moved it since.
 */
export const EditCustomerCodeSettingsSchema = z
  .object({ ...customerCodeFormatSchema.partial().shape, version: idNumber() })
  .openapi('EditCustomerCodeSettings');

export const VatRateDetailSchema = named(vatRateDetailSchema, 'VatRateDetail');

export const CreateVatRateSchema = z.object({ ...vatRateInputSchema.shape }).openapi('CreateVatRate');

/** `version` optional in the schema so that another company's id still answers 404 first. */
export const EditVatRateSchema = z
  .object({ id: idNumber(), version: idNumber().optional(), ...vatRateInputSchema.shape })
  .openapi('EditVatRate');

export const VatRateParams = CompanyUsersParams.extend({
  id: idParam().openapi({ param: { name: 'id', in: 'path' }, example: 1 }),
});

export const AccountSchema = named(accountSchema, 'Account');
export const EditAccountSchema = z.object({ ...accountInputSchema.shape }).openapi('EditAccount');
export const ChangePasswordSchema = z.object({ ...passwordChangeSchema.shape }).openapi('ChangePassword');

export const InvitationSchema = named(invitationSchema, 'Invitation');

export { newPasswordField };
