import { afterEach, describe, expect, it } from 'vitest';
import { followRedirects, redirectTarget } from './redirects';
import { $router } from './router';

describe('redirects of the route table', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('sends / to the outstanding payments and /preferences to my account, query kept', () => {
    const page = (route: 'home' | 'preferences', search: Record<string, string> = {}) =>
      ({ route, params: {}, path: '/', hash: '', search }) as const;
    expect(redirectTarget(page('home'))).toBe('/facturation/reglements/en-attente');
    expect(redirectTarget(page('home', { menu: 'no' }))).toBe('/facturation/reglements/en-attente?menu=no');
    expect(redirectTarget(page('preferences'))).toBe('/preferences/mon-compte');
    expect(redirectTarget(undefined)).toBeUndefined();
  });

  it('replaces the address at once, on arrival and on an in-app move', () => {
    history.replaceState(null, '', '/?menu=no');
    const lengthBefore = history.length;
    const stop = followRedirects();
    expect(location.pathname + location.search).toBe('/facturation/reglements/en-attente?menu=no');
    expect($router.get()?.route).toBe('paymentsPending');

    $router.open('/preferences/');
    expect(location.pathname).toBe('/preferences/mon-compte');
    expect($router.get()?.route).toBe('preferencesPage');

    $router.open('/gestion-clients');
    expect(location.pathname).toBe('/gestion-clients');
    // Only the move to the customers was pushed: a redirect replaces.
    expect(history.length).toBe(lengthBefore + 1);
    stop();
  });
});
