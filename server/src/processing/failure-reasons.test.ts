import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../lib/storage-errors.js';
import { FfmpegError } from '../media/ffmpeg.js';
import { isOutOfSpace, unexpectedFailureReason } from './failure-reasons.js';

describe('unexpectedFailureReason', () => {
  it('says when the server ran out of space, on disk or in the database', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) {
      expect(unexpectedFailureReason(Object.assign(new Error('full'), { code }))).toMatch(
        /ran out of storage space/,
      );
    }
  });

  it('says so when ffmpeg could not write its outputs for want of space', () => {
    const full = new FfmpegError('Conversion failed!', false, 'ENOSPC');
    expect(isOutOfSpace(full)).toBe(true);
    expect(unexpectedFailureReason(full)).toMatch(/ran out of storage space/);
    expect(isOutOfSpace(new FfmpegError('Invalid data found when processing input', false))).toBe(
      false,
    );
    expect(isOutOfSpace(undefined)).toBe(false);
  });

  it('says when media storage could not be reached', () => {
    expect(unexpectedFailureReason(new StorageUnavailableError('frozen'))).toMatch(
      /media storage could not be reached/,
    );
  });

  it('stays plain otherwise', () => {
    expect(unexpectedFailureReason(new Error('odd'))).toBe('Processing failed unexpectedly.');
    expect(unexpectedFailureReason(undefined)).toBe('Processing failed unexpectedly.');
  });
});
