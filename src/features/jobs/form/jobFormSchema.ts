import type { FieldErrors, Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { BusinessJobDetail } from '../../../api/businessJobs';
import { formatDecimal, formatIsoDate, parseFrenchDate, parseFrenchDecimal } from '../../../contract/format';
import { type JobInput, jobFields } from '../../../contract/jobs';
import { lazy } from '../../../contract/lazy';
import { fieldCodeMessage } from '../../../i18n/fieldCodeMessages';

/** Percentages in basis points: two decimals (« 2,5 » → 250). */
const PERCENT_SCALE = 2;

/**
 * The job form as the user fills it: texts stay texts until submit (a half-typed percentage or
 * date is shown back untouched); the customer is the choice made in the combobox.
 */
export interface JobFormValues {
  name: string;
  customer: { id: number; label: string } | null;
  siteAddress: string;
  /** A French decimal percentage: « 5 », « 2,5 ». */
  retainage: string;
  /** A user's id, '' for nobody. */
  ownerUserId: string;
  /** dd/MM/yyyy, '' for none (the job sheet only). */
  deliveryDate: string;
}

/** The fields in screen order: the first refused one takes the focus. */
export const jobFormFields = [
  'name',
  'customer',
  'siteAddress',
  'retainage',
  'ownerUserId',
  'deliveryDate',
] as const;

/**
 * The form's texts read into the contract's fields, then checked by the contract's own schemas
 * (src/contract/jobs.ts), so the form refuses exactly what the server refuses.
 */
const jobFormSchema = lazy(() =>
  z.object({
    name: jobFields.name,
    customer: z
      .object({ id: z.number(), label: z.string() })
      .nullable()
      .transform((customer) => customer?.id ?? null)
      .pipe(jobFields.customerId),
    siteAddress: jobFields.siteAddress,
    retainage: z
      .string()
      .transform((text) => (text.trim() === '' ? 0 : (parseFrenchDecimal(text, PERCENT_SCALE) ?? Number.NaN)))
      .pipe(jobFields.retainageBasisPoints),
    ownerUserId: z
      .string()
      .transform((text) => (text === '' ? null : Number(text)))
      .pipe(jobFields.ownerUserId),
    deliveryDate: z
      .string()
      .transform((text, context) => {
        if (text.trim() === '') return null;
        const day = parseFrenchDate(text);
        if (day) return day;
        context.addIssue({ code: 'custom', message: 'date' });
        return z.NEVER;
      })
      .pipe(jobFields.deliveryDate),
  }),
);

/** The contract's codes become the spec's French sentences under each field. */
export const jobFormResolver: Resolver<JobFormValues, unknown, JobInput> = async (values) => {
  const result = jobFormSchema.safeParse(values);
  if (result.success) {
    const { customer, retainage, ...same } = result.data;
    return { values: { ...same, customerId: customer, retainageBasisPoints: retainage }, errors: {} };
  }
  const errors: FieldErrors<JobFormValues> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as keyof JobFormValues;
    errors[name] ??= { type: 'validation', message: fieldCodeMessage(issue.message) };
  }
  return { values: {}, errors };
};

/** A new job's form: the customer given (from the customer sheet) and the signed-in user as owner. */
export function newJobForm(customer: JobFormValues['customer'], ownerUserId: number | null): JobFormValues {
  return {
    name: '',
    customer,
    siteAddress: '',
    retainage: '0',
    ownerUserId: ownerUserId === null ? '' : String(ownerUserId),
    deliveryDate: '',
  };
}

/** The stored job in the sheet's form. */
export function jobToForm(job: BusinessJobDetail): JobFormValues {
  return {
    name: job.name,
    customer: { id: job.customerId, label: job.customerName },
    siteAddress: job.siteAddress,
    retainage: formatDecimal(job.retainageBasisPoints, PERCENT_SCALE, { grouping: false }),
    ownerUserId: job.ownerUserId === null ? '' : String(job.ownerUserId),
    deliveryDate: job.deliveryDate ? formatIsoDate(job.deliveryDate) : '',
  };
}

/** Only what differs from the stored job: a save sends these with the version it started from. */
export function changedJobFields(job: BusinessJobDetail, input: JobInput): Partial<JobInput> {
  const stored: JobInput = {
    name: job.name,
    customerId: job.customerId,
    siteAddress: job.siteAddress,
    deliveryDate: job.deliveryDate,
    retainageBasisPoints: job.retainageBasisPoints,
    ownerUserId: job.ownerUserId,
  };
  return Object.fromEntries(
    Object.entries(input).filter(([name, value]) => stored[name as keyof JobInput] !== value),
  ) as Partial<JobInput>;
}
