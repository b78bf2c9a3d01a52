import { describe, expect, it } from 'vitest';
import { isOutside, nextIndex } from './menuKeys';

describe('menu keys', () => {
  it('moves along a row or a column, wrapping at the ends', () => {
    expect(nextIndex(0, 4, 'ArrowRight', 'horizontal')).toBe(1);
    expect(nextIndex(3, 4, 'ArrowRight', 'horizontal')).toBe(0);
    expect(nextIndex(0, 4, 'ArrowLeft', 'horizontal')).toBe(3);
    expect(nextIndex(2, 4, 'ArrowDown', 'vertical')).toBe(3);
    expect(nextIndex(0, 4, 'ArrowUp', 'vertical')).toBe(3);
    expect(nextIndex(2, 4, 'Home', 'vertical')).toBe(0);
    expect(nextIndex(1, 4, 'End', 'horizontal')).toBe(3);
    expect(nextIndex(1, 4, 'ArrowDown', 'horizontal')).toBeNull();
    expect(nextIndex(0, 0, 'Home', 'vertical')).toBeNull();
  });

  it('tells a click outside from a click inside, through shadow roots', () => {
    const inside = document.createElement('div');
    const event = { composedPath: () => [inside, document.body] } as unknown as Event;
    expect(isOutside(event, inside)).toBe(false);
    expect(isOutside(event, document.createElement('div'))).toBe(true);
    expect(isOutside(event, null)).toBe(true);
  });
});
