import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Comment, Reply } from '@contract';
import type { CommentWithOwner } from '../repositories/comment.repository.js';
import type { LikeKind } from '../repositories/like.repository.js';
import type { VideoWithOwner } from '../repositories/video.repository.js';
import { CommentPages } from './comment-pages.js';
import {
  commentPageRowOf,
  toComment,
  toReply,
  type CommentPageRow,
} from '../mappers/comment.mapper.js';
import { MediaUrls } from '../services/media-urls.js';
import { VideoCards } from './video-cards.js';
import { cardRowOf, toVideo, type CardRow } from '../mappers/video.mapper.js';
import {
  CARD_VERSION,
  COMMENTS_VERSION,
  coverageOf,
  coveredFields,
  sourceColumn,
  type CoveredField,
  type VersionCoverage,
} from './version-coverage.js';

// Absolute URLs read the most: the visibility decides the base of each file.
const MEDIA_URLS = new MediaUrls({
  public: 'https://cdn.example',
  app: 'https://app.example/media',
});

/** The fields of `row` that `use` reads, recorded through a proxy. */
async function fieldsRead<R extends object>(row: R, use: (row: R) => unknown): Promise<string[]> {
  const read = new Set<string>();
  const spy = new Proxy(row, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      if (typeof key === 'string') read.add(key);
      return Reflect.has(target, key);
    },
  });
  await use(spy);
  return [...read].sort();
}

/** Each field that the version leaves uncovered, as `table.column`. */
function uncovered(coverage: VersionCoverage, table: string, fields: readonly string[]): string[] {
  return fields
    .map((f) => sourceColumn(coverage, table, f))
    .filter((column) => coverageOf(coverage, column) === undefined);
}

const video: VideoWithOwner = {
  status: 'ready',
  playable: 1,
  processing_progress: 100,
  processing_error: null,
  pending_visibility: null,
  original_name: 'original.mp4',
  hls_ready: 1,
  storyboard_ready: 1,
  blocked_at: null,
  blocked_reason: null,
  owner_suspended: 0,
  comments_mode: 'open',
  id: 'v1',
  owner_id: 'u1',
  title: 'Title',
  description: 'Words',
  hashtag: '#tag',
  visibility: 'public',
  duration: 3,
  views: 4,
  video_key: 'videos/v1.mp4',
  thumbnail_key: 'images/t.webp',
  created_at: 1,
  updated_at: 2,
  likes_count: 5,
  comments_count: 6,
  comments_version: 7,
  card_version: 8,
  media_token: 'tok',
  owner_username: 'owner',
  owner_avatar_key: 'images/a.webp',
};

const comment: CommentWithOwner = {
  id: 'c1',
  video_id: 'v1',
  owner_id: 'u1',
  parent_id: null,
  content: 'Hello',
  created_at: 1,
  updated_at: 2,
  likes_count: 3,
  held: 0,
  author_suspended: 0,
  hidden: 0,
  owner_username: 'owner',
  owner_avatar_key: 'images/a.webp',
};

/** Every combination of the given values, each over `base`. */
function combinations<R extends object>(
  base: R,
  values: { [K in keyof R]?: readonly R[K][] },
): R[] {
  let rows: R[] = [base];
  for (const [key, options] of Object.entries(values) as [keyof R, R[keyof R][]][]) {
    rows = rows.flatMap((row) => options.map((value) => ({ ...row, [key]: value })));
  }
  return rows;
}

// Each branch a mapper can take: processing states, visibilities, outputs, blocks, holds.
const VIDEOS = combinations(video, {
  status: ['processing', 'ready', 'failed'],
  playable: [0, 1],
  visibility: ['private', 'unlisted', 'public'],
  pending_visibility: [null, 'public'],
  processing_error: [null, 'Broken'],
  hls_ready: [0, 1],
  storyboard_ready: [0, 1],
  media_token: [null, 'tok'],
  blocked_reason: [null, 'Spam'],
  comments_mode: ['open', 'held', 'off'],
});
const COMMENTS = combinations(comment, {
  parent_id: [null, 'c0'],
  held: [0, 1],
  hidden: [0, 1],
  author_suspended: [0, 1],
});
const KINDS: (LikeKind | undefined)[] = [undefined, 'like', 'dislike'];

describe('a mapper whose output is kept by version reads only what that version covers', () => {
  it('types: toVideo takes a CardRow, and a CardRow has no column card_version leaves out', () => {
    expectTypeOf(toVideo).parameters.toEqualTypeOf<[CardRow, MediaUrls]>();
    // Whatever CardRow is made of, the mapper's input has only covered fields.
    type Input = Parameters<typeof toVideo>[0];
    expectTypeOf<
      Exclude<keyof Input, CoveredField<typeof CARD_VERSION, 'videos'>>
    >().toEqualTypeOf<never>();
    // And each declared field is one of the row's (a misspelt column would not be).
    expectTypeOf<keyof CardRow>().toEqualTypeOf<CoveredField<typeof CARD_VERSION, 'videos'>>();
    const readsUpdatedAt = (row: Input) =>
      // @ts-expect-error `updated_at` moves no card_version: a card cannot read it.
      row.status === 'failed' ? row.updated_at : null;
    const readsLikes = (row: Input) =>
      // @ts-expect-error nor a count the card does not show.
      row.likes_count;
    expect([readsUpdatedAt, readsLikes]).toHaveLength(2);
  });

  it('types: toComment and toReply take a CommentPageRow, which has no uncovered column', () => {
    expectTypeOf(toComment).parameters.toEqualTypeOf<
      [CommentPageRow, LikeKind | undefined, Reply[], MediaUrls]
    >();
    expectTypeOf(toReply).parameters.toEqualTypeOf<
      [CommentPageRow, LikeKind | undefined, MediaUrls]
    >();
    type Input = Parameters<typeof toComment>[0] | Parameters<typeof toReply>[0];
    expectTypeOf<
      Exclude<keyof Input, CoveredField<typeof COMMENTS_VERSION, 'comments'>>
    >().toEqualTypeOf<never>();
    expectTypeOf<keyof CommentPageRow>().toEqualTypeOf<
      CoveredField<typeof COMMENTS_VERSION, 'comments'>
    >();
    const readsUpdatedAt = (row: Input) =>
      // @ts-expect-error `updated_at` moves no comments_version: a page cannot read it.
      Number(row.held) === 1 ? row.updated_at : null;
    const readsSuspension = (row: Input) =>
      // @ts-expect-error nor `author_suspended`, which the page does not show.
      row.author_suspended;
    expect([readsUpdatedAt, readsSuspension]).toHaveLength(2);
  });

  it('the fields kept are exactly the declared ones, and each of them is covered', () => {
    const card = coveredFields(CARD_VERSION, 'videos');
    expect(uncovered(CARD_VERSION, 'videos', card)).toEqual([]);
    expect(Object.keys(cardRowOf(video)).sort()).toEqual([...card].sort());
    expect(card).not.toContain('updated_at');
    const page = coveredFields(COMMENTS_VERSION, 'comments');
    expect(uncovered(COMMENTS_VERSION, 'comments', page)).toEqual([]);
    expect(Object.keys(commentPageRowOf(comment)).sort()).toEqual([...page].sort());
    expect(page).not.toContain('updated_at');
  });

  it('an alias stands for its column only while that column is covered', () => {
    const coverage = {
      version: 'videos.card_version',
      moves: { videos: ['title'] },
      insertsAndDeletes: [],
      fixed: { videos: ['id'] },
      readFresh: {},
      aliases: { owner_username: 'users.username', owner_joined: 'users.created_at' },
    } as const satisfies VersionCoverage;
    expect(coveredFields(coverage, 'videos').sort()).toEqual(['id', 'title']);
    expectTypeOf<CoveredField<typeof coverage, 'videos'>>().toEqualTypeOf<'title' | 'id'>();
  });

  it('VideoCards maps a video from its covered columns alone, in every branch', async () => {
    for (const row of VIDEOS) {
      const read = await fieldsRead(row, async (spy) => {
        const cards = new VideoCards(
          { withOwners: async () => [spy] },
          (read) => read(),
          4_000_000,
          {},
          MEDIA_URLS,
        );
        await cards.read(async () => ({ rows: [{ id: row.id, card_version: 8, views: 4 }] }));
      });
      // Besides the covered columns, only the version itself, which keys the entry.
      const outside = uncovered(CARD_VERSION, 'videos', read);
      expect(outside, `${row.status} ${row.visibility}`).toEqual(['videos.card_version']);
    }
  });

  it('a card is the same from its covered columns as from the whole row, in every branch', () => {
    expect(VIDEOS.length).toBeGreaterThan(1_000);
    for (const row of VIDEOS) {
      const whole = { ...row, updated_at: 99, likes_count: 98, comments_count: 97 };
      expect(toVideo(cardRowOf(whole), MEDIA_URLS)).toEqual(toVideo(whole, MEDIA_URLS));
    }
  });

  it('CommentPages keeps a page of covered columns alone, in every branch', async () => {
    for (const row of COMMENTS) {
      let kept: CommentPageRow[] = [];
      const read = await fieldsRead(row, async (spy) => {
        const pages = new CommentPages({
          async page() {
            return { rows: [spy], replies: [], topLevel: 1, all: 1 };
          },
        });
        kept = (await pages.get({ id: 'v1', comments_version: 7 }, 20, 0)).rows;
      });
      expect(uncovered(COMMENTS_VERSION, 'comments', read)).toEqual([]);
      expect(uncovered(COMMENTS_VERSION, 'comments', Object.keys(kept[0]!))).toEqual([]);
    }
  });

  it('a comment is the same from its covered columns as from the whole row, in every branch', () => {
    for (const row of COMMENTS) {
      const whole = { ...row, updated_at: 99, author_suspended: 1 };
      for (const kind of KINDS) {
        const kept: Comment = toComment(commentPageRowOf(whole), kind, [], MEDIA_URLS);
        expect(kept).toEqual(toComment(whole, kind, [], MEDIA_URLS));
        expect(toReply(commentPageRowOf(whole), kind, MEDIA_URLS)).toEqual(
          toReply(whole, kind, MEDIA_URLS),
        );
      }
    }
  });

  it('finds a column read that no version covers', async () => {
    // `updated_at` moves with every edit but is on no card: reading it would serve stale values.
    const read = await fieldsRead(video, (row) => ({
      ...toVideo(row, MEDIA_URLS),
      updatedAt: row.updated_at,
    }));
    expect(uncovered(CARD_VERSION, 'videos', read)).toEqual(['videos.updated_at']);
  });
});
