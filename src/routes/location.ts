import { atom, onMount } from 'nanostores';
import { $router } from './router';

/** Where the page is: what the active menu entry and the link targets depend on. */
export interface Here {
  origin: string;
  pathname: string;
  hash: string;
  search: string;
}

export function readHere(): Here {
  if (typeof location === 'undefined') return { origin: '', pathname: '/', hash: '', search: '' };
  const { origin, pathname, hash, search } = location;
  return { origin, pathname, hash, search };
}

/**
 * The page's address, kept current: the SPA moves with `$router` (history.pushState fires no
 * event), a legacy platform page with its hash routes (#/gestion-chantier) and back/forward.
 */
export const $here = atom<Here>(readHere());

onMount($here, () => {
  const update = () => {
    const next = readHere();
    const current = $here.get();
    if (Object.keys(next).some((key) => next[key as keyof Here] !== current[key as keyof Here]))
      $here.set(next);
  };
  update();
  window.addEventListener('popstate', update);
  window.addEventListener('hashchange', update);
  // $router.open() announces the page before it pushes the address: read it once that is done.
  const unbindRouter = $router.listen(() => queueMicrotask(update));
  return () => {
    window.removeEventListener('popstate', update);
    window.removeEventListener('hashchange', update);
    unbindRouter();
  };
});
