import { integer, text, type TableColumns } from '../table-columns.js';

/**
 * The database's own bookkeeping: counts and the search index kept by triggers, the triggers' hash
 * and the schema's history. Part of `TABLES` (db/schema.ts).
 */
export const BOOKKEEPING_TABLES = {
  /** Videos per visibility, kept by triggers on `videos`. */
  video_counts: {
    visibility: text(),
    n: integer(),
  },
  /** One row (id 1) whose `n` changes with anything search results depend on (migration 009). */
  search_generation: {
    id: integer(),
    n: integer(),
  },
  /** One row: the hash of the derived-data triggers the database has (migration 110). */
  derived_data_state: {
    id: integer(),
    hash: text(),
  },
  /**
   * SQLite only: the FTS5 trigram index of public videos, kept by triggers. The rowid orders
   * rows by creation time (see migration 007).
   */
  videos_fts: {
    rowid: integer(),
    video_id: text(),
    title: text(),
    hashtag: text(),
  },
  /** A version of the server that ran migrations (migration 100). */
  schema_versions: {
    version: text(),
    migrated_at: integer(),
    /** The migrations it ran then, comma-separated. */
    migrations: text(),
  },
} satisfies Record<string, TableColumns>;
