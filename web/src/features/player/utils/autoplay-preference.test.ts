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
    expect(countdownLeft(0, 5)).toBe(5);
    expect(countdownLeft(1, 5)).toBe(5);
    expect(countdownLeft(1000, 5)).toBe(4);
    expect(countdownLeft(4999, 5)).toBe(1);
    expect(countdownLeft(5000, 5)).toBe(0);
    expect(countdownLeft(8000, 5)).toBe(0);
  });
});
