/**
 * What the import dialog reads from the data layer: whether the company's library is empty (the
 * dialog then offers the starter library). One item asked for: the answer's `hits` says it.
 */
import { computed } from 'nanostores';
import * as v from 'valibot';
import { $companyPath, createApiStore, invalidateCompanyKeys } from '../../../api/query';

const firstItemAnswer = v.object({ info: v.object({ hits: v.pipe(v.number(), v.integer()) }) });

export const $libraryFirstItem = createApiStore(firstItemAnswer, [$companyPath, '/library/items?limit=1']);

/** true: nothing in the library; null: not known yet. */
export const $libraryEmpty = computed($libraryFirstItem, ({ data }) => (data ? data.info.hits === 0 : null));

/** After an import or the starter: every list, sheet and family of the library is stale. */
export const libraryChanged = () => invalidateCompanyKeys('/library');
