import { describe, expect, it } from 'vitest';
import { manifestProblem } from './manifest.js';

const known = ['001-accounts', '002-channels'];
const manifest = (over: object = {}) => ({
  format: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: '0.2.0',
  dialect: 'sqlite',
  migrations: ['001-accounts'],
  storage: 'local',
  media: { files: 0, bytes: 0 },
  ...over,
});

describe('manifestProblem', () => {
  it('accepts a backup of this dialect made by this version or an older one', () => {
    expect(
      manifestProblem(manifest(), { dialect: 'sqlite', knownMigrations: known }),
    ).toBeUndefined();
  });

  it('refuses what is not a backup, the other dialect, and a newer version’s database', () => {
    expect(manifestProblem(undefined, { dialect: 'sqlite', knownMigrations: known })).toMatch(
      /is not a Vidshare backup/,
    );
    expect(
      manifestProblem(manifest({ dialect: 'postgres' }), {
        dialect: 'sqlite',
        knownMigrations: known,
      }),
    ).toBe(
      'holds a PostgreSQL database, and this server is configured for SQLite (set DATABASE_URL)',
    );
    expect(
      manifestProblem(manifest({ migrations: ['001-accounts', '105-later'], version: '0.3.0' }), {
        dialect: 'sqlite',
        knownMigrations: known,
      }),
    ).toMatch(
      /^was made by Vidshare 0\.3\.0, .*\(105-later\): restore it with that version or newer$/,
    );
  });
});
