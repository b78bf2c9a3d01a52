import { getConfig } from '../config/config';
import { navigation } from '../session/navigation';
import { whenLeaving } from './leaveGuard';
import { isInvoiceEditPath, isPlatformPath, platformPaths } from './paths';
import { $router } from './router';

export interface ResolvedLink {
  /** What the anchor's href says (absolute, except in-app client paths). */
  href: string;
  /** A client page shown by the SPA's router, without a page load. */
  inApp: boolean;
  /** Opens in a new tab: external sites and the help pages. */
  newTab: boolean;
}

interface Origins {
  platformOrigin: string;
  clientOrigin: string;
}

/** True when this page is the client SPA: its links to client pages route in the app. */
export function isInClientApp(pageOrigin: string = location.origin, origins: Origins = getConfig()): boolean {
  return pageOrigin === origins.clientOrigin;
}

/** Only these leave our origins, and only when written out in full (not `//host`, not `/\host`). */
const explicitWebAddress = /^https?:\/\//i;

type Area = { area: 'client' | 'platform' | 'external'; path: string };

/**
 * Which area an address belongs to. Anything not absolute is read against the client origin, the
 * way the browser would read it there (so `@evil.example/x` is a path, not a user name before a
 * host); what then lands outside our two origins is refused (null) unless it was an explicit
 * http(s) address: `//evil.example`, `/\evil.example`, `javascript:`, `data:`…
 */
function splitUrl(url: string, origins: Origins): Area | null {
  const relative = !/^\s*[a-z][a-z0-9+.-]*:/i.test(url);
  let absolute: URL;
  try {
    absolute = new URL(url, `${origins.clientOrigin}/`);
  } catch {
    return null;
  }
  const path = `${absolute.pathname}${absolute.search}${absolute.hash}`;
  if (absolute.origin === origins.clientOrigin) {
    return { area: relative && isPlatformPath(path) ? 'platform' : 'client', path };
  }
  if (absolute.origin === origins.platformOrigin) return { area: 'platform', path };
  const external = explicitWebAddress.test(url) && /^https?:$/.test(absolute.protocol);
  return external ? { area: 'external', path: absolute.href } : null;
}

/**
 * Where a link of the menu or of a notification really goes (spec section 2, "Menu behaviour"):
 * site-relative paths are the platform's when the platform serves them and the client area's
 * otherwise; client pages route in the app inside the SPA and load the page elsewhere; from
 * another area an invoice-edit page is reached through the platform's release-and-redirect page
 * (it releases the lock the legacy app holds on the invoice, then goes on); other sites open in a
 * new tab. Null for an address that would leave our origins without saying so (see splitUrl): the
 * caller shows no link.
 */
export function resolveLink(
  url: string,
  { newTab = false, pageOrigin = typeof location === 'undefined' ? '' : location.origin } = {},
  origins: Origins = getConfig(),
): ResolvedLink | null {
  const split = splitUrl(url, origins);
  if (!split) return null;
  const { area, path } = split;
  if (area === 'external') return { href: path, inApp: false, newTab: true };
  if (area === 'platform') return { href: `${origins.platformOrigin}${path}`, inApp: false, newTab };
  if (isInClientApp(pageOrigin, origins)) return { href: path, inApp: true, newTab };
  const target = `${origins.clientOrigin}${path}`;
  if (isInvoiceEditPath(path)) {
    const redirect = `${origins.platformOrigin}${platformPaths.releaseAndRedirect}`;
    return { href: `${redirect}?redirect=${encodeURIComponent(target)}`, inApp: false, newTab };
  }
  return { href: target, inApp: false, newTab };
}

/** A client path the router knows (anything else needs the server, so a page load). */
export function isRoutedPath(path: string): boolean {
  const pathname = (path.split(/[?#]/)[0] ?? '').replace(/\/$/, '') || '/';
  return $router.routes.some(([, pattern]) => pattern.test(pathname));
}

interface ClickLike {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
  preventDefault(): void;
}

/**
 * Follows a resolved link on a plain click: in the app through `$router`, otherwise as a full page
 * load through `navigation`. Clicks with a modifier (new tab, new window) and new-tab links are
 * left to the browser. Returns true when it took the click over.
 */
export function followLink(event: ClickLike, link: ResolvedLink | null): boolean {
  if (!link) return false;
  const modified = event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  if (link.newTab || modified || event.defaultPrevented) return false;
  event.preventDefault();
  const routed = link.inApp && isRoutedPath(link.href);
  // A page load asks through beforeunload; the router does not unload, so it asks here.
  if (routed) whenLeaving(() => $router.open(link.href));
  else navigation.assign(link.inApp ? new URL(link.href, location.href).href : link.href);
  return true;
}

/** A plain left click, for `openPath`. */
const plainClick: ClickLike = {
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  preventDefault: () => undefined,
};

/**
 * Opens a page the way a plain click on a link to it would (a row clicked, a record just created):
 * in the SPA through `$router`, on a platform page by loading the client page. An element must
 * never `$router.open` by itself: on a platform page that would rewrite the platform's address.
 */
export function openPath(url: string): void {
  followLink(plainClick, resolveLink(url));
}
