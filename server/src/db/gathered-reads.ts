import type { CompiledQuery, QueryResult } from 'kysely';
import { copyOf, keyOf, waiting, type Next } from './shared-reads.js';

/** Gatherings in a row with a single read before a statement runs at once again. */
export const LONE_GATHERINGS = 2;
/** Statements remembered as gathered; past this the memory starts again. */
const REMEMBERED = 5_000;

/** A statement gathering reads until the turn ends, and how many it has. */
interface Gathering extends Next {
  readers: number;
}

/**
 * SQLite's side of "identical reads share one statement, and never one sent before they
 * asked" (shared-reads.ts holds PostgreSQL's). SQLite answers in the process, so a statement is
 * never in flight for a read to wait on: a crowd on one page ran the same statement once per
 * request, and on the home feed that statement was a third of the process's work.
 *
 * A turn is one pass of the event loop: the requests that arrived together are handled in it.
 * A statement (text and values) asked twice in one turn is being read by a crowd: from then on
 * its reads wait for the end of the turn, gathering every identical read asked meanwhile, and
 * one statement answers them all, each with rows of its own. It runs after every read it
 * answers asked, so each sees what a statement of its own would. A statement read by one
 * request at a time (a viewer's own list, a lookup by id) runs at once, as before: waiting
 * would only add a turn to it. A gathered statement that finds itself alone `LONE_GATHERINGS`
 * times in a row goes back to running at once.
 */
export class GatheredReads {
  private readonly gathering = new Map<string, Gathering>();
  /** Statements run at once in this turn. */
  private readonly runThisTurn = new Set<string>();
  /** Statements gathered, with how many gatherings in a row had a single read. */
  private readonly crowded = new Map<string, number>();
  private turnEnding = false;
  private flushing = false;
  private sharedCount = 0;

  constructor(private readonly send: (query: CompiledQuery) => Promise<QueryResult<unknown>>) {}

  /** Reads answered by a statement another read also got (for the metrics). */
  get shared(): number {
    return this.sharedCount;
  }

  run<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const key = keyOf(query);
    if (key === undefined) return this.send(query) as Promise<QueryResult<R>>;
    const joined = this.gathering.get(key);
    if (joined) {
      joined.readers += 1;
      this.sharedCount += 1;
      return joined.result.then(copyOf) as Promise<QueryResult<R>>;
    }
    if (!this.crowded.has(key)) {
      if (!this.runThisTurn.has(key)) {
        this.runThisTurn.add(key);
        this.endTurnSoon();
        return this.send(query) as Promise<QueryResult<R>>;
      }
      if (this.crowded.size >= REMEMBERED) this.crowded.clear();
      this.crowded.set(key, 0);
    }
    const gathering: Gathering = { ...waiting(query), readers: 1 };
    this.gathering.set(key, gathering);
    if (!this.flushing) {
      this.flushing = true;
      setImmediate(() => this.flush());
    }
    // Every read gets rows of its own, the first too: its caller may change them before the
    // others copy theirs.
    return gathering.result.then(copyOf) as Promise<QueryResult<R>>;
  }

  private endTurnSoon(): void {
    if (this.turnEnding) return;
    this.turnEnding = true;
    setImmediate(() => {
      this.turnEnding = false;
      this.runThisTurn.clear();
    });
  }

  /** Runs each gathered statement once; reads asked from now on gather anew. */
  private flush(): void {
    this.flushing = false;
    const due = [...this.gathering];
    this.gathering.clear();
    for (const [key, g] of due) {
      const lone = g.readers === 1 ? (this.crowded.get(key) ?? 0) + 1 : 0;
      if (lone >= LONE_GATHERINGS) this.crowded.delete(key);
      else this.crowded.set(key, lone);
      this.send(g.query).then(g.resolve, g.reject);
    }
  }
}
