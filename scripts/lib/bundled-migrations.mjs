// The bundled server's migrations. From source, server/src/db/migration-files.ts lists the
// migrations folder when the server starts; a bundle has no such folder beside it, so at build
// time this plugin replaces that module with one importing every file the folder holds.
import fs from 'node:fs';
import path from 'node:path';

export const DISCOVERY_MODULE = 'server/src/db/migration-files.ts';
export const MIGRATIONS_FOLDER = 'server/src/db/migrations';

/** Matches the discovery module's path as esbuild resolves it, on any platform. */
const DISCOVERY_PATH = /[\\/]server[\\/]src[\\/]db[\\/]migration-files\.ts$/;

/**
 * The module that stands in for migration-files.ts: the same exports, with every file name of
 * the folder (migration-names.ts then refuses misnamed ones, as it does from source) and a
 * static import of each TypeScript file that is not a test.
 */
export function bundledMigrationsSource(files) {
  const sorted = [...files].sort();
  const sources = sorted.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const imports = sources.map(
    (file, i) => `import * as m${i} from ${JSON.stringify(`./migrations/${file}`)};`,
  );
  const entries = sources.map((file, i) => `  ${JSON.stringify(file.slice(0, -3))}: m${i},`);
  return [
    ...imports,
    `export const MIGRATION_FILES = ${JSON.stringify(sorted)};`,
    `const modules = {\n${entries.join('\n')}\n};`,
    'export async function loadMigration(name) {',
    '  return modules[name];',
    '}',
    '',
  ].join('\n');
}

/** The esbuild plugin; the build fails if the discovery module was never bundled. */
export function bundledMigrations() {
  return {
    name: 'bundled-migrations',
    setup(build) {
      let replaced = false;
      build.onStart(() => {
        replaced = false;
      });
      build.onLoad({ filter: DISCOVERY_PATH }, (args) => {
        replaced = true;
        const folder = path.join(path.dirname(args.path), 'migrations');
        return {
          contents: bundledMigrationsSource(fs.readdirSync(folder)),
          loader: 'js',
          resolveDir: path.dirname(args.path),
          watchFiles: [folder],
        };
      });
      build.onEnd((result) => {
        if (result.errors.length > 0 || replaced) return;
        throw new Error(
          `${DISCOVERY_MODULE} was not bundled, so the built server would look for its ` +
            `migrations in a folder it does not have; scripts/lib/bundled-migrations.mjs ` +
            `matches that path`,
        );
      });
    },
  };
}
