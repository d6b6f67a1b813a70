import { describe, expect, it } from 'vitest';
import { rotatesMediaToken } from './media-rotation.js';

describe('rotatesMediaToken', () => {
  it('takes URLs back whenever a video becomes visible to fewer people', () => {
    expect(rotatesMediaToken('public', 'unlisted')).toBe(true);
    expect(rotatesMediaToken('public', 'private')).toBe(true);
    expect(rotatesMediaToken('unlisted', 'private')).toBe(true);
  });

  it('keeps them when nothing narrows', () => {
    expect(rotatesMediaToken('private', 'unlisted')).toBe(false);
    expect(rotatesMediaToken('private', 'public')).toBe(false);
    expect(rotatesMediaToken('unlisted', 'public')).toBe(false);
    expect(rotatesMediaToken('public', 'public')).toBe(false);
    expect(rotatesMediaToken('private', 'private')).toBe(false);
    expect(rotatesMediaToken('public', undefined)).toBe(false);
  });
});
