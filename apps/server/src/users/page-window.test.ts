import { describe, expect, it } from 'vitest';
import { pageWindow } from './admin-routes.ts';

describe('pageWindow', () => {
  it.each([
    // total, page, size -> window
    [100_000, 1, 10, { offset: 0, limit: 10, reversed: false }],
    [100_000, 5000, 10, { offset: 49_990, limit: 10, reversed: false }],
    [100_000, 5001, 10, { offset: 49_990, limit: 10, reversed: true }],
    [100_000, 10_000, 10, { offset: 0, limit: 10, reversed: true }],
    [25, 3, 10, { offset: 0, limit: 5, reversed: true }],
    [25, 2, 10, { offset: 5, limit: 10, reversed: true }],
    [30, 2, 10, { offset: 10, limit: 10, reversed: false }],
    [1, 1, 10, { offset: 0, limit: 1, reversed: false }],
  ])('total %i, page %i of %i rows -> %o', (total, page, size, expected) => {
    expect(pageWindow(total, page, size)).toEqual(expected);
  });

  it('has no window past the end or in an empty list', () => {
    expect(pageWindow(25, 4, 10)).toBeUndefined();
    expect(pageWindow(0, 1, 10)).toBeUndefined();
  });

  it('covers every row exactly once, in order, for any page size', () => {
    for (const total of [1, 7, 10, 11, 99, 250]) {
      for (const size of [1, 3, 10, 25, 100]) {
        const rows = Array.from({ length: total }, (_, i) => i);
        const walked: number[] = [];
        for (let page = 1; (page - 1) * size < total; page++) {
          const w = pageWindow(total, page, size)!;
          const source = w.reversed ? [...rows].reverse() : rows;
          const slice = source.slice(w.offset, w.offset + w.limit);
          walked.push(...(w.reversed ? slice.reverse() : slice));
        }
        expect(walked).toEqual(rows);
      }
    }
  });
});
