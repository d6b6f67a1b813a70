import { describe, expect, it } from 'vitest';
import { PICKER_HEIGHT_PX, pickerPlacement } from './picker-placement';

describe('pickerPlacement', () => {
  it('opens below when the whole panel fits under the trigger', () => {
    expect(pickerPlacement({ top: 100, bottom: 136 }, 800)).toBe('below');
  });
  it('opens above when the trigger is near the bottom of the screen', () => {
    expect(pickerPlacement({ top: 700, bottom: 736 }, 760)).toBe('above');
  });
  it('takes the roomier side when neither fits', () => {
    expect(pickerPlacement({ top: 150, bottom: 186 }, 400)).toBe('below');
    expect(pickerPlacement({ top: 250, bottom: 286 }, 400)).toBe('above');
  });
  it('needs the panel and its gap below the trigger to open there', () => {
    const viewport = 136 + 8 + PICKER_HEIGHT_PX;
    expect(pickerPlacement({ top: 100, bottom: 136 }, viewport)).toBe('below');
    expect(pickerPlacement({ top: 600, bottom: 137 + 500 }, viewport + 500)).toBe('above');
  });
});
