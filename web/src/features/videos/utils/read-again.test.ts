import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { readAgainOutcome } from './read-again';

const failed = (status: number) => new ApiError(status, 'failed');

describe('readAgainOutcome', () => {
  it('is the video when the read succeeded', () => {
    expect(readAgainOutcome({ status: 'success', data: { id: 'v' }, error: null })).toEqual({
      id: 'v',
    });
  });

  it('is null when the video is gone for this viewer', () => {
    expect(readAgainOutcome({ status: 'error', data: { id: 'v' }, error: failed(404) })).toBe(null);
  });

  it('is undefined when the read failed for another reason, whatever data was kept', () => {
    for (const status of [0, 429, 500, 503]) {
      expect(
        readAgainOutcome({ status: 'error', data: { id: 'v' }, error: failed(status) }),
      ).toBeUndefined();
    }
    expect(
      readAgainOutcome({ status: 'error', data: undefined, error: new Error('x') }),
    ).toBeUndefined();
    expect(readAgainOutcome({ status: 'pending', data: undefined, error: null })).toBeUndefined();
  });
});
