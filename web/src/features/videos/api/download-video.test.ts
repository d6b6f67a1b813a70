import { describe, expect, it } from 'vitest';
import { downloadFileName } from './download-video';

describe('downloadFileName', () => {
  it('names every download video-{id}.mp4', () => {
    expect(downloadFileName('6b0276a9544d2f5d8efb65bc')).toBe('video-6b0276a9544d2f5d8efb65bc.mp4');
  });
});
