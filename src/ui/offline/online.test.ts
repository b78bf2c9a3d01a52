import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $online } from './online';

describe('$online', () => {
  afterEach(() => cleanStores($online));

  it('follows the browser’s offline and online events', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const unsubscribe = $online.listen(() => {});
    expect($online.get()).toBe(true);
    onLine.mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect($online.get()).toBe(false);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect($online.get()).toBe(true);
    unsubscribe();
  });
});
