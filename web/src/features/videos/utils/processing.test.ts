import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  anyProcessing,
  isStillProcessing,
  isWaiting,
  processingLabel,
  processingPollInterval,
} from './processing';

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

  it('says a queued video is waiting, with its place, instead of 0 %', () => {
    expect(processingLabel({ ...video('processing', 0), queuePosition: 3 })).toBe(
      'Waiting to be processed (number 3 in the queue)',
    );
    expect(isWaiting({ ...video('processing', 0), queuePosition: 1 })).toBe(true);
    expect(isWaiting({ ...video('processing', 0), queuePosition: null })).toBe(false);
    expect(processingLabel({ ...video('processing', 0), queuePosition: null })).toBe(
      'Processing… 0 %',
    );
  });
});

describe('isStillProcessing', () => {
  it('recognises only the not-found whose reason is processing', () => {
    expect(isStillProcessing(new ApiError(404, 'x', [], { reason: 'processing' }))).toBe(true);
    expect(isStillProcessing(new ApiError(404, 'Video not found.'))).toBe(false);
    expect(isStillProcessing(new ApiError(500, 'x'))).toBe(false);
    expect(isStillProcessing(new Error('x'))).toBe(false);
  });
});
