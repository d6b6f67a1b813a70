import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The files of the migrations folder, found when the server runs from source (tsx, tests).
 * A bundled server has no such folder beside it: scripts/build-server.mjs replaces this module
 * with one that imports every file the folder held at build time and exports the same two
 * names (scripts/lib/bundled-migrations.mjs). Which files are migrations is decided by
 * migration-names.ts in both cases.
 */
const folder = fileURLToPath(new URL('./migrations/', import.meta.url));

export const MIGRATION_FILES: readonly string[] = readdirSync(folder);

/** The module of one migration, by its name (the file name without `.ts`). */
export async function loadMigration(name: string): Promise<unknown> {
  return import(pathToFileURL(join(folder, `${name}.ts`)).href);
}
