import { describe, expect, it } from 'vitest';
import { ID_PATTERN, newId } from './ids.js';

describe('newId', () => {
  it('is 24 lower-case hex characters', () => {
    expect(newId()).toMatch(ID_PATTERN);
  });
  it('sorts by creation second', () => {
    const a = newId(Date.UTC(2026, 0, 1));
    const b = newId(Date.UTC(2026, 0, 2));
    expect(a < b).toBe(true);
    expect(a.slice(0, 8)).toBe((Date.UTC(2026, 0, 1) / 1000).toString(16));
  });
  it('sorts ids made in one second in the order they were made', () => {
    const ids = Array.from({ length: 1000 }, () => newId(Date.UTC(2026, 0, 1)));
    expect([...ids].sort()).toEqual(ids);
  });
  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId(0)));
    expect(ids.size).toBe(1000);
  });
});
