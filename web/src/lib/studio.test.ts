import { describe, expect, it } from 'vitest';
import { isStudioWidthSupported } from './studio';
import { UI_LIMITS } from './ui-constants';

describe('isStudioWidthSupported', () => {
  it('allows the studio from the contract minimum width upwards', () => {
    expect(UI_LIMITS.studioMinWidth).toBe(640);
    expect(isStudioWidthSupported(640)).toBe(true);
    expect(isStudioWidthSupported(1280)).toBe(true);
  });

  it('blocks narrower windows', () => {
    expect(isStudioWidthSupported(639)).toBe(false);
    expect(isStudioWidthSupported(375)).toBe(false);
    expect(isStudioWidthSupported(0)).toBe(false);
  });
});
