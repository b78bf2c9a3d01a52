import { z } from 'zod';
import {
  type Customer,
  type CustomerInput,
  customerTypes,
  type PaymentDeadline,
  paymentDeadlineRules,
  paymentModes,
} from '../../../api/customers';
import { formatIsoDate, parseFrenchDate, toIsoDate } from '../../../i18n/format';
import { validationMessages } from '../../../i18n/validationMessages';
import { customerMessages } from '../messages';
import { isValidSiret, isValidVatNumber } from '../../../contract/businessKeys';

const text = (max: number) => z.string().trim().max(max);
/** Optional text with a check of its own once something is typed. */
const optionalChecked = (max: number, check: (value: string) => boolean, message: string) =>
  text(max).refine((value) => value === '' || check(value), message);

/**
 * The customer form (spec section 3) as the user fills it: texts stay texts until submit, so a
 * half-typed number is shown back untouched. Messages come from `frenchErrorMap` (required) or
 * from `validationMessages` for the rules with their own sentence.
 */
export const customerFormSchema = z
  .object({
    type: z.enum(customerTypes),
    civility: text(30),
    firstName: text(100),
    lastName: text(100),
    companyName: text(200),
    job: text(100),
    email: optionalChecked(254, (value) => z.email().safeParse(value).success, validationMessages.email),
    phone: text(30),
    cellPhone: text(30),
    fax: text(30),
    address: text(300),
    zipCode: text(10),
    city: text(100),
    country: text(100),
    vatNumber: optionalChecked(20, isValidVatNumber, validationMessages.vatNumber),
    siret: optionalChecked(20, isValidSiret, validationMessages.siret),
    codeMode: z.enum(['auto', 'manual']),
    customerCode: z.string().trim(),
    deadlineMode: z.enum(['default', 'specific']),
    deadlineRule: z.enum(paymentDeadlineRules),
    deadlineValue: z.string().trim(),
    modesMode: z.enum(['default', 'specific']),
    paymentModes: z.array(z.enum(paymentModes)),
    comments: text(4000),
  })
  .superRefine((form, context) => {
    const fail = (path: keyof typeof form, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    // A professional is named by its company, a private customer by their last name.
    if (form.type === 'professional' && !form.companyName) fail('companyName', validationMessages.required);
    if (form.type === 'private' && !form.lastName) fail('lastName', validationMessages.required);
    if (form.codeMode === 'manual') {
      if (!form.customerCode) fail('customerCode', validationMessages.required);
      else if (!/^[A-Za-z0-9_-]{1,20}$/.test(form.customerCode))
        fail('customerCode', customerMessages.codeFormat);
    }
    if (form.deadlineMode === 'specific') {
      const message = deadlineValueError(form.deadlineRule, form.deadlineValue);
      if (message) fail('deadlineValue', message);
    }
    if (form.modesMode === 'specific' && form.paymentModes.length === 0) {
      fail('paymentModes', validationMessages.required);
    }
  });

export type CustomerFormValues = z.input<typeof customerFormSchema>;

/** Days (0–365) for X days and end of month, a day (1–31) for a day of month, dd/MM/yyyy for a date. */
function deadlineValueError(rule: PaymentDeadline['rule'], value: string): string | null {
  if (!value) return validationMessages.required;
  if (rule === 'date') return parseFrenchDate(value) ? null : validationMessages.date;
  const [min, max] = rule === 'dayOfMonth' ? [1, 31] : [0, 365];
  const number = Number(value);
  return /^\d+$/.test(value) && number >= min && number <= max ? null : validationMessages.number;
}

export function emptyCustomerForm(type: CustomerFormValues['type'] = 'professional'): CustomerFormValues {
  return {
    type,
    civility: '',
    firstName: '',
    lastName: '',
    companyName: '',
    job: '',
    email: '',
    phone: '',
    cellPhone: '',
    fax: '',
    address: '',
    zipCode: '',
    city: '',
    country: 'France',
    vatNumber: '',
    siret: '',
    codeMode: 'auto',
    customerCode: '',
    deadlineMode: 'default',
    deadlineRule: 'days',
    deadlineValue: '30',
    modesMode: 'default',
    paymentModes: [],
    comments: '',
  };
}

/** yyyy-MM-dd (the API) ↔ dd/MM/yyyy (the user). */
const isoToFrench = formatIsoDate;
const frenchToIso = (text: string) => toIsoDate(parseFrenchDate(text)!);

export function customerToForm(customer: Customer): CustomerFormValues {
  const { id: _id, customerCodeAuto, paymentDeadline, paymentModes: modes, ...fields } = customer;
  return {
    ...emptyCustomerForm(customer.type),
    ...fields,
    codeMode: customerCodeAuto ? 'auto' : 'manual',
    deadlineMode: paymentDeadline ? 'specific' : 'default',
    deadlineRule: paymentDeadline?.rule ?? 'days',
    deadlineValue: paymentDeadline
      ? paymentDeadline.rule === 'date'
        ? isoToFrench(String(paymentDeadline.value))
        : String(paymentDeadline.value)
      : '30',
    modesMode: modes ? 'specific' : 'default',
    paymentModes: modes ?? [],
  };
}

/**
 * What the API receives. An automatic code is not sent: a new customer then gets the next number
 * of the counter, an existing one keeps the code it has.
 */
export function formToCustomerInput(form: CustomerFormValues): CustomerInput {
  const {
    codeMode,
    customerCode,
    deadlineMode,
    deadlineRule,
    deadlineValue,
    modesMode,
    paymentModes: modes,
    ...fields
  } = customerFormSchema.parse(form);
  // Company fields are hidden for a private customer: what was typed there is not sent.
  const professional = fields.type === 'professional';
  return {
    ...fields,
    companyName: professional ? fields.companyName : '',
    vatNumber: professional ? fields.vatNumber.replace(/\s/g, '').toUpperCase() : '',
    siret: professional ? fields.siret.replace(/\s/g, '') : '',
    ...(codeMode === 'manual' ? { customerCode } : {}),
    paymentDeadline:
      deadlineMode === 'specific'
        ? {
            rule: deadlineRule,
            value: deadlineRule === 'date' ? frenchToIso(deadlineValue) : Number(deadlineValue),
          }
        : null,
    paymentModes: modesMode === 'specific' ? modes : null,
  };
}
