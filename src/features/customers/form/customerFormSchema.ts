import { z } from 'zod';
import type { Customer, CustomerInput, CustomerSettings } from '../../../api/customers';
import {
  type CustomerData,
  type CustomerTextField,
  customerCodeSchema,
  customerInputSchema,
  customerTextSchemas,
  emptyCustomerTexts,
} from '../../../contract/customers';
import { lazy } from '../../../contract/lazy';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';
import { validationMessages } from '../../../i18n/validationMessages';
import { deadlineFromTexts, deadlineToTexts } from './deadlineTexts';

/**
 * The customer form as the user fills it: texts stay texts until submit, so a half-typed number
 * is shown back untouched, and whatever a stored customer holds can be shown (an unknown rule, a
 * deadline value that does not fit its rule).
 */
export interface CustomerFormValues extends Record<CustomerTextField, string> {
  type: 'professional' | 'private';
  codeMode: 'auto' | 'manual';
  customerCode: string;
  deadlineMode: 'default' | 'specific';
  /** One of the contract's rules, or what an older row holds (shown, then refused). */
  deadlineRule: string;
  deadlineValue: string;
  modesMode: 'default' | 'specific';
  paymentModes: string[];
}
type FormField = keyof CustomerFormValues;

type Draft = { input: Record<string, unknown>; issues: Partial<Record<FormField, string>> };

/**
 * The form's texts turned into the API's body, and the faults only the form can see (a number or a
 * dd/MM/yyyy date that does not read as one, a missing manual code). Hidden company fields of a
 * private customer are not sent.
 */
function draftOf(form: CustomerFormValues): Draft {
  const issues: Draft['issues'] = {};
  const {
    codeMode,
    customerCode,
    deadlineMode,
    deadlineRule,
    deadlineValue,
    modesMode,
    paymentModes,
    ...fields
  } = form;
  const professional = fields.type === 'professional';
  const input: Record<string, unknown> = {
    ...fields,
    companyName: professional ? fields.companyName : '',
    vatNumber: professional ? fields.vatNumber : '',
    siret: professional ? fields.siret : '',
    paymentDeadline: null,
    paymentModes: modesMode === 'specific' ? paymentModes : null,
  };
  if (codeMode === 'manual') {
    const code = customerCodeSchema.safeParse(customerCode);
    if (!customerCode.trim()) issues.customerCode = validationMessages.required;
    else if (!code.success) issues.customerCode = fieldCodeMessage('customer_code');
    else input.customerCode = code.data;
  }
  if (deadlineMode === 'specific') {
    const typed = deadlineFromTexts(deadlineRule, deadlineValue);
    if ('deadline' in typed) input.paymentDeadline = typed.deadline;
    else issues[typed.field === 'rule' ? 'deadlineRule' : 'deadlineValue'] = typed.message;
  }
  return { input, issues };
}

/** A contract issue's path → the form field that shows it. */
function formFieldOf(path: readonly PropertyKey[]): FormField {
  const [first, second] = path.map(String);
  if (first === 'paymentDeadline') return second === 'rule' ? 'deadlineRule' : 'deadlineValue';
  return first as FormField;
}

/**
 * The form's schema: its own faults, then the shared contract (src/contract/customers.ts) on the
 * body it would send, each code shown as its French sentence under the field. The server checks
 * the same contract, so the form refuses exactly what the server would.
 */
export const customerFormSchema = lazy(() =>
  z
    .object({
      type: z.enum(['professional', 'private']),
      ...customerTextSchemas(() => z.string()),
      codeMode: z.enum(['auto', 'manual']),
      customerCode: z.string(),
      deadlineMode: z.enum(['default', 'specific']),
      deadlineRule: z.string(),
      deadlineValue: z.string(),
      modesMode: z.enum(['default', 'specific']),
      paymentModes: z.array(z.string()),
    })
    .superRefine((form, context) => {
      const { input, issues } = draftOf(form);
      const result = customerInputSchema.safeParse(input);
      for (const issue of result.success ? [] : result.error.issues) {
        const field = formFieldOf(issue.path);
        issues[field] ??= fieldCodeMessage(issue.message);
      }
      for (const [field, message] of Object.entries(issues)) {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    }),
);

/** The general defaults a form starts from, when known. */
type Defaults = Pick<CustomerSettings, 'paymentDeadline' | 'paymentModes'> | null | undefined;

/** A deadline's rule and value as the form's texts (an ISO day as dd/MM/yyyy). */
function deadlineFields(deadline: unknown) {
  const { rule, value } = deadlineToTexts(deadline);
  return { deadlineRule: rule, deadlineValue: value };
}

export function emptyCustomerForm(
  type: CustomerFormValues['type'] = 'professional',
  defaults?: Defaults,
): CustomerFormValues {
  return {
    type,
    ...emptyCustomerTexts,
    codeMode: 'auto',
    customerCode: '',
    deadlineMode: 'default',
    ...deadlineFields(defaults?.paymentDeadline),
    modesMode: 'default',
    // « Spécifiques à ce client » starts from the company's general modes.
    paymentModes: defaults ? [...defaults.paymentModes] : [],
  };
}

/**
 * A stored customer in the form, whatever it holds: a deadline or modes that break the contract
 * are shown as they are, and the form's check puts the field's message under them.
 */
export function customerToForm(customer: Customer, defaults?: Defaults): CustomerFormValues {
  const {
    id: _id,
    version: _version,
    customerCodeAuto,
    paymentDeadline,
    paymentModes: modes,
    ...fields
  } = customer;
  const specificDeadline = paymentDeadline !== null && paymentDeadline !== undefined;
  const specificModes = modes !== null && modes !== undefined;
  return {
    ...emptyCustomerForm(customer.type, defaults),
    ...fields,
    codeMode: customerCodeAuto ? 'auto' : 'manual',
    deadlineMode: specificDeadline ? 'specific' : 'default',
    ...(specificDeadline ? deadlineFields(paymentDeadline) : {}),
    modesMode: specificModes ? 'specific' : 'default',
    ...(specificModes ? { paymentModes: Array.isArray(modes) ? modes.map(String) : [] } : {}),
  };
}

/**
 * What the API receives, parsed by the contract (texts trimmed, email lower-case, SIRET and VAT
 * number compact). An automatic code is not sent: a new customer then gets the next number of the
 * counter, an existing one keeps the code it has. Call it on values the schema accepted.
 */
export function formToCustomerInput(form: CustomerFormValues): CustomerInput {
  const { input } = draftOf(form);
  const data: CustomerData = customerInputSchema.parse(input);
  return typeof input.customerCode === 'string' ? { ...data, customerCode: input.customerCode } : data;
}
