import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { BusinessJob } from '../../api/businessJobs';
import type { ComboboxChoice } from '../../ui/Combobox';
import { useDebouncedCallback } from '../../ui/useDebouncedCallback';
import { $jobChoices, $jobSearch } from './applicationsStores';

/** Typing waits this long before the job search changes (one request per pause, not per key). */
export const JOB_SEARCH_DELAY_MS = 250;

/** A job as a combobox offers it: its name and its customer. */
export const jobChoice = (job: Pick<BusinessJob, 'id' | 'name' | 'customerName'>): ComboboxChoice => ({
  id: job.id,
  label: `${job.name} (${job.customerName})`,
});

export interface JobChoices {
  choices: readonly ComboboxChoice[];
  loading: boolean;
  onSearch: (text: string) => void;
}

/** The company's jobs for what is typed in a job combobox (from the data layer). */
export function useJobChoices(): JobChoices {
  const { data, loading } = useStore($jobChoices);
  const onSearch = useDebouncedCallback((text: string) => $jobSearch.set(text), JOB_SEARCH_DELAY_MS);
  const choices = useMemo(() => (data?.data ?? []).map(jobChoice), [data]);
  return { choices, loading, onSearch };
}
