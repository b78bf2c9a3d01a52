import { afterEach, describe, expect, it } from 'vitest';
import { $here } from './location';
import { $router } from './router';

describe('$here', () => {
  afterEach(() => history.replaceState(null, '', '/'));

  it('follows the router, the hash routes and back/forward', async () => {
    const stop = $here.listen(() => {});
    $router.open('/gestion-clients');
    await Promise.resolve();
    expect($here.get().pathname).toBe('/gestion-clients');
    location.hash = '#/gestion-chantier';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect($here.get().hash).toBe('#/gestion-chantier');
    history.replaceState(null, '', '/affaires?menu=no');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect($here.get()).toMatchObject({ pathname: '/affaires', search: '?menu=no', hash: '' });
    const before = $here.get();
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect($here.get()).toBe(before);
    stop();
  });
});
