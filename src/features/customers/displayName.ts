import type { Customer } from '../../api/customers';

/** A professional by its company name, a private customer by civility, first and last name. */
export function customerDisplayName(
  customer: Pick<Customer, 'type' | 'companyName' | 'civility' | 'firstName' | 'lastName'>,
): string {
  if (customer.type === 'professional' && customer.companyName) return customer.companyName;
  return [customer.civility, customer.firstName, customer.lastName].filter(Boolean).join(' ');
}
