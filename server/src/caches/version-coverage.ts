/**
 * What each kept version covers, next to the mappers whose output it protects. A cache entry is
 * reused while its version is unchanged, so every column a mapper reads must either move the
 * version when it changes (by triggers generated from this, db/derived/), never change once
 * written, or be read fresh on every request.
 *
 * The declaration is also a deny-list, by construction: a cached mapper's input type is derived
 * from it (`CoveredRow`: `CardRow` for `toVideo`, `CommentPageRow` for `toComment`), so a column
 * the version does not keep right is not there to read, in any branch; and the caches hand the
 * mappers (and keep) copies holding only those fields (`coveredRowOf`), so a cast cannot reach
 * one either. `version-coverage.test.ts` pins the mappers' signatures to those types and shows a
 * read of an uncovered column failing to compile; `server/test/version-triggers.api.test.ts`
 * checks the database's triggers against the declaration.
 *
 * Adding a field to a card or a comment: list it under `moves` here and read it in the mapper.
 * The version's triggers are generated from these lists (the `version` entries of
 * db/derived/derived-data.ts) and re-created at the next start; no migration writes them. The
 * mapper does not compile until the column is listed.
 */
export interface VersionCoverage {
  /** The counter: `table.column` (one row per video), or a one-row table. */
  version: string;
  /** Columns, per table, whose every change moves the version. */
  moves: Readonly<Record<string, readonly string[]>>;
  /** Tables whose row inserts and deletes move the version. */
  insertsAndDeletes: readonly string[];
  /** Columns never changed once their row is written: they need no version. */
  fixed: Readonly<Record<string, readonly string[]>>;
  /** Columns read again with every request, so an entry never shows a kept value. */
  readFresh: Readonly<Record<string, readonly string[]>>;
  /** Names a mapper's input row gives to columns of other tables (joined in). */
  aliases: Readonly<Record<string, string>>;
}

/** `videos.card_version`: a video's list entry (VideoCards, `toVideo`). Migration 013. */
export const CARD_VERSION = {
  version: 'videos.card_version',
  moves: {
    videos: [
      'title',
      'description',
      'hashtag',
      'visibility',
      'duration',
      'video_key',
      'thumbnail_key',
      // Processing (migration 021).
      'status',
      'playable',
      'processing_progress',
      'processing_error',
      'pending_visibility',
      'hls_ready',
      'storyboard_ready',
      'media_token',
      // Moderation (migration 051).
      'blocked_reason',
      'comments_mode',
    ],
    users: ['username', 'avatar_key'],
  },
  // A new or deleted video is a new or missing list row, not a changed entry.
  insertsAndDeletes: [],
  fixed: { videos: ['id', 'owner_id', 'created_at'] },
  // Each list reads a video's views with its row (VideoCards puts them on the entry).
  readFresh: { videos: ['views'] },
  aliases: { owner_username: 'users.username', owner_avatar_key: 'users.avatar_key' },
} as const satisfies VersionCoverage;

/** `videos.comments_version`: pages of a video's comments (CommentPages, `toComment`). Migration 012. */
export const COMMENTS_VERSION = {
  version: 'videos.comments_version',
  moves: {
    // `hidden` and `held` since migration 051.
    comments: ['content', 'likes_count', 'hidden', 'held'],
    users: ['username', 'avatar_key'],
  },
  insertsAndDeletes: ['comments'],
  fixed: { comments: ['id', 'video_id', 'owner_id', 'parent_id', 'created_at'] },
  readFresh: {},
  aliases: { owner_username: 'users.username', owner_avatar_key: 'users.avatar_key' },
} as const satisfies VersionCoverage;

/**
 * `search_generation.n`: search match counts and match sets (SearchCounts, SearchMatches), and
 * which of trending's ranked videos are public (TrendingService). Migration 009.
 */
export const SEARCH_GENERATION = {
  version: 'search_generation.n',
  moves: { videos: ['title', 'hashtag', 'visibility'] },
  insertsAndDeletes: ['videos'],
  fixed: {},
  readFresh: {},
  aliases: {},
} as const satisfies VersionCoverage;

/** The `table.column` a mapper's input field stands for, its row being of `table`. */
export function sourceColumn(coverage: VersionCoverage, table: string, field: string): string {
  return coverage.aliases[field] ?? `${table}.${field}`;
}

/** How a column is kept right under a version, or undefined when it is not. */
export function coverageOf(
  coverage: VersionCoverage,
  column: string,
): 'moves' | 'fixed' | 'readFresh' | undefined {
  const [table = '', name = ''] = column.split('.');
  for (const kind of ['moves', 'fixed', 'readFresh'] as const) {
    if (coverage[kind][table]?.includes(name)) return kind;
  }
  return undefined;
}

/** The names listed for `table` in one part of a declaration (`moves`, `fixed`, `readFresh`). */
type ListedFor<Part, Table extends string> = Table extends keyof Part
  ? Part[Table] extends readonly (infer Name extends string)[]
    ? Name
    : never
  : never;

/** The columns of `Table` that coverage `C` keeps right: they move it, are fixed, or read fresh. */
export type CoveredColumn<C extends VersionCoverage, Table extends string> =
  ListedFor<C['moves'], Table> | ListedFor<C['fixed'], Table> | ListedFor<C['readFresh'], Table>;

/** The aliased fields (columns of joined tables) whose source column `C` keeps right. */
type CoveredAlias<C extends VersionCoverage> = {
  [
    Field in Extract<keyof C['aliases'], string>
  ]: C['aliases'][Field] extends `${infer Table}.${infer Column}`
    ? Column extends CoveredColumn<C, Table>
      ? Field
      : never
    : never;
}[Extract<keyof C['aliases'], string>];

/** The fields of a `Table` row, as a mapper reads it, that coverage `C` keeps right. */
export type CoveredField<C extends VersionCoverage, Table extends string> =
  Exclude<CoveredColumn<C, Table>, keyof C['aliases']> | CoveredAlias<C>;

/**
 * A row narrowed to what coverage `C` keeps right: the input type of a mapper whose output is
 * kept under `C`'s version. Every other column (`updated_at`, a count, a flag no card shows) is
 * absent from the type, so reading it in any branch does not compile.
 */
export type CoveredRow<Row, C extends VersionCoverage, Table extends string> = Pick<
  Row,
  Extract<keyof Row, CoveredField<C, Table>>
>;

/** The fields of a `table` row that `coverage` keeps right, at run time (see CoveredField). */
export function coveredFields<C extends VersionCoverage, Table extends string>(
  coverage: C,
  table: Table,
): CoveredField<C, Table>[] {
  const declared: VersionCoverage = coverage;
  const aliases = Object.keys(declared.aliases);
  const own = (['moves', 'fixed', 'readFresh'] as const)
    .flatMap((kind) => declared[kind][table] ?? [])
    .filter((name) => !aliases.includes(name));
  const joined = aliases.filter(
    (field) => coverageOf(declared, sourceColumn(declared, table, field)) !== undefined,
  );
  return [...new Set([...own, ...joined])] as CoveredField<C, Table>[];
}

/**
 * Copies rows of `table` with only the fields `coverage` keeps right: what a version-keyed cache
 * holds and maps. A read of any other column, even one past the type through a cast, finds
 * nothing rather than a value the version does not follow.
 */
export function coveredRowOf<C extends VersionCoverage, Table extends string>(
  coverage: C,
  table: Table,
): <Row extends object>(row: Row) => CoveredRow<Row, C, Table> {
  const fields: readonly string[] = coveredFields(coverage, table);
  return <Row extends object>(row: Row) => {
    const source = row as Record<string, unknown>;
    const kept: Record<string, unknown> = {};
    for (const field of fields) if (field in source) kept[field] = source[field];
    return kept as CoveredRow<Row, C, Table>;
  };
}
