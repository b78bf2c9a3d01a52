import type { BusinessJobDetail } from '../../../api/businessJobs';
import type { Customer } from '../../../api/customers';
import type { User } from '../../../api/users';
import type { ComboboxChoice } from '../../../ui/Combobox';
import { customerDisplayName } from '../../customers/displayName';

/** A customer as the combobox offers it: its name and its code. */
export const customerChoice = (customer: Customer): ComboboxChoice => ({
  id: customer.id,
  label: `${customerDisplayName(customer)} (${customer.customerCode})`,
});

/**
 * The users a job may be handed to: the unlocked ones, by name (the email without one), plus the
 * job's current owner even when locked, so that the sheet shows who it is.
 */
export function ownerChoices(
  users: readonly User[] | undefined,
  current?: Pick<BusinessJobDetail, 'ownerUserId' | 'ownerName'>,
): ComboboxChoice[] {
  const choices = (users ?? [])
    .filter((user) => !user.locked || user.id === current?.ownerUserId)
    .map((user) => ({
      id: user.id,
      label: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email,
    }));
  if (current?.ownerUserId != null && !choices.some((choice) => choice.id === current.ownerUserId)) {
    choices.push({ id: current.ownerUserId, label: current.ownerName ?? `#${current.ownerUserId}` });
  }
  return choices.sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}
