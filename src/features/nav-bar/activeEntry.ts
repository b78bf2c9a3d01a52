import type { Here } from '../../routes/location';
import { clientPaths, isPlatformPath } from '../../routes/paths';
import { isDivider, type MenuEntry, type MenuItem } from './menu';

interface Origins {
  platformOrigin: string;
  clientOrigin: string;
}

/** "/a/b/" → "/a/b", with the legacy app's hash route kept ("/app/prive#/gestion-chantier"). */
function pageKey(pathname: string, hash: string): string {
  const path = pathname.replace(/\/+$/, '') || '/';
  const route = hash.startsWith('#/') ? (hash.split('?')[0] ?? '') : '';
  return `${path}${route}`;
}

function patternKey(pattern: string): string {
  const [path = '', hash = ''] = pattern.split('#');
  return pageKey(path.split('?')[0] ?? '', hash ? `#${hash}` : '');
}

/** How well a pattern fits the page: 0 no, 1 under a `/*` pattern, 2 the very page. */
function fit(pattern: string, page: string): number {
  if (pattern.endsWith('/*')) {
    const base = patternKey(pattern.slice(0, -2));
    return page.startsWith(`${base}/`) ? 1 : 0;
  }
  return patternKey(pattern) === page ? 2 : 0;
}

/**
 * The score of an entry's own rules: its url (3), an "also active for" page (2) or area (1). A
 * parent's url counts as an "also active for" page: the bar opens its submenu rather than going
 * there, and a child with the same url (Profil, Mon compte) is the better answer.
 */
function entryScore(entry: MenuItem, here: Here, origins: Origins): number {
  const originOf = (pattern: string) =>
    isPlatformPath(pattern) ? origins.platformOrigin : origins.clientOrigin;
  const page = pageKey(here.pathname, here.hash);
  const scores = [entry.url, ...(entry.alsoActiveFor ?? [])].map((pattern, index) => {
    if (originOf(pattern) !== here.origin) return 0;
    const score = fit(pattern, page);
    return index === 0 && score === 2 && !entry.children ? 3 : score;
  });
  return Math.max(0, ...scores);
}

/**
 * The platform's « Mes applications » page (/app/applications/, server/src/pages/applications.ts)
 * shows the client's area in place, its hash routes mirroring the client's paths
 * (#/sema/groupes-mesures is /applications/sema/groupes-mesures): the menu reads it as that page.
 */
function mirroredPage(here: Here, origins: Origins): Here {
  if (here.origin !== origins.platformOrigin || pageKey(here.pathname, '') !== '/app/applications')
    return here;
  const route = here.hash.startsWith('#/') ? (here.hash.slice(1).split('?')[0] ?? '') : '';
  return { ...here, origin: origins.clientOrigin, pathname: `${clientPaths.applications}${route}`, hash: '' };
}

/**
 * The current entry and its parents: the entry whose rules fit the page best (its own url, then
 * an "also active for" page, then an area); on a tie a child beats its parent, otherwise the first in
 * menu order wins. One path is active,
 * so a submenu never shows two current entries.
 */
export function activeTrail(menu: MenuEntry[], at: Here, origins: Origins): MenuItem[] {
  const here = mirroredPage(at, origins);
  let best: { score: number; trail: MenuItem[] } = { score: 0, trail: [] };
  const visit = (entries: MenuEntry[], parents: MenuItem[]) => {
    for (const entry of entries) {
      if (isDivider(entry)) continue;
      const score = entryScore(entry, here, origins);
      const winner = best.trail.at(-1);
      // On a tie a child beats its own parent: it says more precisely where the page is.
      const refines = score === best.score && winner !== undefined && parents.includes(winner);
      if (score > best.score || (score > 0 && refines)) best = { score, trail: [...parents, entry] };
      if (entry.children) visit(entry.children, [...parents, entry]);
    }
  };
  visit(menu, []);
  return best.trail;
}
