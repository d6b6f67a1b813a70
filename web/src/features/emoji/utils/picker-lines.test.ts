import { describe, expect, it } from 'vitest';
import { chunkRows, countRows, nextRowLimit, takeRows, toPickerLines } from './picker-lines';

const range = (n: number, prefix = 'e') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('chunkRows', () => {
  it('makes rows of nine with a shorter last row', () => {
    const rows = chunkRows(range(20));
    expect(rows.map((row) => row.length)).toEqual([9, 9, 2]);
    expect(rows[1]?.[0]).toBe('e9');
  });

  it('makes no rows from nothing and rejects an empty row size', () => {
    expect(chunkRows([])).toEqual([]);
    expect(() => chunkRows(range(3), 0)).toThrow(RangeError);
  });
});

describe('picker lines', () => {
  const lines = toPickerLines([
    { id: 'frequent', label: 'Frequently used', items: range(4, 'f') },
    { id: 'empty', label: 'Empty', items: [] },
    { id: 'people', label: 'People', items: range(30, 'p') },
  ]);

  it('puts a heading before each non-empty section', () => {
    expect(lines.map((line) => (line.kind === 'heading' ? line.label : line.items.length))).toEqual(
      ['Frequently used', 4, 'People', 9, 9, 9, 3],
    );
    expect(countRows(lines)).toBe(5);
  });

  it('renders a limited number of rows and never a bare heading', () => {
    expect(takeRows(lines, 1).map((line) => line.key)).toEqual(['frequent:heading', 'frequent:0']);
    expect(countRows(takeRows(lines, 3))).toBe(3);
    expect(takeRows(lines, 0)).toEqual([]);
    expect(takeRows(lines, 100)).toEqual(lines);
  });

  it('grows by batches of ten up to the total', () => {
    expect(nextRowLimit(10, 95)).toBe(20);
    expect(nextRowLimit(90, 95)).toBe(95);
    expect(nextRowLimit(0, 4)).toBe(4);
  });
});
