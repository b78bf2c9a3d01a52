/** A page number (from 0) or a gap ('…') in the pager. */
export type PageItem = number | 'gap';

/**
 * The page numbers the pager shows: the first, the last, and `around` pages either side of the
 * current one; a gap stands for the pages left out (a gap of one page shows that page instead).
 */
export function pageItems(current: number, last: number, around = 2): PageItem[] {
  const shown = new Set([0, last]);
  for (let page = current - around; page <= current + around; page++) {
    if (page >= 0 && page <= last) shown.add(page);
  }
  // A gap hiding a single page takes as much room as that page: show it.
  for (const page of [...shown]) {
    if (shown.has(page + 2) && !shown.has(page + 1)) shown.add(page + 1);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, index) => {
    if (index > 0 && page - pages[index - 1]! > 1) items.push('gap');
    items.push(page);
  });
  return items;
}
