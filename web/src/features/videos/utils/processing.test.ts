import { describe, expect, it } from 'vitest';
import { anyProcessing, processingLabel, processingPollInterval } from './processing';

const video = (status: 'processing' | 'ready' | 'failed', processingProgress = 0) => ({
  status,
  processingProgress,
  playable: status === 'ready',
});

describe('processing state', () => {
  it('polls only while processing', () => {
    expect(processingPollInterval(video('processing'))).toBeGreaterThan(0);
    expect(processingPollInterval(video('ready'))).toBe(false);
    expect(processingPollInterval(video('failed'))).toBe(false);
    expect(processingPollInterval(undefined)).toBe(false);
    expect(anyProcessing([video('ready'), video('processing')])).toBe(true);
    expect(anyProcessing([video('ready'), video('failed')])).toBe(false);
    expect(anyProcessing(undefined)).toBe(false);
  });

  it('says the percent while processing, a failure when failed, nothing once ready', () => {
    expect(processingLabel(video('processing', 42))).toBe('Processing… 42 %');
    expect(processingLabel(video('failed'))).toBe('Processing failed');
    expect(processingLabel(video('ready', 100))).toBeUndefined();
  });
});
