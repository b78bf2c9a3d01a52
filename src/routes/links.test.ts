import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigation } from '../session/navigation';
import { followLink, isRoutedPath, resolveLink } from './links';
import { invoicePath, isInvoiceEditPath, isPlatformPath } from './paths';
import { $router } from './router';

const origins = { platformOrigin: 'https://plateforme.example', clientOrigin: 'https://client.example' };
const onPlatform = { pageOrigin: origins.platformOrigin };
const inSpa = { pageOrigin: origins.clientOrigin };
const click = (overrides: Partial<MouseEvent> = {}) => ({
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  defaultPrevented: false,
  preventDefault: vi.fn(),
  ...overrides,
});

describe('links of the menu and the notifications', () => {
  beforeEach(() => {
    vi.spyOn(navigation, 'assign').mockImplementation(() => {});
  });
  afterEach(() => history.replaceState(null, '', '/'));

  it('knows the platform’s paths and the invoice-edit pages', () => {
    expect(isPlatformPath('/app/reporting')).toBe(true);
    expect(isPlatformPath('/logout')).toBe(true);
    expect(isPlatformPath('/facturation')).toBe(false);
    expect(isInvoiceEditPath(invoicePath(42))).toBe(true);
    expect(isInvoiceEditPath('/facturation/factures/42?x=1')).toBe(true);
    expect(isInvoiceEditPath('/facturation/factures/abc')).toBe(false);
    expect(isInvoiceEditPath('/facturation/factures')).toBe(false);
  });

  it('routes client pages in the SPA and loads them elsewhere', () => {
    expect(resolveLink('/gestion-clients', inSpa, origins)).toEqual({
      href: '/gestion-clients',
      inApp: true,
      newTab: false,
    });
    expect(resolveLink('/gestion-clients', onPlatform, origins)).toEqual({
      href: 'https://client.example/gestion-clients',
      inApp: false,
      newTab: false,
    });
    expect(resolveLink('https://client.example/affaires', inSpa, origins)?.href).toBe('/affaires');
  });

  it('goes to invoice-edit pages from another area through release-and-redirect', () => {
    expect(resolveLink('/facturation/factures/42', onPlatform, origins)?.href).toBe(
      'https://plateforme.example/app/prive/#/release-and-redirect?redirect=https%3A%2F%2Fclient.example%2Ffacturation%2Ffactures%2F42',
    );
    expect(resolveLink('/facturation/factures/42', inSpa, origins)?.href).toBe('/facturation/factures/42');
  });

  it('loads platform pages, opens other sites and help in a new tab', () => {
    expect(resolveLink('/app/reporting', inSpa, origins)).toEqual({
      href: 'https://plateforme.example/app/reporting',
      inApp: false,
      newTab: false,
    });
    expect(resolveLink('https://plateforme.example/app/my-account', inSpa, origins)?.href).toBe(
      'https://plateforme.example/app/my-account',
    );
    expect(resolveLink('/foire-aux-questions', { ...inSpa, newTab: true }, origins)?.newTab).toBe(true);
    expect(resolveLink('https://aide.example/tuto', inSpa, origins)).toEqual({
      href: 'https://aide.example/tuto',
      inApp: false,
      newTab: true,
    });
  });

  it('reads an address without a scheme against the client origin: it cannot leave it', () => {
    // Read by the browser against a page of the platform, these used to name another host.
    expect(resolveLink('@evil.example/x', onPlatform, origins)).toEqual({
      href: 'https://client.example/@evil.example/x',
      inApp: false,
      newTab: false,
    });
    expect(resolveLink('@evil.example/x', inSpa, origins)?.href).toBe('/@evil.example/x');
    expect(resolveLink('gestion-clients', onPlatform, origins)?.href).toBe(
      'https://client.example/gestion-clients',
    );
    expect(resolveLink('app/reporting', inSpa, origins)?.href).toBe(
      'https://plateforme.example/app/reporting',
    );
    // Without its slashes, an address of the client's own scheme is a path there.
    expect(resolveLink('https:evil.example', onPlatform, origins)?.href).toBe(
      'https://client.example/evil.example',
    );
    expect(resolveLink('https://user@client.example/affaires', onPlatform, origins)?.href).toBe(
      'https://client.example/affaires',
    );
  });

  it('refuses what leaves our origins without being an explicit http(s) address', () => {
    for (const hostile of [
      '//evil.example',
      '//evil.example/x',
      '/\\evil.example',
      '\\\\evil.example/x',
      '/\t/evil.example',
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:x@evil.example',
      'http:/\\evil.example',
      'http://',
    ]) {
      for (const where of [onPlatform, inSpa])
        expect(resolveLink(hostile, where, origins), hostile).toBeNull();
    }
    // Written out in full, another site is allowed, in a new tab.
    expect(resolveLink('HTTPS://aide.example/x', inSpa, origins)).toEqual({
      href: 'https://aide.example/x',
      inApp: false,
      newTab: true,
    });
  });

  it('takes no click over for a refused address', () => {
    const event = click();
    expect(followLink(event, null)).toBe(false);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('follows a plain click: in the app through $router, otherwise a full page load', () => {
    const inApp = click();
    expect(followLink(inApp, { href: '/gestion-clients', inApp: true, newTab: false })).toBe(true);
    expect(inApp.preventDefault).toHaveBeenCalled();
    expect($router.get()?.route).toBe('customers');
    expect(location.pathname).toBe('/gestion-clients');
    followLink(click(), { href: '/route-inconnue', inApp: true, newTab: false });
    expect(navigation.assign).toHaveBeenCalledWith(`${location.origin}/route-inconnue`);
    followLink(click(), { href: 'https://plateforme.example/app/reporting', inApp: false, newTab: false });
    expect(navigation.assign).toHaveBeenLastCalledWith('https://plateforme.example/app/reporting');
  });

  it('leaves new tabs and modified clicks to the browser', () => {
    const link = { href: '/gestion-clients', inApp: true, newTab: false };
    expect(followLink(click({ ctrlKey: true }), link)).toBe(false);
    expect(followLink(click({ button: 1 }), link)).toBe(false);
    expect(followLink(click({ defaultPrevented: true }), link)).toBe(false);
    expect(followLink(click(), { ...link, newTab: true })).toBe(false);
    expect(navigation.assign).not.toHaveBeenCalled();
  });

  it('knows the client routes, digits-only ids included', () => {
    expect(isRoutedPath('/facturation/factures/42')).toBe(true);
    expect(isRoutedPath('/gestion-clients/12')).toBe(true);
    expect(isRoutedPath('/applications/pix4d/')).toBe(true);
    expect(isRoutedPath('/gestion-clients/abc/def')).toBe(false);
  });
});
