import type { Video } from '@contract';
import { describe, expect, it } from 'vitest';
import { chooseUpNext } from './up-next';

const video = (_id: string) => ({ _id }) as Video;

describe('chooseUpNext', () => {
  const suggestions = [video('s1'), video('s2')];

  it('plays the playlist’s next video when watching from a playlist', () => {
    const next = { video: video('p2'), href: '/watch/p2?playlist=liked' };
    expect(chooseUpNext({ next }, suggestions)).toBe(next);
  });

  it('plays the first suggestion outside a playlist, and after a playlist’s end', () => {
    expect(chooseUpNext(null, suggestions)).toEqual({ video: suggestions[0], href: '/watch/s1' });
    expect(chooseUpNext({ next: null }, suggestions)?.href).toBe('/watch/s1');
  });

  it('has nothing to play when there is nothing', () => {
    expect(chooseUpNext({ next: null }, [])).toBeNull();
  });
});
