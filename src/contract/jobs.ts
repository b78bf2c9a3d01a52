/**
 * The business job (affaire) as both sides read it: the fields a client writes and their limits.
 * The new-job form and the job sheet validate with `jobFields` (through their form schemas); the
 * server's create and edit bodies are built from the same fields (server/src/schemas/invoicing.ts),
 * so neither side accepts what the other refuses.
 */
import { z } from 'zod';
import { isoDate, optionalText, whenMissing, wholeNumber } from './fields.js';

/** The longest text each field takes. */
export const jobTextLimits = { name: 200, siteAddress: 300 } as const;

/**
 * Retainage (retenue de garantie) in basis points: at most 500 = 5 %, the legal ceiling (loi
 * n° 71-584 du 16 juillet 1971, art. 1er), the same bound as the domain's `MAX_RETAINAGE_RATE`.
 */
export const MAX_RETAINAGE_BASIS_POINTS = 500;

/** A positive int4 id in a body. */
const idField = () =>
  z
    .number({ error: whenMissing('number') })
    .int('number')
    .min(1, 'number')
    .max(2147483647, 'number');

/** Every field a client writes, each checked on its own. */
export const jobFields = {
  name: z
    .string({ error: whenMissing('string') })
    .trim()
    .min(1, 'required')
    .max(jobTextLimits.name, 'too_long'),
  /** A customer of the company (another company's: 404 not_found, like any foreign id). */
  customerId: idField(),
  siteAddress: optionalText(jobTextLimits.siteAddress),
  /** Works-reception date (yyyy-MM-dd); null: none yet. */
  deliveryDate: isoDate().nullable(),
  retainageBasisPoints: wholeNumber(0, MAX_RETAINAGE_BASIS_POINTS),
  /** Who follows the job: a user of the company (another company's: 404 not_found); null: nobody. */
  ownerUserId: idField().nullable(),
};

export type JobFieldName = keyof typeof jobFields;

/** A whole job as a client writes it (the form's result, the create body with every field given). */
export const jobInputSchema = z.object(jobFields);
export type JobInput = z.output<typeof jobInputSchema>;
