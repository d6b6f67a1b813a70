// The shape of a catalogue entry (see ../repository-queries.ts): the types refuse a repository
// whose public methods are not all called.
import type { Kysely } from 'kysely';
import type { Dialect } from '../../src/db/database.js';
import type { Database } from '../../src/db/schema.js';

/** The names of R's public methods. */
type MethodsOf<R> = {
  [K in keyof R]: R[K] extends (...args: never[]) => unknown ? K : never;
}[keyof R] &
  string;

export interface RepositoryQueries<R> {
  /** The repository's file under server/src/repositories/, without `.ts`. */
  file: string;
  make(db: Kysely<Database>, dialect: Dialect): R;
  calls: { [K in MethodsOf<R>]: (repo: R) => Promise<unknown> };
}

/** An entry, checked against its repository's methods, then listed with the others. */
export const define = <R>(entry: RepositoryQueries<R>) => entry as RepositoryQueries<unknown>;
