import { describe, expect, it } from 'vitest';
import { processCount } from './process-count.js';

describe('processCount', () => {
  it('runs one process per core by default', () => {
    expect(processCount(undefined, 2)).toBe(2);
    expect(processCount('', 8)).toBe(8);
    expect(processCount(' ', 1)).toBe(1);
  });

  it('never runs fewer than one process', () => {
    expect(processCount(undefined, 0)).toBe(1);
  });

  it('takes SERVER_PROCESSES when it is a whole number from 1 to 64', () => {
    expect(processCount('1', 8)).toBe(1);
    expect(processCount('3', 2)).toBe(3);
    expect(processCount('64', 2)).toBe(64);
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['0', '-1', '1.5', 'two', '65', '2e3x']) {
      expect(() => processCount(bad, 2)).toThrow('SERVER_PROCESSES must be a whole number');
    }
  });
});
