import { useEffect, useRef, useState } from 'react';
import type { CustomerDuplicates } from '../../../api/customers';
import { optionalEmail, optionalSiret } from '../../../contract/fields';
import { validationMessages } from '../../../i18n/validationMessages';
import { logger } from '../../../logging/logger';
import { customerDisplayName } from '../displayName';

export type FindDuplicates = (query: { email: string; siret: string }) => Promise<CustomerDuplicates>;

/** Waits for a pause in the typing before asking the server. */
const pauseMs = 400;

const named = (template: string, customer: NonNullable<CustomerDuplicates['email']>) =>
  template.replace('{name}', `« ${customerDisplayName(customer)} »`);

/** The value as the contract stores it, or '' while it is empty or not valid yet. */
function checkable(schema: ReturnType<typeof optionalEmail>, value: string): string {
  const result = schema.safeParse(value);
  return result.success ? result.data : '';
}
const emailSchema = optionalEmail();
const siretSchema = optionalSiret();

/**
 * Warnings (never refusals) when the typed email or SIRET already belongs to another customer of
 * the company: the server looks, the form says so under the field and still saves.
 */
export function useDuplicateWarnings(
  find: FindDuplicates | undefined,
  email: string,
  siret: string,
): { email?: string; siret?: string } {
  const [warnings, setWarnings] = useState<{ email?: string; siret?: string }>({});
  /** The latest function, without asking again when only its identity changes. */
  const findRef = useRef(find);
  findRef.current = find;
  const query = { email: checkable(emailSchema, email), siret: checkable(siretSchema, siret) };
  useEffect(() => {
    const ask = findRef.current;
    if (!ask || (!query.email && !query.siret)) {
      setWarnings({});
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      ask(query).then(
        (found) => {
          if (!current) return;
          setWarnings({
            ...(found.email ? { email: named(validationMessages.emailOfAnotherCustomer, found.email) } : {}),
            ...(found.siret ? { siret: named(validationMessages.siretOfAnotherCustomer, found.siret) } : {}),
          });
        },
        (error: unknown) => logger.warn('Error checking customer duplicates', { error }),
      );
    }, pauseMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query.email, query.siret]);
  return warnings;
}
