/**
 * What the import dialog reads from the data layer: whether the company's library is empty (the
 * dialog then offers the starter library). One item asked for: the answer's `hits` says it.
 */
import { computed } from 'nanostores';
import { libraryPageAnswer } from '../../../api/library';
import { $companyPath, createApiStore, invalidateCompanyKeys } from '../../../api/query';

/** The list page's answer, of which only the count is read (the item itself is not). */
const firstItemAnswer = libraryPageAnswer.pick({ info: true });

export const $libraryFirstItem = createApiStore(firstItemAnswer, [$companyPath, '/library/items?limit=1']);

/** true: nothing in the library; null: not known yet. */
export const $libraryEmpty = computed($libraryFirstItem, ({ data }) => (data ? data.info.hits === 0 : null));

/** After an import or the starter: every list, sheet and family of the library is stale. */
export const libraryChanged = () => invalidateCompanyKeys('/library');
