import { describe, expect, it } from 'vitest';
import { readEmbedParams } from './embed-params';

describe('readEmbedParams', () => {
  it('defaults to a still player with controls, from the start', () => {
    expect(readEmbedParams(new URLSearchParams(''))).toEqual({
      autoplay: false,
      muted: false,
      loop: false,
      controls: true,
      start: undefined,
    });
  });

  it('reads YouTube’s parameters and their spellings', () => {
    expect(
      readEmbedParams(new URLSearchParams('autoplay=1&mute=1&loop=true&controls=0&start=90')),
    ).toEqual({ autoplay: true, muted: true, loop: true, controls: false, start: 90 });
    expect(readEmbedParams(new URLSearchParams('t=1m30s')).start).toBe(90);
    expect(readEmbedParams(new URLSearchParams('controls=1&autoplay=yes')).autoplay).toBe(false);
  });
});
