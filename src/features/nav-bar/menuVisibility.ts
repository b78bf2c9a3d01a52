import { atom, computed, onMount } from 'nanostores';
import { MENU_COLLAPSE_WIDTH } from '../../config/constants';
import { $here } from '../../routes/location';

/** `?menu=no` in the page address hides the navigation bar (spec section 2, "Menu behaviour"). */
export function isMenuHidden(search: string): boolean {
  return new URLSearchParams(search).get('menu') === 'no';
}

export const $menuHidden = computed($here, (here) => isMenuHidden(here.search));

/** Under 1024 px the menu collapses into a single 'Menu' dropdown. */
export const COLLAPSED_QUERY = `(max-width: ${MENU_COLLAPSE_WIDTH - 0.02}px)`;

const collapsedNow = () => typeof matchMedia === 'function' && matchMedia(COLLAPSED_QUERY).matches;

export const $menuCollapsed = atom<boolean>(collapsedNow());

onMount($menuCollapsed, () => {
  if (typeof matchMedia !== 'function') return;
  const query = matchMedia(COLLAPSED_QUERY);
  const update = () => $menuCollapsed.set(query.matches);
  update();
  query.addEventListener('change', update);
  return () => query.removeEventListener('change', update);
});
