import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { useDebouncedCallback } from '../../../ui/useDebouncedCallback';
import { $customerChoices, $customerSearch } from '../jobStores';
import { customerChoice } from './choices';

/** Typing waits this long before the search changes (one request per pause, not per key). */
export const CUSTOMER_SEARCH_DELAY_MS = 250;

/** The customer combobox's choices (from the data layer) and what it calls as the user types. */
export function useCustomerChoices() {
  const { data, loading } = useStore($customerChoices);
  const onSearch = useDebouncedCallback(
    (text: string) => $customerSearch.set(text),
    CUSTOMER_SEARCH_DELAY_MS,
  );
  const choices = useMemo(() => (data?.data ?? []).map(customerChoice), [data]);
  return { choices, loading, onSearch };
}
