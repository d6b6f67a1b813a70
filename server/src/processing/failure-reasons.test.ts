import { describe, expect, it } from 'vitest';
import { StorageUnavailableError } from '../lib/storage-errors.js';
import { unexpectedFailureReason } from './failure-reasons.js';

describe('unexpectedFailureReason', () => {
  it('says when the server ran out of space, on disk or in the database', () => {
    for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', '53100']) {
      expect(unexpectedFailureReason(Object.assign(new Error('full'), { code }))).toMatch(
        /ran out of storage space/,
      );
    }
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
