import { describe, expect, it } from 'vitest';
import { storageLines } from './storage-usage';

const MB = 1024 * 1024;

describe('storageLines', () => {
  it('shows used of the quota and how full it is, or only what is used without a quota', () => {
    expect(
      storageLines({
        usedBytes: 30 * MB,
        quotaBytes: 120 * MB,
        dailyUsedBytes: 5 * MB,
        dailyQuotaBytes: null,
        maxUploadBytes: 25 * MB,
        maxUploadMessage: 'Video size exceeds 25MB. Please upload a smaller file.',
      }),
    ).toEqual([
      { label: 'Storage', used: '30MB', limit: '120MB', percent: 25 },
      { label: 'Uploaded today', used: '5MB', limit: null, percent: null },
    ]);
  });
});
