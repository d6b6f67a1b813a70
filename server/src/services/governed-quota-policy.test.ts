import { describe, expect, it } from 'vitest';
import { effectiveLimits } from './governed-quota-policy.js';

const env = { maxBytes: 25 * 1024 ** 2, quotaBytes: 10e9, dailyQuotaBytes: 1e9 };
const none = { defaultQuotaBytes: null, defaultDailyQuotaBytes: null };

describe('effectiveLimits', () => {
  it('is the environment’s limits when nobody set anything', () => {
    expect(effectiveLimits({ quota_bytes: null }, none, env)).toEqual({
      quotaBytes: 10e9,
      dailyQuotaBytes: 1e9,
      maxUploadBytes: env.maxBytes,
    });
    expect(
      effectiveLimits(undefined, none, {
        maxBytes: 5,
        quotaBytes: undefined,
        dailyQuotaBytes: undefined,
      }),
    ).toEqual({ quotaBytes: null, dailyQuotaBytes: null, maxUploadBytes: 5 });
  });

  it('lets the settings’ defaults override the environment', () => {
    expect(
      effectiveLimits(
        { quota_bytes: null },
        { defaultQuotaBytes: 2e9, defaultDailyQuotaBytes: 3e8 },
        env,
      ),
    ).toMatchObject({ quotaBytes: 2e9, dailyQuotaBytes: 3e8 });
  });

  it('lets an account’s own quota override both, zero included', () => {
    const settings = { defaultQuotaBytes: 2e9, defaultDailyQuotaBytes: null };
    expect(effectiveLimits({ quota_bytes: 5e9 }, settings, env).quotaBytes).toBe(5e9);
    expect(effectiveLimits({ quota_bytes: 0 }, settings, env).quotaBytes).toBe(0);
  });
});
