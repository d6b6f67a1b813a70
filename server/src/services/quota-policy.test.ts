import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@contract';
import { EnvironmentQuotaPolicy, uploadRefusal } from './quota-policy.js';

const MIB = 1024 * 1024;
const limits = { quotaBytes: 100 * MIB, dailyQuotaBytes: 40 * MIB, maxUploadBytes: 25 * MIB };

describe('uploadRefusal', () => {
  it('lets an upload through that fits every limit', () => {
    expect(uploadRefusal(limits, { usedBytes: 50 * MIB, dailyUsedBytes: 10 * MIB }, 10 * MIB)).toBe(
      undefined,
    );
  });

  it('refuses a file over the upload limit in the product description’s words', () => {
    expect(uploadRefusal(limits, { usedBytes: 0, dailyUsedBytes: 0 }, 25 * MIB + 1)).toBe(
      MESSAGES.videoTooLarge,
    );
  });

  it('names the quota an upload would pass, and what is used', () => {
    expect(uploadRefusal(limits, { usedBytes: 90 * MIB, dailyUsedBytes: 0 }, 20 * MIB)).toBe(
      'This upload would pass your storage quota of 100MB (90MB used).',
    );
    expect(uploadRefusal(limits, { usedBytes: 0, dailyUsedBytes: 30 * MIB }, 20 * MIB)).toMatch(
      /daily upload quota of 40MB/,
    );
  });

  it('has no quota unless one is set', async () => {
    const open = await new EnvironmentQuotaPolicy({
      maxBytes: 4 * 1024 * MIB,
      quotaBytes: undefined,
      dailyQuotaBytes: undefined,
    }).limitsFor('u');
    expect(open).toEqual({ quotaBytes: null, dailyQuotaBytes: null, maxUploadBytes: 4096 * MIB });
    expect(uploadRefusal(open, { usedBytes: 1e15, dailyUsedBytes: 1e15 }, 4096 * MIB)).toBe(
      undefined,
    );
  });
});
