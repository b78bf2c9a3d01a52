import { afterEach, describe, expect, it, vi } from 'vitest';
import { $menuCollapsed, COLLAPSED_QUERY, isMenuHidden } from './menuVisibility';

describe('menu visibility', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('?menu=no hides the bar, nothing else does', () => {
    expect(isMenuHidden('?menu=no')).toBe(true);
    expect(isMenuHidden('?x=1&menu=no')).toBe(true);
    expect(isMenuHidden('?menu=yes')).toBe(false);
    expect(isMenuHidden('')).toBe(false);
  });

  it('collapses under 1024 px and follows the window', () => {
    expect(COLLAPSED_QUERY).toBe('(max-width: 1023.98px)');
    let listener: () => void = () => {};
    const query = {
      matches: true,
      addEventListener: (_: string, callback: () => void) => {
        listener = callback;
      },
      removeEventListener: vi.fn(),
    };
    vi.stubGlobal('matchMedia', () => query);
    const seen: boolean[] = [];
    const stop = $menuCollapsed.subscribe((value) => seen.push(value));
    query.matches = false;
    listener();
    stop();
    expect(seen).toEqual([true, false]);
  });
});
