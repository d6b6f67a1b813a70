import { describe, expect, it } from 'vitest';
import type { CommentWithOwner } from '../repositories/comment.repository.js';
import type { VideoWithOwner } from '../repositories/video.repository.js';
import { toComment } from './comment.mapper.js';
import { toVideo } from './video.mapper.js';
import { MediaUrls } from './media-urls.js';

// Absolute URLs read the most: the visibility decides the base of each file.
const MEDIA_URLS = new MediaUrls({
  public: 'https://cdn.example',
  app: 'https://app.example/media',
});
import {
  CARD_VERSION,
  COMMENTS_VERSION,
  coverageOf,
  sourceColumn,
  type VersionCoverage,
} from './version-coverage.js';

/** The fields of `row` that `map` reads, recorded through a proxy. */
function fieldsRead<R extends object>(row: R, map: (row: R) => unknown): string[] {
  const read = new Set<string>();
  const spy = new Proxy(row, {
    get(target, key, receiver) {
      if (typeof key === 'string') read.add(key);
      return Reflect.get(target, key, receiver);
    },
  });
  map(spy);
  return [...read].sort();
}

/** Each field the mapper reads that its version leaves uncovered, as `table.column`. */
function uncovered(coverage: VersionCoverage, table: string, fields: string[]): string[] {
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
  media_token: null,
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

describe('what each version covers', () => {
  it('a video entry reads only columns card_version covers, fixed ones, or views', () => {
    const read = fieldsRead(video, (row) => toVideo(row, MEDIA_URLS));
    expect(read.length).toBeGreaterThan(5);
    expect(uncovered(CARD_VERSION, 'videos', read)).toEqual([]);
  });

  it('a comment page reads only columns comments_version covers or fixed ones', () => {
    const read = fieldsRead(comment, (row) => toComment(row, undefined, [], MEDIA_URLS));
    expect(read.length).toBeGreaterThan(5);
    expect(uncovered(COMMENTS_VERSION, 'comments', read)).toEqual([]);
  });

  it('finds a column read that no version covers', () => {
    // `updated_at` moves with every edit but is on no card: reading it would serve stale values.
    const read = fieldsRead(video, (row) => ({
      ...toVideo(row, MEDIA_URLS),
      updatedAt: row.updated_at,
    }));
    expect(uncovered(CARD_VERSION, 'videos', read)).toEqual(['videos.updated_at']);
  });
});
