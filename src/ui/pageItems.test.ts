import { describe, expect, it } from 'vitest';
import { pageItems } from './pageItems';

describe('pageItems', () => {
  it('shows every page when there are few', () => {
    expect(pageItems(0, 0)).toEqual([0]);
    expect(pageItems(2, 4)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the first and the last page, the pages around the current one, and gaps between', () => {
    expect(pageItems(0, 1999)).toEqual([0, 1, 2, 'gap', 1999]);
    expect(pageItems(10, 1999)).toEqual([0, 'gap', 8, 9, 10, 11, 12, 'gap', 1999]);
    expect(pageItems(1999, 1999)).toEqual([0, 'gap', 1997, 1998, 1999]);
    expect(pageItems(10, 1999, 1)).toEqual([0, 'gap', 9, 10, 11, 'gap', 1999]);
  });

  it('shows a page rather than a gap that would hide only that page', () => {
    expect(pageItems(4, 9)).toEqual([0, 1, 2, 3, 4, 5, 6, 'gap', 9]);
  });
});
