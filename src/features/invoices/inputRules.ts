/**
 * The contract's body rules (src/contract/invoiceInputs.ts) said in French under a field: the
 * editor and the dialogs check a value with the very schema the server validates with, so that a
 * value the server would refuse is never sent.
 */
import { z } from 'zod';
import { fieldCodeMessage } from '../../i18n/fieldCodeMessages';
import { invoiceMessages } from './messages';

/** The French sentence of a contract's issue: a length says its maximum. */
function issueMessage(issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'too_big' && issue.message === 'too_long')
    return invoiceMessages.tooLong(Number(issue.maximum));
  return fieldCodeMessage(issue?.message ?? 'invalid');
}

/** The message of the first rule `value` breaks, or undefined when the server would take it. */
export function ruleError(schema: z.ZodType, value: unknown): string | undefined {
  const checked = schema.safeParse(value);
  return checked.success ? undefined : issueMessage(checked.error.issues[0]);
}

/**
 * A form's text field checked by a contract's rule (react-hook-form with zod): the form keeps what
 * is typed, the rule says what the server would refuse. `required` replaces the usual sentence.
 */
export const textBy = (rule: z.ZodType, required?: string) =>
  z.string().superRefine((text, context) => {
    const message = ruleError(rule, text);
    if (message)
      context.addIssue({
        code: 'custom',
        message: required && !text.trim() ? required : message,
      });
  });
