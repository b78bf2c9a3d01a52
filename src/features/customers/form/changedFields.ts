import type { Customer, CustomerChanges, CustomerInput } from '../../../api/customers';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An edit of a stored customer: its version and the fields the form changes, nothing else, so that
 * two people editing different fields both keep their change (the server refuses a stale version).
 */
export function changedFields(stored: Customer, input: CustomerInput): CustomerChanges {
  const changes: Record<string, unknown> = { version: stored.version };
  const { customerCode, keepDuplicateCode, ...fields } = input;
  for (const [name, value] of Object.entries(fields)) {
    if (!same(value, stored[name as keyof Customer])) changes[name] = value;
  }
  // A typed code: sent when it differs, or when the stored one was generated (it becomes manual).
  if (customerCode !== undefined && (customerCode !== stored.customerCode || stored.customerCodeAuto)) {
    changes.customerCode = customerCode;
  }
  if (keepDuplicateCode) changes.keepDuplicateCode = true;
  return changes as CustomerChanges;
}
