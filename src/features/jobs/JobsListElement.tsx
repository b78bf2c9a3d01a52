import { useState } from 'react';
import type { ElementHostProps } from '../../elements/defineElement';
import { JobsList } from './JobsList';
import { ownJobsList } from './jobStores';

/**
 * `<bo-jobs-list>`: the Affaires list on a platform page, the SPA's own list (search, pages); a
 * job's link opens its sheet the way the menu's links go. Its search and page live in the element,
 * not in the platform page's address. The element is a lazy chunk of its own.
 */
export function JobsListElement(_props: ElementHostProps) {
  const [list] = useState(ownJobsList);
  return <JobsList list={list} />;
}
