import { describe, expect, it } from 'vitest';
import { asMigration, migrationNames } from './migration-names.js';

describe('migrationNames', () => {
  it('names each NNN-name.ts file without its extension, in order of name', () => {
    expect(
      migrationNames(['100-schema-versions.ts', '002-channels.ts', '052-reprocessing.ts']),
    ).toEqual(['002-channels', '052-reprocessing', '100-schema-versions']);
  });

  it('passes over tests of migrations and hidden files', () => {
    expect(migrationNames(['001-accounts.ts', '001-accounts.test.ts', '.DS_Store'])).toEqual([
      '001-accounts',
    ]);
  });

  it('refuses every other file by its path, saying how a migration is named', () => {
    const bad = ['52-reprocessing.ts', '052_reprocessing.ts', '052-Reprocessing.ts'];
    for (const file of [...bad, '052-reprocessing.js', 'helpers.ts', '052-.ts', '0520-x.ts']) {
      expect(() => migrationNames(['001-accounts.ts', file])).toThrow(
        `server/src/db/migrations/${file}: not run, because a migration file is named NNN-name.ts`,
      );
    }
    expect(() => migrationNames(bad)).toThrow(
      'server/src/db/migrations/052-Reprocessing.ts, server/src/db/migrations/052_reprocessing.ts, ' +
        'server/src/db/migrations/52-reprocessing.ts: not run',
    );
  });

  it('finds nothing in an empty folder', () => {
    expect(migrationNames([])).toEqual([]);
  });
});

describe('asMigration', () => {
  const up = async () => {};

  it('takes a module with an up function, and a down if it has one', () => {
    const plain = { up };
    expect(asMigration('001-accounts', plain)).toBe(plain);
    const both = { up, down: up };
    expect(asMigration('001-accounts', both)).toBe(both);
  });

  it('refuses a module without up, or with a down that is not a function, naming its file', () => {
    for (const module of [{}, { up: 'yes' }, undefined, { default: { up } }]) {
      expect(() => asMigration('052-reprocessing', module)).toThrow(
        'server/src/db/migrations/052-reprocessing.ts exports no up(db) function',
      );
    }
    expect(() => asMigration('052-reprocessing', { up, down: 1 })).toThrow(
      'server/src/db/migrations/052-reprocessing.ts exports a down that is not a function',
    );
  });
});
