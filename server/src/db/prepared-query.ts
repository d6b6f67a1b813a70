import {
  PostgresAdapter,
  createQueryId,
  type Compilable,
  type CompiledQuery,
  type QueryExecutorProvider,
} from 'kysely';
import { inlineConstants } from './inline-constants.js';
import { nameStatement } from './named-statements.js';

/** Hands the builder a stand-in for each named argument. */
export type ArgumentOf<A> = <K extends keyof A>(name: K) => A[K];

/**
 * A query built and compiled once, then run with new argument values. Kysely otherwise builds
 * a tree of immutable nodes and compiles it to SQL on every call, a tenth of the server's time
 * on the busiest read paths. The builder receives a stand-in for each argument; wherever a
 * stand-in lands among the compiled parameters, each run binds that argument's value.
 * Only for queries whose SQL text does not depend on the values: a single value per argument
 * (not a list for `in`), and no branching on them while building. On PostgreSQL the text also
 * runs as a named statement, parsed once per connection (see named-statements.ts), with its
 * constants written into the text so that its generic plan is priced as its runs will be
 * (inline-constants.ts).
 */
export function preparedQuery<A extends object, R>(
  db: QueryExecutorProvider,
  build: (arg: ArgumentOf<A>) => Compilable<R>,
): (args: A) => Promise<R[]> {
  let prepared: { compiled: CompiledQuery<R>; bind: ((args: A) => unknown)[] } | undefined;
  const prepare = () => {
    const standIns = new Map<string, keyof A>();
    const arg = <K extends keyof A>(name: K): A[K] => {
      // A string no argument value can equal, so a constant in the query is never taken for it.
      const standIn = `\u0000arg\u0000${String(name)}\u0000`;
      standIns.set(standIn, name);
      return standIn as A[K];
    };
    const built = build(arg).compile();
    const compiled =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? {
            ...built,
            ...inlineConstants(built.sql, built.parameters, (p) =>
              typeof p === 'string' ? standIns.has(p) : false,
            ),
          }
        : built;
    nameStatement(compiled.sql);
    const bind = compiled.parameters.map((p) => {
      const name = typeof p === 'string' ? standIns.get(p) : undefined;
      return name === undefined ? () => p : (args: A) => args[name];
    });
    return { compiled, bind };
  };
  return async (args) => {
    prepared ??= prepare();
    const { compiled, bind } = prepared;
    const result = await db.getExecutor().executeQuery<R>({
      ...compiled,
      queryId: createQueryId(),
      parameters: bind.map((b) => b(args)),
    });
    return result.rows;
  };
}
