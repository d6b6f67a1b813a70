/**
 * What each kept version covers, next to the mappers whose output it protects. A cache entry is
 * reused while its version is unchanged, so every column a mapper reads must either move the
 * version when it changes (triggers in the migrations), never change once written, or be read
 * fresh on every request. `version-coverage.test.ts` checks the mappers against this module;
 * `server/test/version-triggers.api.test.ts` checks the database's triggers against it.
 *
 * Adding a field to a card or a comment: read it in the mapper, list it under `moves` here, and
 * add a migration whose trigger moves the version when it changes. Both tests fail until all
 * three agree.
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
export const CARD_VERSION: VersionCoverage = {
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
};

/** `videos.comments_version`: pages of a video's comments (CommentPages, `toComment`). Migration 012. */
export const COMMENTS_VERSION: VersionCoverage = {
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
};

/** `search_generation.n`: search match counts (SearchCounts). Migration 009. */
export const SEARCH_GENERATION: VersionCoverage = {
  version: 'search_generation.n',
  moves: { videos: ['title', 'hashtag', 'visibility'] },
  insertsAndDeletes: ['videos'],
  fixed: {},
  readFresh: {},
  aliases: {},
};

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
