import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** The settings for riding out a database or storage outage, and for taking media back. */
describe('resilience settings', () => {
  it('defaults: a minute’s wait for the database, 10 s per storage call, media cached an hour, orphans kept an hour', () => {
    const config = loadConfig({});
    expect(config.databaseStartupWaitSeconds).toBe(60);
    expect(config.storageTimeoutMs).toBe(10_000);
    expect(config.mediaMaxAgeSeconds).toBe(3600);
    expect(config.orphanGraceSeconds).toBe(3600);
  });

  it('reads each as a whole number in range', () => {
    const config = loadConfig({
      DATABASE_STARTUP_WAIT_SECONDS: '0',
      STORAGE_TIMEOUT_MS: '2500',
      MEDIA_MAX_AGE_SECONDS: '300',
      ORPHAN_GRACE_SECONDS: '0',
    });
    expect(config.orphanGraceSeconds).toBe(0);
    expect(config.databaseStartupWaitSeconds).toBe(0);
    expect(config.storageTimeoutMs).toBe(2500);
    expect(config.mediaMaxAgeSeconds).toBe(300);
  });

  it('refuses values that make no sense, naming each', () => {
    expect(() =>
      loadConfig({
        DATABASE_STARTUP_WAIT_SECONDS: '-1',
        STORAGE_TIMEOUT_MS: '5',
        MEDIA_MAX_AGE_SECONDS: 'a year',
        ORPHAN_GRACE_SECONDS: '2592001',
      }),
    ).toThrow(
      [
        'Invalid configuration:',
        '  - DATABASE_STARTUP_WAIT_SECONDS must be a whole number from 0 to 86400 (got "-1")',
        '  - STORAGE_TIMEOUT_MS must be a whole number from 100 to 600000 (got "5")',
        '  - ORPHAN_GRACE_SECONDS must be a whole number from 0 to 2592000 (got "2592001")',
        '  - MEDIA_MAX_AGE_SECONDS must be a whole number from 0 to 31536000 (got "a year")',
      ].join('\n'),
    );
  });
});
