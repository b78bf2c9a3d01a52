/**
 * « Insérer un métré » (issue 23): the measure groups the dialog offers, through the data layer
 * (src/api/query.ts), keyed on the session's company and on the dialog's state: the groups of the
 * quote's job first, then the others (the same search), and the group opened with its measures.
 * A key part that is null loads nothing: the dialog closed, no group opened yet.
 */
import { atom, computed } from 'nanostores';
import { $companyPath, createApiStore } from '../../../../api/query';
import { logger } from '../../../../logging/logger';
import { measureGroupAnswer, measureGroupPageAnswer } from '../../../applications/api';

/** Groups listed per part (the job's, the others'); the search narrows them. */
export const PICKER_GROUPS = 30;

export interface MeasurePickerQuery {
  /** The quote's job (its groups come first); null: the dialog is closed. */
  jobId: number | null;
  q: string;
  /** The group whose measures are shown. */
  groupId: number | null;
}

export const $measurePicker = atom<MeasurePickerQuery>({ jobId: null, q: '', groupId: null });

const search = (q: string) => (q.trim() ? `&q=${encodeURIComponent(q.trim())}` : '');

const $jobGroupsPath = computed($measurePicker, ({ jobId, q }) =>
  jobId === null
    ? null
    : `/measure-groups?businessJobId=${jobId}&sort=-date&limit=${PICKER_GROUPS}${search(q)}`,
);
const $allGroupsPath = computed($measurePicker, ({ jobId, q }) =>
  jobId === null ? null : `/measure-groups?sort=-date&limit=${PICKER_GROUPS + 1}${search(q)}`,
);
const $groupPath = computed($measurePicker, ({ jobId, groupId }) =>
  jobId === null || groupId === null ? null : `/measure-groups/${groupId}`,
);

const onError = (error: unknown) => logger.warn('Error getting measure groups', { error });

export const $jobMeasureGroups = createApiStore(measureGroupPageAnswer, [$companyPath, $jobGroupsPath], {
  onError,
});
export const $allMeasureGroups = createApiStore(measureGroupPageAnswer, [$companyPath, $allGroupsPath], {
  onError,
});
export const $pickedMeasureGroup = createApiStore(measureGroupAnswer, [$companyPath, $groupPath], {
  onError,
});

/** Opens the dialog for a quote of `jobId`: a new search, no group yet. */
export const openMeasurePicker = (jobId: number) => $measurePicker.set({ jobId, q: '', groupId: null });
export const closeMeasurePicker = () => $measurePicker.set({ jobId: null, q: '', groupId: null });
export const searchMeasureGroups = (q: string) => $measurePicker.set({ ...$measurePicker.get(), q });
export const pickMeasureGroup = (groupId: number | null) =>
  $measurePicker.set({ ...$measurePicker.get(), groupId });
