import type * as z from 'zod/v4/core';
import { parseFrenchDate } from '../contract/format';
import { validationMessages } from './validationMessages';

/**
 * Zod error map with the exact French messages of spec section 5. Pass it per parse
 * (`schema.safeParse(value, { error: frenchErrorMap })`) or to a form resolver: it is never
 * installed globally, so importing the library changes nothing for the host page's own zod.
 */
export const frenchErrorMap: z.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') {
        return validationMessages.required;
      }
      if (issue.expected === 'number' || issue.expected === 'int') return validationMessages.number;
      return undefined;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return validationMessages.required;
      if (issue.origin === 'array' && issue.minimum === 1) return validationMessages.required;
      return undefined;
    case 'invalid_format':
      if (issue.format === 'email') return validationMessages.email;
      return undefined;
    default:
      return undefined;
  }
};

/** A refinement for text fields that must hold a dd/MM/yyyy date. */
export function isFrenchDate(text: string): boolean {
  return parseFrenchDate(text) !== null;
}
