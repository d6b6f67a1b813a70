import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema.js';
import { newId } from '../server/src/lib/ids.js';
import { newMediaToken, thumbnailKey, videoFileKey } from '../server/src/storage/media-keys.js';
import { bulkInsert } from './seed-database.js';
import type { SeedCounts } from './seed-scale.js';

/**
 * The bench's videos: public rows spread over 300 days with searchable titles and hashtags,
 * the studio channel's share of them, and the hot (newest) video's 20 MB file on disk.
 */
const VIDEO_FILE_BYTES = 20 * 1024 * 1024;

// Titles draw from small vocabularies so a fragment or hashtag matches a realistic share.
const ADJECTIVES = ['quick', 'lazy', 'bright', 'quiet', 'golden', 'hidden', 'broken', 'wild'];
const NOUNS = [
  'guitar',
  'river',
  'kitchen',
  'mountain',
  'garden',
  'engine',
  'castle',
  'forest',
  'harbor',
  'market',
  'desert',
  'island',
  'bridge',
  'studio',
  'canyon',
  'meadow',
  'glacier',
  'lantern',
  'orchard',
  'voyage',
];
const TAGS = ['music', 'travel', 'cooking', 'science', 'gaming', 'sports', 'nature', 'history'];

function pick<T>(list: readonly T[], i: number): T {
  return list[i % list.length] as T;
}

/** The seeded videos: their ids (oldest first), their media tokens and who owns each. */
export interface SeededVideos {
  videoIds: string[];
  tokens: string[];
  ownerOf: (i: number) => string;
  /** The newest video, the hot one: it carries the 20 MB file and the comment thread. */
  hotIndex: number;
  hotVideoId: string;
}

/** The videos, from `t0` on; the studio channel owns the first `studioVideos`. */
export async function seedVideos(
  db: Kysely<Database>,
  counts: SeedCounts,
  userIds: string[],
  studioId: string,
  t0: number,
): Promise<SeededVideos> {
  // Videos, oldest first; the studio channel owns the first `studioVideos`, the rest spread out.
  // From `t0` (a year ago) to a day ago, so a search of this month's uploads has matches.
  const span = 364 * 86_400_000;
  const videoIds: string[] = [];
  for (let i = 0; i < counts.videos; i += 1) {
    videoIds.push(newId(t0 + Math.floor((i * span) / counts.videos)));
  }
  const ownerOf = (i: number) =>
    i < counts.studioVideos ? studioId : userIds[1 + (i % (counts.channels - 1))]!;
  // The newest video is the hot one: it carries the 20 MB file and the comment thread.
  const hotIndex = counts.videos - 1;
  const hotVideoId = videoIds[hotIndex]!;
  // Each under a prefix of its own, as a processed upload is.
  const tokens = videoIds.map(() => newMediaToken());
  await bulkInsert(db, 'videos', counts.videos, (i) => {
    const at = t0 + Math.floor((i * span) / counts.videos);
    return {
      id: videoIds[i]!,
      owner_id: ownerOf(i),
      title: `${pick(ADJECTIVES, i)} ${pick(NOUNS, Math.floor(i / 8))} ${i}`,
      description: `Benchmark video ${i}: a few sentences of description text.`,
      hashtag: `#${pick(TAGS, i)} #${pick(TAGS, i + 3)}`,
      visibility: 'public' as const,
      duration: 30 + (i % 600),
      views: (i * 7919) % 100_000,
      media_token: tokens[i]!,
      video_key: videoFileKey(videoIds[i]!, tokens[i]!, 'mp4'),
      thumbnail_key: thumbnailKey(videoIds[i]!, tokens[i]!),
      created_at: at,
      updated_at: at,
    };
  });
  return { videoIds, tokens, ownerOf, hotIndex, hotVideoId };
}

/** The hot video's media key and the file behind it. */
export async function writeHotVideoFile(
  mediaDir: string,
  videos: SeededVideos,
): Promise<{ videoKey: string; videoFile: string }> {
  const { hotVideoId, hotIndex, tokens } = videos;
  // The stored video file: 20 MB of bytes behind the hot video's key (contents are not decoded).
  const videoKey = videoFileKey(hotVideoId, tokens[hotIndex]!, 'mp4');
  const videoFile = path.join(mediaDir, videoKey);
  await fs.mkdir(path.dirname(videoFile), { recursive: true });
  await fs.writeFile(videoFile, randomBytes(VIDEO_FILE_BYTES));
  return { videoKey, videoFile };
}
