import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { $customerChoices, $customerSearch } from '../jobStores';
import { customerChoice } from './choices';

/** Typing waits this long before the search changes (one request per pause, not per key). */
export const CUSTOMER_SEARCH_DELAY_MS = 250;

/** The customer combobox's choices (from the data layer) and what it calls as the user types. */
export function useCustomerChoices() {
  const { data, loading } = useStore($customerChoices);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const choices = useMemo(() => (data?.data ?? []).map(customerChoice), [data]);
  return {
    choices,
    loading,
    onSearch: (text: string) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => $customerSearch.set(text), CUSTOMER_SEARCH_DELAY_MS);
    },
  };
}
