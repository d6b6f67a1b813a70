import { describe, expect, it } from 'vitest';
import { isChunkLoadError, retryFailedChunks, retryableLazy } from './retryable-lazy';

describe('isChunkLoadError', () => {
  it('recognises the messages of a chunk that did not arrive', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/search-1.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://x/a.js',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('retryFailedChunks', () => {
  it('counts nothing when nothing failed', () => {
    retryableLazy(async () => () => null);
    expect(retryFailedChunks()).toBe(0);
  });
});
