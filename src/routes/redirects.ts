import { clientPaths } from './paths';
import { $router, type ClientPage, type RouteName } from './router';

/**
 * Routes that are only a way in (spec section 2): `/` opens the outstanding payments, `/preferences`
 * (and `/preferences/`) the user's account page of the preferences.
 */
const redirects: Partial<Record<RouteName, string>> = {
  home: clientPaths.paymentsPending,
  preferences: clientPaths.myAccountPreferences,
};

/** Where a page redirects to, its query kept (`?menu=no` must survive), or undefined. */
export function redirectTarget(page: ClientPage | undefined): string | undefined {
  const target = page && redirects[page.route];
  if (!target) return undefined;
  const search = new URLSearchParams(page.search).toString();
  return `${target}${search ? `?${search}` : ''}${page.hash}`;
}

/**
 * Follows the redirects while it runs (the SPA starts it before its first render). The address is
 * replaced, not pushed: Back does not return to a page that only redirects.
 */
export function followRedirects(): () => void {
  return $router.subscribe((page) => {
    const target = redirectTarget(page);
    if (target) $router.open(target, true);
  });
}
