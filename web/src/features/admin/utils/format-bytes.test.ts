import { describe, expect, it } from 'vitest';
import { bytesToGib, formatBytes, gibToBytes } from './format-bytes';

describe('formatBytes', () => {
  it('picks a binary unit and a readable precision', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GiB');
    expect(formatBytes(-1)).toBe('—');
  });
});

describe('gibibytes in forms', () => {
  it('turns typed gibibytes into bytes and back', () => {
    expect(gibToBytes('2')).toBe(2 * 1024 ** 3);
    expect(gibToBytes(' 0.5 ')).toBe(512 * 1024 ** 2);
    expect(gibToBytes('')).toBeUndefined();
    expect(gibToBytes('-1')).toBeUndefined();
    expect(gibToBytes('lots')).toBeUndefined();
    expect(bytesToGib(1536 * 1024 ** 2)).toBe('1.5');
  });
});
