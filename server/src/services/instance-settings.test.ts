import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, settingsFrom } from './instance-settings.js';

describe('settingsFrom', () => {
  it('is the defaults with nothing stored: sign-ups stay open', () => {
    expect(settingsFrom([])).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.registration).toBe('open');
  });

  it('reads each stored value over its default', () => {
    expect(
      settingsFrom([
        { key: 'registration', value: '"approval"' },
        { key: 'instanceName', value: '"Tubes"' },
        { key: 'instanceDescription', value: '"Videos of trains"' },
        { key: 'defaultQuotaBytes', value: '1073741824' },
        { key: 'defaultDailyQuotaBytes', value: '104857600' },
      ]),
    ).toEqual({
      registration: 'approval',
      instanceName: 'Tubes',
      instanceDescription: 'Videos of trains',
      defaultQuotaBytes: 1073741824,
      defaultDailyQuotaBytes: 104857600,
    });
  });

  it('falls back to the default for a value that does not fit, and ignores unknown keys', () => {
    expect(
      settingsFrom([
        { key: 'registration', value: '"invite-only"' },
        { key: 'instanceName', value: 'not json' },
        { key: 'defaultQuotaBytes', value: '-5' },
        { key: 'theme', value: '"dark"' },
      ]),
    ).toEqual(DEFAULT_SETTINGS);
  });
});
