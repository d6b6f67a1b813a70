import type { Migration } from 'kysely/migration';

/** Where migrations live, as a reader of an error message finds it from the repository root. */
export const MIGRATIONS_FOLDER = 'server/src/db/migrations';

/**
 * `NNN-name.ts`: three digits, so names sort in the order they were numbered, then lower-case
 * words joined by dashes. The name without `.ts` is what the database records as run.
 */
const MIGRATION_FILE = /^(\d{3}-[a-z0-9]+(?:-[a-z0-9]+)*)\.ts$/;

/** Files beside the migrations that are not migrations: tests of them, and the system's own. */
const NOT_A_MIGRATION = /(^\.)|(\.test\.ts$)/;

/**
 * The migrations among the files of the migrations folder, by name in the order they run.
 * Every other file there is refused by name, so one cannot sit in the folder without running.
 */
export function migrationNames(files: readonly string[]): string[] {
  const names: string[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (NOT_A_MIGRATION.test(file)) continue;
    const name = MIGRATION_FILE.exec(file)?.[1];
    if (name) names.push(name);
    else refused.push(file);
  }
  if (refused.length > 0) {
    const list = refused
      .sort()
      .map((file) => `${MIGRATIONS_FOLDER}/${file}`)
      .join(', ');
    throw new Error(
      `${list}: not run, because a migration file is named NNN-name.ts (three digits, a dash, ` +
        `lower-case words joined by dashes, such as 052-reprocessing.ts); rename it, or move ` +
        `what is not a migration out of ${MIGRATIONS_FOLDER}/`,
    );
  }
  return names.sort();
}

/** A migration module as the runner needs it, or an error naming the file that is not one. */
export function asMigration(name: string, module: unknown): Migration {
  const { up, down } = (module ?? {}) as Partial<Record<string, unknown>>;
  if (typeof up !== 'function') {
    throw new Error(
      `${MIGRATIONS_FOLDER}/${name}.ts exports no up(db) function, so there is nothing to run`,
    );
  }
  if (down !== undefined && typeof down !== 'function') {
    throw new Error(`${MIGRATIONS_FOLDER}/${name}.ts exports a down that is not a function`);
  }
  return module as Migration;
}
