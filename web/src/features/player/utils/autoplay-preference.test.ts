import { describe, expect, it } from 'vitest';
import {
  countdownLeft,
  readAutoplayPreference,
  writeAutoplayPreference,
} from './autoplay-preference';

function memory(): Storage {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  } as Storage;
}

describe('the autoplay preference', () => {
  it('is on until the viewer turns it off, and remembered', () => {
    const storage = memory();
    expect(readAutoplayPreference(storage)).toBe(true);
    writeAutoplayPreference(storage, false);
    expect(readAutoplayPreference(storage)).toBe(false);
    writeAutoplayPreference(storage, true);
    expect(readAutoplayPreference(storage)).toBe(true);
  });

  it('is on when storage cannot be read', () => {
    expect(readAutoplayPreference(null)).toBe(true);
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readAutoplayPreference(broken)).toBe(true);
  });
});

describe('countdownLeft', () => {
  it('counts whole seconds down to zero', () => {
    expect(countdownLeft(1000, 1000, 5)).toBe(5);
    expect(countdownLeft(1000, 1001, 5)).toBe(5);
    expect(countdownLeft(1000, 2000, 5)).toBe(4);
    expect(countdownLeft(1000, 5999, 5)).toBe(1);
    expect(countdownLeft(1000, 6000, 5)).toBe(0);
    expect(countdownLeft(1000, 9000, 5)).toBe(0);
  });
});
