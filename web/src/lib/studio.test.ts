import { LIMITS } from '@contract';
import { describe, expect, it } from 'vitest';
import { isStudioWidthSupported } from './studio';

describe('isStudioWidthSupported', () => {
  it('allows the studio from the contract minimum width upwards', () => {
    expect(LIMITS.studioMinWidth).toBe(640);
    expect(isStudioWidthSupported(640)).toBe(true);
    expect(isStudioWidthSupported(1280)).toBe(true);
  });

  it('blocks narrower windows', () => {
    expect(isStudioWidthSupported(639)).toBe(false);
    expect(isStudioWidthSupported(375)).toBe(false);
    expect(isStudioWidthSupported(0)).toBe(false);
  });
});
