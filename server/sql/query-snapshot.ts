import path from 'node:path';
import { format } from 'sql-formatter';
import type { DatabaseHandle } from '../src/db/database.js';
import { insertFixtures } from './repository-fixtures.js';
import { REPOSITORY_QUERIES } from './repository-queries.js';

export const queriesDir = (dialect: 'sqlite' | 'postgres') =>
  path.join(import.meta.dirname, 'queries', dialect);

/**
 * Collects the SQL a database handle sends while it is on. Given to openDatabase as `onQuery`,
 * which Kysely calls once a statement has run (or failed), so the database must answer one
 * statement at a time (a pool of one on PostgreSQL) for the order to be the order they were sent.
 */
export class QueryRecorder {
  private statements: string[] | undefined;

  readonly onQuery = (text: string): void => {
    this.statements?.push(text);
  };

  start(): void {
    this.statements = [];
  }

  stop(): string[] {
    const taken = this.statements ?? [];
    this.statements = undefined;
    return taken;
  }
}

const HEADER =
  '-- The SQL each method sends, in order, written by `npm run sql` from\n' +
  '-- server/sql/repository-queries.ts (examples against fixture rows). Do not edit.\n';

/**
 * Every repository method's statements on a migrated, empty database opened with `recorder`:
 * file name (`comment.repository.sql`) to its text. Methods run in the catalogue's order, so
 * the fixtures' state is the same on every run.
 */
export async function repositoryQuerySnapshots(
  handle: DatabaseHandle,
  recorder: QueryRecorder,
): Promise<Map<string, string>> {
  await insertFixtures(handle.db);
  const files = new Map<string, string>();
  for (const entry of REPOSITORY_QUERIES) {
    const repo = entry.make(handle.db, handle.dialect);
    const className = (repo as object).constructor.name;
    const sections: string[] = [];
    for (const [method, call] of Object.entries(entry.calls) as [
      string,
      (r: unknown) => Promise<unknown>,
    ][]) {
      recorder.start();
      try {
        await call(repo);
      } catch (err) {
        recorder.stop();
        throw new Error(`${className}.${method}: ${(err as Error).message}`, { cause: err });
      }
      const statements = recorder.stop().map((s) => readable(s, handle.dialect));
      // Said outright, so an example that stopped reaching the database shows up in review.
      const body = statements.length > 0 ? statements.join('\n\n') : '-- (sends no SQL here)';
      sections.push(`-- ${className}.${method}\n${body}`);
    }
    files.set(`${entry.file}.sql`, `${HEADER}\n${sections.join('\n\n')}\n`);
  }
  return files;
}

function readable(statement: string, dialect: 'sqlite' | 'postgres'): string {
  const text = format(statement, {
    language: dialect === 'postgres' ? 'postgresql' : 'sqlite',
    keywordCase: 'lower',
    tabWidth: 2,
  });
  return `${text.trim()};`;
}
