import type { Customer, CustomerChanges, CustomerInput } from '../../../api/customers';
import { editOf } from '../../../api/edits';

/**
 * An edit of a stored customer: its version and the fields the form changes, nothing else, so that
 * two people editing different fields both keep their change (the server refuses a stale version).
 */
export function changedFields(stored: Customer, input: CustomerInput): CustomerChanges {
  const { customerCode, keepDuplicateCode, ...fields } = input;
  const changes: Record<string, unknown> = editOf(stored, fields);
  // A typed code: sent when it differs, or when the stored one was generated (it becomes manual).
  if (customerCode !== undefined && (customerCode !== stored.customerCode || stored.customerCodeAuto)) {
    changes.customerCode = customerCode;
  }
  if (keepDuplicateCode) changes.keepDuplicateCode = true;
  return changes as CustomerChanges;
}
