import {
  CARD_VERSION,
  COMMENTS_VERSION,
  SEARCH_GENERATION,
  type VersionCoverage,
} from '../../caches/version-coverage.js';
import type { Trigger } from './triggers.js';

/**
 * Every piece of derived data the database keeps for reads, declared once. The triggers of
 * both dialects are generated from these entries (generate.ts) and re-created whenever the
 * generated SQL changes (apply.ts, run after the migrations): nobody writes a trigger by hand.
 *
 * Three kinds:
 * - `count`: a column of one row counting rows of another table (optionally only those in a
 *   state, e.g. likes of kind 'like');
 * - `version`: a counter a version-keyed cache follows; what moves it is the list in
 *   caches/version-coverage.ts, used here as is;
 * - `rule`: anything else (the search index, the liked list's hidden flag, publication times,
 *   trending hours, counts per visibility), its triggers written out as data.
 */
export type DerivedEntry = CountEntry | VersionEntry | RuleEntry;

/** A row (`new` or `old`) of the table whose change is being followed. */
export type RowRef = 'new' | 'old';

export interface CountEntry {
  kind: 'count';
  /** Prefix of the generated triggers' names. */
  name: string;
  /** `table.column` kept: the count. */
  keeps: string;
  /** The counted rows: their table and the column naming the kept row (by its `id`). */
  rows: { table: string; key: string };
  /** Conditions on columns that never change once written (which kind of target). */
  fixed?: Readonly<Record<string, string | number>>;
  /** The state a row must be in to count; changing this column moves the count. */
  counted?: readonly [column: string, value: string | number];
  rule: string;
}

export interface VersionEntry {
  kind: 'version';
  /** Middle of the generated triggers' names: `<table>_<name>_<event>`. */
  name: string;
  coverage: VersionCoverage;
  /**
   * For each table in the coverage, which rows of the version's table a changed row moves:
   * `self` for the version's own row, `all` for a one-row counter, else a condition.
   */
  reach: Readonly<Record<string, 'self' | 'all' | ((row: RowRef) => string)>>;
  /** Tables whose updates move the version only when a listed column really changes. */
  changedOnly?: readonly string[];
  /** Columns that move the version beside the coverage's, each only when it really changes. */
  alsoMoves?: Readonly<Record<string, readonly string[]>>;
  rule: string;
}

export interface RuleEntry {
  kind: 'rule';
  keeps: string;
  rule: string;
  triggers: readonly Trigger[];
}

/** A video's search-index rows: a rowid range per created_at second (see migration 009). */
const ftsRange = (row: RowRef) =>
  `rowid >= cast(${row}.created_at as integer) * 1048576 and rowid < cast(${row}.created_at as integer) * 1048576 + 1048576`;
const ftsDelete = `delete from videos_fts
where ${ftsRange('old')} and video_id = old.id;`;
const ftsInsert = `insert into videos_fts (rowid, video_id, title, hashtag)
select (select coalesce(max(rowid) + 1, cast(new.created_at as integer) * 1048576) from videos_fts
  where ${ftsRange('new')}), new.id, new.title, new.hashtag
where new.visibility = 'public';`;

export const DERIVED_DATA: readonly DerivedEntry[] = [
  {
    kind: 'count',
    name: 'likes_video_count',
    keeps: 'videos.likes_count',
    rows: { table: 'likes', key: 'target_id' },
    fixed: { target_type: 'Video' },
    counted: ['kind', 'like'],
    rule: "likes (kind 'like') of the video",
  },
  {
    kind: 'count',
    name: 'likes_comment_count',
    keeps: 'comments.likes_count',
    rows: { table: 'likes', key: 'target_id' },
    fixed: { target_type: 'Comment' },
    counted: ['kind', 'like'],
    rule: "likes (kind 'like') of the comment",
  },
  {
    kind: 'count',
    name: 'comments_video_count',
    keeps: 'videos.comments_count',
    rows: { table: 'comments', key: 'video_id' },
    counted: ['hidden', 0],
    rule: 'comments on the video that moderation has not hidden',
  },
  {
    kind: 'count',
    name: 'videos_channel_count',
    keeps: 'users.all_videos_count',
    rows: { table: 'videos', key: 'owner_id' },
    rule: "the channel's videos, whatever their visibility",
  },
  {
    kind: 'count',
    name: 'videos_channel_public_count',
    keeps: 'users.public_videos_count',
    rows: { table: 'videos', key: 'owner_id' },
    counted: ['visibility', 'public'],
    rule: "the channel's public videos",
  },
  {
    kind: 'count',
    name: 'subscriptions_channel_count',
    keeps: 'users.subscribers_count',
    rows: { table: 'subscriptions', key: 'channel_id' },
    rule: "the channel's subscribers",
  },
  {
    kind: 'version',
    name: 'card_version',
    coverage: CARD_VERSION,
    reach: { videos: 'self', users: (row) => `owner_id = ${row}.id` },
    changedOnly: ['users'],
    rule: "a video's list entry: moves with every column the card shows",
  },
  {
    kind: 'version',
    name: 'comments_version',
    coverage: COMMENTS_VERSION,
    reach: {
      comments: (row) => `id = ${row}.video_id`,
      users: (row) => `id in (select c.video_id from comments c where c.owner_id = ${row}.id)`,
    },
    changedOnly: ['users'],
    rule: "pages of a video's comments: moves with every comment and commenter they show",
  },
  {
    kind: 'version',
    name: 'search_generation',
    coverage: SEARCH_GENERATION,
    reach: { videos: 'all' },
    // The duration filter of search counts (migration 080).
    alsoMoves: { videos: ['duration'] },
    rule: 'search match counts: any video that could match differently',
  },
  {
    kind: 'rule',
    keeps: 'video_counts.n',
    rule: 'videos per visibility',
    triggers: [
      {
        name: 'videos_count_insert',
        table: 'videos',
        event: 'insert',
        // Per statement on PostgreSQL: a bulk insert touches each visibility's row once.
        perStatement: { changed: 'new' },
        body: {
          sqlite: 'update video_counts set n = n + 1 where visibility = new.visibility;',
          postgres: `update video_counts c set n = c.n + d.k
  from (select visibility, count(*) as k from changed group by visibility) d
  where c.visibility = d.visibility;`,
        },
      },
      {
        name: 'videos_count_delete',
        table: 'videos',
        event: 'delete',
        perStatement: { changed: 'old' },
        body: {
          sqlite: 'update video_counts set n = n - 1 where visibility = old.visibility;',
          postgres: `update video_counts c set n = c.n - d.k
  from (select visibility, count(*) as k from changed group by visibility) d
  where c.visibility = d.visibility;`,
        },
      },
      {
        name: 'videos_count_update',
        table: 'videos',
        event: 'update',
        of: ['visibility'],
        when: {
          sqlite: 'old.visibility <> new.visibility',
          postgres: 'old.visibility is distinct from new.visibility',
        },
        body: {
          sqlite: `update video_counts set n = n - 1 where visibility = old.visibility;
update video_counts set n = n + 1 where visibility = new.visibility;`,
          postgres: `update video_counts
  set n = n + case when visibility = new.visibility then 1 else -1 end
  where visibility in (old.visibility, new.visibility);`,
        },
      },
    ],
  },
  {
    kind: 'rule',
    keeps: 'videos_fts (SQLite full-text index of public videos)',
    rule: "a public video's title and hashtag, in its created_at second's rowid range",
    triggers: [
      {
        name: 'videos_fts_insert',
        table: 'videos',
        event: 'insert',
        only: 'sqlite',
        body: { sqlite: ftsInsert, postgres: '' },
      },
      {
        name: 'videos_fts_delete',
        table: 'videos',
        event: 'delete',
        only: 'sqlite',
        body: { sqlite: ftsDelete, postgres: '' },
      },
      {
        name: 'videos_fts_update',
        table: 'videos',
        event: 'update',
        of: ['title', 'hashtag', 'visibility', 'created_at'],
        only: 'sqlite',
        body: { sqlite: `${ftsDelete}\n${ftsInsert}`, postgres: '' },
      },
    ],
  },
  {
    kind: 'rule',
    keeps: 'likes.target_hidden',
    rule: 'a like of a private video by anyone but its owner is left out of the liked list',
    triggers: [
      {
        name: 'likes_target_hidden',
        table: 'likes',
        event: 'insert',
        when: {
          sqlite: `new.target_type = 'Video' and exists (
  select 1 from videos v
  where v.id = new.target_id and v.visibility = 'private' and v.owner_id <> new.user_id
)`,
          postgres: `new.target_type = 'Video'`,
        },
        body: {
          sqlite: `update likes set target_hidden = 1
  where user_id = new.user_id and target_type = new.target_type and target_id = new.target_id;`,
          // The video's row is locked so that a visibility change cannot pass in between.
          postgres: `declare
  hidden boolean;
begin
  select v.visibility = 'private' and v.owner_id <> new.user_id into hidden
    from videos v where v.id = new.target_id for no key update;
  if hidden then
    update likes set target_hidden = 1
      where user_id = new.user_id and target_type = new.target_type
        and target_id = new.target_id;
  end if;
end;`,
        },
      },
      {
        name: 'videos_likes_hidden',
        table: 'videos',
        event: 'update',
        of: ['visibility'],
        when: {
          sqlite: "(old.visibility = 'private') <> (new.visibility = 'private')",
          postgres: "(old.visibility = 'private') is distinct from (new.visibility = 'private')",
        },
        body: {
          sqlite: `update likes
  set target_hidden = (new.visibility = 'private' and user_id <> new.owner_id)
  where target_type = 'Video' and target_id = new.id;`,
          postgres: `update likes
  set target_hidden = case
    when new.visibility = 'private' and user_id <> new.owner_id then 1 else 0 end
  where target_type = 'Video' and target_id = new.id;`,
        },
      },
    ],
  },
  {
    kind: 'rule',
    keeps: 'video_publications (first publication of a video, for notifications and feeds)',
    rule: 'a video made public for the first time: created_at if public at once, else the time it was',
    triggers: [
      {
        name: 'videos_published_insert',
        table: 'videos',
        event: 'insert',
        when: { sqlite: "new.visibility = 'public'", postgres: "new.visibility = 'public'" },
        body: {
          sqlite: `insert into video_publications (video_id, channel_id, published_at)
  values (new.id, new.owner_id, new.created_at)
  on conflict (video_id) do nothing;`,
          postgres: `insert into video_publications (video_id, channel_id, published_at)
  values (new.id, new.owner_id, new.created_at)
  on conflict (video_id) do nothing;`,
        },
      },
      {
        name: 'videos_published_update',
        table: 'videos',
        event: 'update',
        of: ['visibility'],
        when: {
          sqlite: "new.visibility = 'public' and old.visibility <> 'public'",
          // An update to public when already public finds the publication there.
          postgres: "new.visibility = 'public'",
        },
        body: {
          sqlite: `insert into video_publications (video_id, channel_id, published_at)
  values (new.id, new.owner_id,
    cast((julianday('now') - 2440587.5) * 86400000 as integer))
  on conflict (video_id) do nothing;`,
          postgres: `insert into video_publications (video_id, channel_id, published_at)
  values (new.id, new.owner_id, (extract(epoch from clock_timestamp()) * 1000)::bigint)
  on conflict (video_id) do nothing;`,
        },
      },
    ],
  },
  {
    kind: 'rule',
    keeps: 'video_view_hours.views',
    rule: "a video's views per hour, for trending",
    triggers: [
      {
        name: 'video_views_hours',
        table: 'video_views',
        event: 'insert',
        body: {
          sqlite: `insert into video_view_hours (hour, video_id, views)
values (cast(new.viewed_at / 3600000 as bigint), new.video_id, 1)
on conflict (hour, video_id) do update set views = video_view_hours.views + 1;`,
          postgres: `insert into video_view_hours (hour, video_id, views)
values (cast(new.viewed_at / 3600000 as bigint), new.video_id, 1)
on conflict (hour, video_id) do update set views = video_view_hours.views + 1;`,
        },
      },
    ],
  },
];
