import { describe, expect, it } from 'vitest';
import { pageItems, showingRange } from './pagination';

describe('the upcoming list pages: first, last and current plus or minus one, with ellipses', () => {
  it('shows an ellipsis for every gap, even of one page', () => {
    expect(pageItems(4, 10)).toEqual([1, 'ellipsis-start', 3, 4, 5, 'ellipsis-end', 10]);
    expect(pageItems(7, 10)).toEqual([1, 'ellipsis-start', 6, 7, 8, 'ellipsis-end', 10]);
  });

  it('shows every page when there are no gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(3, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('at either end', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'ellipsis-end', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'ellipsis-start', 9, 10]);
  });

  it("'Showing x-y of n appointments' parts", () => {
    expect(showingRange(2, 10, 10, 25)).toEqual({ from: 11, to: 20 });
    expect(showingRange(3, 10, 5, 25)).toEqual({ from: 21, to: 25 });
    expect(showingRange(1, 10, 0, 0)).toEqual({ from: 0, to: 0 });
  });
});
