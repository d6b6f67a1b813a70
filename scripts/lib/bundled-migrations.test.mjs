import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  bundledMigrations,
  bundledMigrationsSource,
  DISCOVERY_MODULE,
  MIGRATIONS_FOLDER,
} from './bundled-migrations.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('bundledMigrationsSource', () => {
  it('lists every file and imports each TypeScript file that is not a test, in order', () => {
    const source = bundledMigrationsSource([
      '052-reprocessing.ts',
      '001-accounts.ts',
      '001-accounts.test.ts',
      'notes.md',
    ]);
    expect(source).toContain(`import * as m0 from "./migrations/001-accounts.ts";`);
    expect(source).toContain(`import * as m1 from "./migrations/052-reprocessing.ts";`);
    expect(source).not.toContain('./migrations/001-accounts.test.ts');
    expect(source).not.toContain('./migrations/notes.md');
    expect(source).toContain(
      'export const MIGRATION_FILES = ["001-accounts.test.ts","001-accounts.ts",' +
        '"052-reprocessing.ts","notes.md"];',
    );
    expect(source).toContain(`"001-accounts": m0,\n  "052-reprocessing": m1,`);
    expect(source).toContain('export async function loadMigration(name)');
  });
});

describe('the bundled server', () => {
  it('carries every file of the migrations folder', async () => {
    const result = await build({
      absWorkingDir: root,
      entryPoints: ['server/src/db/migrate.ts'],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      tsconfig: 'tsconfig.json',
      logLevel: 'silent',
      plugins: [bundledMigrations()],
    });
    const inputs = Object.keys(result.metafile.inputs);
    const files = fs
      .readdirSync(path.join(root, MIGRATIONS_FOLDER))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const missing = files
      .map((f) => `${MIGRATIONS_FOLDER}/${f}`)
      .filter((f) => !inputs.includes(f))
      .map((f) => `${f} is in the folder but not in the bundled server`);
    expect(missing).toEqual([]);
    expect(files.length).toBeGreaterThan(0);
    // The folder is not read at run time: the bundle has none beside it.
    const text = result.outputFiles.map((f) => f.text).join('\n');
    expect(text).not.toContain('readdirSync');
  });

  it('fails the build when the module that finds migrations is not the one it replaces', async () => {
    await expect(
      build({
        absWorkingDir: root,
        stdin: { contents: 'export const nothing = 1;', loader: 'js' },
        bundle: true,
        write: false,
        logLevel: 'silent',
        plugins: [bundledMigrations()],
      }),
    ).rejects.toThrow(`${DISCOVERY_MODULE} was not bundled`);
  });
});
