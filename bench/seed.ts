import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { newId } from '../server/src/lib/ids.js';
import { hashPassword } from '../server/src/lib/password.js';
import { LocalBlobStore } from '../server/src/storage/local-blob-store.js';
import { newMediaToken, thumbnailKey, videoFileKey } from '../server/src/storage/media-keys.js';
import { bulkInsert, freshDatabase } from './seed-database.js';
import { multipart, pngImage } from '../server/test/helpers/fixtures.js';

/** Row counts at BENCH_SCALE=1, as the issue states them. */
export const FULL_SCALE = {
  videos: 100_000,
  channels: 5_000,
  likes: 1_000_000,
  comments: 200_000,
  subscriptions: 50_000,
};

/** The signed-in accounts the load uses; everything else is bulk rows. */
export interface SeedAccount {
  id: string;
  username: string;
  /** Session token, sent as the `sid` cookie. */
  token: string;
}

export interface SeedResult {
  dataDir: string;
  scale: number;
  /** Set for PostgreSQL: the bench database the server must use. */
  databaseUrl: string | undefined;
  counts: typeof FULL_SCALE & { studioVideos: number; hotComments: number };
  /** Signed-in viewer: has likes and subscriptions, and likes the hot video. */
  viewer: SeedAccount;
  /** The channel with 1,000 videos (scaled), signed in to read its studio list. */
  studio: SeedAccount;
  /** A public video with the 20 MB file and 100 top-level comments, each with a reply. */
  hotVideoId: string;
  /** The hot video's media key (`/media/{videoKey}`), and its file on disk. */
  videoKey: string;
  videoFile: string;
  titleFragment: string;
  hashtag: string;
  seconds: number;
  phases: { name: string; seconds: number }[];
}

const PASSWORD = 'bench password 1';
const SEED_FILE = 'seed.json';
const VIDEO_FILE_BYTES = 20 * 1024 * 1024;
const STUDIO_VIDEOS = 1_000;
const HOT_TOP_LEVEL = 100;
const VIEWER_LIKES = 500;
const VIEWER_SUBSCRIPTIONS = 100;

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

export async function seed(opts: {
  dataDir: string;
  scale: number;
  databaseUrl?: string;
  log?: (line: string) => void;
}): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const s = opts.scale;
  const counts = {
    videos: Math.round(FULL_SCALE.videos * s),
    channels: Math.max(20, Math.round(FULL_SCALE.channels * s)),
    likes: Math.round(FULL_SCALE.likes * s),
    comments: Math.round(FULL_SCALE.comments * s),
    subscriptions: Math.round(FULL_SCALE.subscriptions * s),
    studioVideos: Math.min(STUDIO_VIDEOS, Math.round(FULL_SCALE.videos * s * 0.5)),
    hotComments: HOT_TOP_LEVEL * 2,
  };
  const started = performance.now();
  const phases: { name: string; seconds: number }[] = [];
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push({ name, seconds: (now - mark) / 1000 });
    log(`  seeded ${name} in ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };

  const { handle, url } = await freshDatabase(opts.dataDir, opts.databaseUrl);
  const db = handle.db;
  await migrateToLatest(db);
  const mediaDir = path.join(opts.dataDir, 'media');
  const base = loadConfig({ DATA_DIR: opts.dataDir, WEB_DIST_DIR: '' });
  const config = {
    ...base,
    rateLimits: {
      login: { max: 1000, windowSeconds: 60 },
      register: { max: 1000, windowSeconds: 3600 },
    },
  };
  const app = await buildApp({ config, database: handle, blobs: new LocalBlobStore(mediaDir) });
  await app.server.ready();

  // The two signed-in accounts go through the real register and login endpoints.
  const avatar = await pngImage();
  const account = async (username: string): Promise<SeedAccount> => {
    const form = multipart({
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      fullName: `Bench ${username}`,
      avatar,
    });
    const reg = await app.server.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...form,
    });
    if (reg.statusCode !== 201) throw new Error(`register ${username} failed: ${reg.body}`);
    const login = await app.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username, password: PASSWORD },
    });
    const sid = login.cookies.find((c) => c.name === 'sid');
    if (!sid) throw new Error(`login ${username} failed: ${login.body}`);
    return {
      id: (reg.json() as { data: { user: { _id: string } } }).data.user._id,
      username,
      token: sid.value,
    };
  };
  const viewer = await account('benchviewer');
  const studio = await account('benchstudio');
  await app.server.close();
  const viewerRow = await db
    .selectFrom('users')
    .select('avatar_key')
    .where('id', '=', viewer.id)
    .executeTakeFirstOrThrow();
  phase('accounts (register + login)');

  // Everyone else shares one real hash and the viewer's stored avatar.
  const sharedHash = await hashPassword(PASSWORD);
  const t0 = Date.now() - 365 * 86_400_000;
  // Channel 0 is the studio account; the rest are bulk users.
  const userIds: string[] = [studio.id];
  for (let i = 1; i < counts.channels; i += 1) userIds.push(newId(t0 + i * 1000));
  await bulkInsert(db, 'users', counts.channels - 1, (i) => ({
    id: userIds[i + 1]!,
    username: `bench${i + 1}`,
    email: `bench${i + 1}@example.com`,
    full_name: `Bench Channel ${i + 1}`,
    password_hash: sharedHash,
    avatar_key: viewerRow.avatar_key,
    cover_key: null,
    created_at: t0 + i * 1000,
  }));
  phase(`users (${counts.channels})`);

  // Videos, oldest first; the studio channel owns the first `studioVideos`, the rest spread out.
  const span = 300 * 86_400_000;
  const videoIds: string[] = [];
  for (let i = 0; i < counts.videos; i += 1) {
    videoIds.push(newId(t0 + Math.floor((i * span) / counts.videos)));
  }
  const ownerOf = (i: number) =>
    i < counts.studioVideos ? studio.id : userIds[1 + (i % (counts.channels - 1))]!;
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
  phase(`videos (${counts.videos}, search index kept by the database)`);

  // Likes: each bulk user likes a distinct stride of videos; 1 in 10 is a dislike.
  const viewerLikes = Math.min(VIEWER_LIKES, counts.videos);
  const bulkLikes = Math.max(0, counts.likes - viewerLikes);
  const likers = counts.channels - 1;
  const perUser = Math.ceil(bulkLikes / likers);
  const stride = Math.max(1, Math.floor(counts.videos / perUser));
  const tNow = Date.now();
  await bulkInsert(db, 'likes', bulkLikes, (n) => {
    const u = n % likers;
    const k = Math.floor(n / likers);
    return {
      user_id: userIds[1 + u]!,
      target_type: 'Video' as const,
      target_id: videoIds[(u * 7919 + k * stride) % counts.videos]!,
      kind: n % 10 === 9 ? ('dislike' as const) : ('like' as const),
      created_at: tNow - n * 1000,
    };
  });
  // The viewer's liked list: the hot video first, then a spread of others.
  await bulkInsert(db, 'likes', viewerLikes, (k) => ({
    user_id: viewer.id,
    target_type: 'Video' as const,
    target_id:
      videoIds[
        (hotIndex - k * Math.max(1, Math.floor(counts.videos / viewerLikes)) + counts.videos) %
          counts.videos
      ]!,
    kind: 'like' as const,
    created_at: tNow - k * 60_000,
  }));
  phase(`likes (${counts.likes})`);

  // Subscriptions, and the matching +1 events studio analytics reads.
  const viewerSubs = Math.min(VIEWER_SUBSCRIPTIONS, counts.channels - 1);
  const bulkSubs = Math.max(0, counts.subscriptions - viewerSubs);
  const subsPerUser = Math.ceil(bulkSubs / likers);
  const subRows: { subscriber_id: string; channel_id: string; created_at: number }[] = [];
  for (let n = 0; n < bulkSubs; n += 1) {
    const u = n % likers;
    const j = Math.floor(n / likers);
    // Offsets 1..subsPerUser from the subscriber never wrap onto itself (subsPerUser < likers).
    const c = (u + 1 + j * Math.max(1, Math.floor(likers / (subsPerUser + 1)))) % counts.channels;
    subRows.push({
      subscriber_id: userIds[1 + u]!,
      channel_id: userIds[c === 1 + u ? 0 : c]!,
      created_at: tNow - n * 1000,
    });
  }
  // The hot video's owner is among the viewer's subscriptions.
  const hotOwner = ownerOf(hotIndex);
  const viewerChannels = new Set<string>([hotOwner]);
  for (let c = 1; viewerChannels.size < viewerSubs && c < counts.channels; c += 1) {
    viewerChannels.add(userIds[c]!);
  }
  for (const channel of viewerChannels) {
    subRows.push({ subscriber_id: viewer.id, channel_id: channel, created_at: tNow });
  }
  const seen = new Set<string>();
  const uniqueSubs = subRows.filter((r) => {
    const key = `${r.subscriber_id}:${r.channel_id}`;
    if (seen.has(key) || r.subscriber_id === r.channel_id) return false;
    seen.add(key);
    return true;
  });
  await bulkInsert(db, 'subscriptions', uniqueSubs.length, (i) => uniqueSubs[i]!);
  await bulkInsert(db, 'subscription_events', uniqueSubs.length, (i) => ({
    id: newId(uniqueSubs[i]!.created_at),
    channel_id: uniqueSubs[i]!.channel_id,
    subscriber_id: uniqueSubs[i]!.subscriber_id,
    delta: 1 as const,
    created_at: uniqueSubs[i]!.created_at,
  }));
  phase(`subscriptions (${uniqueSubs.length} + events)`);

  // Comments: the hot video's thread (top-level, then one reply each), then the rest spread
  // over the other videos, the second half replying to the first.
  const hotTop: string[] = [];
  for (let i = 0; i < HOT_TOP_LEVEL; i += 1) hotTop.push(newId(tNow - i * 60_000));
  const rest = Math.max(0, counts.comments - HOT_TOP_LEVEL * 2);
  const half = Math.ceil(rest / 2);
  const restIds: string[] = [];
  for (let i = 0; i < rest; i += 1) restIds.push(newId(tNow - i * 1000));
  const commenter = (i: number) => userIds[1 + ((i * 31) % likers)]!;
  await bulkInsert(db, 'comments', HOT_TOP_LEVEL, (i) => ({
    id: hotTop[i]!,
    video_id: hotVideoId,
    owner_id: commenter(i),
    parent_id: null,
    content: `Top-level comment ${i} on the hot video, with a sentence or two of text.`,
    created_at: tNow - i * 60_000,
    updated_at: tNow - i * 60_000,
  }));
  await bulkInsert(db, 'comments', HOT_TOP_LEVEL, (i) => ({
    id: newId(tNow - i * 60_000 + 1000),
    video_id: hotVideoId,
    owner_id: commenter(i + 7),
    parent_id: hotTop[i]!,
    content: `A reply to comment ${i}.`,
    created_at: tNow - i * 60_000 + 1000,
    updated_at: tNow - i * 60_000 + 1000,
  }));
  const others = Math.max(1, counts.videos - 1);
  await bulkInsert(db, 'comments', rest, (i) => {
    const top = i % half;
    return {
      id: restIds[i]!,
      video_id: videoIds[(top * 13) % others]!,
      owner_id: commenter(i),
      parent_id: i < half ? null : restIds[top]!,
      content: `Comment ${i}: benchmark text.`,
      created_at: tNow - (i < half ? 2 * rest : rest) * 1000 + i,
      updated_at: tNow - (i < half ? 2 * rest : rest) * 1000 + i,
    };
  });
  phase(`comments (${counts.comments})`);

  // Counted views of the last 7 days (trending reads their hours), on a tenth of the videos,
  // more of them on some: what a week of watching leaves in `video_views`.
  const views = Math.round(200_000 * s);
  const watched = Math.max(1, Math.round(counts.videos / 10));
  await bulkInsert(db, 'video_views', views, (i) => {
    const at = tNow - ((i * 7919) % (7 * 86_400_000));
    return {
      id: newId(at),
      video_id: videoIds[((i * i) % watched) % counts.videos]!,
      viewer_id: null,
      viewed_at: at,
    };
  });
  phase(`views (${views}, last 7 days)`);

  // The stored video file: 20 MB of bytes behind the hot video's key (contents are not decoded).
  const videoKey = videoFileKey(hotVideoId, tokens[hotIndex]!, 'mp4');
  const videoFile = path.join(mediaDir, videoKey);
  await fs.mkdir(path.dirname(videoFile), { recursive: true });
  await fs.writeFile(videoFile, randomBytes(VIDEO_FILE_BYTES));

  // Fresh statistics and, on SQLite, a merged search index: what the server's hourly
  // housekeeping keeps on a long-running database. On PostgreSQL also the visibility map that
  // autovacuum keeps there, without which no index-only scan can skip the table.
  await (url ? sql`vacuum analyze` : sql`analyze`).execute(db);
  if (!url) await sql`insert into videos_fts (videos_fts) values ('optimize')`.execute(db);
  phase('video file + analyze');
  await handle.close();

  const result: SeedResult = {
    dataDir: opts.dataDir,
    scale: s,
    databaseUrl: url,
    counts: { ...counts, subscriptions: uniqueSubs.length },
    viewer,
    studio,
    hotVideoId,
    videoKey,
    videoFile,
    titleFragment: 'canyon',
    hashtag: '#cooking',
    seconds: (performance.now() - started) / 1000,
    phases,
  };
  // Lets BENCH_REUSE=1 measure again without seeding again.
  await fs.writeFile(path.join(opts.dataDir, SEED_FILE), JSON.stringify(result, null, 2));
  return result;
}

/** The result of an earlier seed of `dataDir` at this scale, if its database is still there. */
export async function previousSeed(
  dataDir: string,
  scale: number,
): Promise<SeedResult | undefined> {
  try {
    const saved = JSON.parse(
      await fs.readFile(path.join(dataDir, SEED_FILE), 'utf8'),
    ) as SeedResult;
    return saved.scale === scale && !saved.databaseUrl && saved.videoKey ? saved : undefined;
  } catch {
    return undefined;
  }
}
