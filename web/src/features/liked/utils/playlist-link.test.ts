import { describe, expect, it } from 'vitest';
import { likedPlaylistWatchPath, playlistPosition } from './playlist-link';

describe('likedPlaylistWatchPath', () => {
  it('adds the liked playlist to the watch path', () => {
    expect(likedPlaylistWatchPath('abc')).toBe('/watch/abc?playlist=liked');
  });

  it('encodes the id', () => {
    expect(likedPlaylistWatchPath('a/b')).toBe('/watch/a%2Fb?playlist=liked');
  });
});

describe('playlistPosition', () => {
  it('counts from one', () => {
    expect(playlistPosition(['a', 'b', 'c'], 'a')).toBe(1);
    expect(playlistPosition(['a', 'b', 'c'], 'c')).toBe(3);
  });

  it('is zero for a video outside the playlist', () => {
    expect(playlistPosition(['a'], 'z')).toBe(0);
    expect(playlistPosition([], 'z')).toBe(0);
  });
});
