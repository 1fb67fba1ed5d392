import { describe, expect, it } from 'vitest';
import { pageWindow, totalLabel } from './pager.tsx';

describe('pageWindow', () => {
  it('shows every page when there are ten or fewer', () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
  it('keeps ten links around the current page and inside the range', () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageWindow(20, 50)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageWindow(50, 50)).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
  });
});

describe('totalLabel', () => {
  it('shows the exact total with Indonesian grouping', () => {
    expect(totalLabel({ total: 7 })).toBe('7');
    expect(totalLabel({ total: 8000, total_lebih: false })).toBe('8.000');
  });
  it('marks a capped count with a plus', () => {
    expect(totalLabel({ total: 10_000, total_lebih: true })).toBe('10.000+');
  });
});
