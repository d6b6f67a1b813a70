import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema.js';
import { newId } from '../server/src/lib/ids.js';
import { hashToken, newSessionToken } from '../server/src/lib/tokens.js';
import { newMediaToken, thumbnailKey, videoFileKey } from '../server/src/storage/media-keys.js';
import { bulkInsert } from './seed-database.js';

/**
 * The notifications bench's data (`npm run bench:library`): 100,000 users who each subscribe
 * to 10 of 1,000 channels (1,000,000 subscriptions; 20,000 videos published in the last 30
 * days) and have 10 notification rows each (1,000,000 replies to their comments), plus one
 * channel with 10,000 subscribers and its uploads waiting to be published.
 */
export const USERS = 100_000;
export const CHANNELS = 1_000;
export const SUBSCRIPTIONS_EACH = 10;
export const VIDEOS_PER_CHANNEL = 20;
export const ROWS_EACH = 10;
export const BIG_CHANNEL_SUBSCRIBERS = 10_000;
/** The big channel's uploads waiting to be published: one per publish sample. */
export const PUBLISH_SAMPLES = 30;
export const DAY = 86_400_000;

const log = (line: string) => console.log(line);

export async function seedLibrary(db: Kysely<Database>): Promise<{
  users: { typical: string; bigFan: string };
  tokens: { typical: string; bigFan: string };
  bigChannel: string;
  pending: string[];
  rows: Record<string, number>;
}> {
  const now = Date.now();
  const t0 = now - 400 * DAY;
  const userIds = Array.from({ length: USERS }, (_, i) => newId(t0 + i));
  await bulkInsert(db, 'users', USERS, (i) => ({
    id: userIds[i]!,
    username: `lib${i}`,
    email: `lib${i}@example.com`,
    full_name: `Library user ${i}`,
    password_hash: null,
    avatar_key: `images/lib${i}.webp`,
    cover_key: null,
    created_at: t0 + i,
  }));
  log('  users');
  // Users 0..CHANNELS-1 are the channels; user CHANNELS is the 10,000-subscriber channel.
  const big = userIds[CHANNELS]!;
  const subscribedAt = now - 60 * DAY;
  await bulkInsert(db, 'subscriptions', USERS * SUBSCRIPTIONS_EACH, (n) => {
    const u = Math.floor(n / SUBSCRIPTIONS_EACH);
    const k = n % SUBSCRIPTIONS_EACH;
    // Ten distinct channels per user, never themselves.
    let c = (u * 7 + k * 97) % CHANNELS;
    if (c === u) c = (c + 1) % CHANNELS;
    return { subscriber_id: userIds[u]!, channel_id: userIds[c]!, created_at: subscribedAt };
  });
  // The big channel's subscribers: 10,000 users beyond the channels.
  await bulkInsert(db, 'subscriptions', BIG_CHANNEL_SUBSCRIBERS, (n) => ({
    subscriber_id: userIds[CHANNELS + 1 + n]!,
    channel_id: big,
    created_at: subscribedAt,
  }));
  log('  subscriptions');
  const videos = CHANNELS * VIDEOS_PER_CHANNEL;
  const videoIds = Array.from({ length: videos }, (_, i) =>
    newId(now - 30 * DAY + Math.floor((i * 30 * DAY) / videos)),
  );
  // Public on insert: each one's publication row is written by the trigger, as in production.
  await bulkInsert(db, 'videos', videos, (i) => {
    const at = now - 30 * DAY + Math.floor((i * 30 * DAY) / videos);
    return {
      id: videoIds[i]!,
      owner_id: userIds[i % CHANNELS]!,
      title: `Library video ${i}`,
      description: 'A video for the notifications bench.',
      hashtag: '#bench',
      visibility: 'public' as const,
      duration: 60,
      ...mediaKeys(videoIds[i]!),
      created_at: at,
      updated_at: at,
    };
  });
  log('  videos and their publications');
  // One comment per user, on some channel's video; ten replies to it each, as notifications.
  const commentIds = Array.from({ length: USERS }, (_, i) => newId(now - 20 * DAY + i));
  await bulkInsert(db, 'comments', USERS, (u) => ({
    id: commentIds[u]!,
    video_id: videoIds[u % videos]!,
    owner_id: userIds[u]!,
    parent_id: null,
    content: `Comment ${u} on a library video`,
    created_at: now - 20 * DAY,
    updated_at: now - 20 * DAY,
  }));
  await bulkInsert(db, 'notifications', USERS * ROWS_EACH, (n) => {
    const u = Math.floor(n / ROWS_EACH);
    const at = now - 20 * DAY + n * 1000;
    return {
      id: newId(at),
      user_id: userIds[u]!,
      kind: 'comment_reply' as const,
      video_id: videoIds[u % videos]!,
      comment_id: commentIds[u]!,
      actor_id: userIds[(u + 1) % USERS]!,
      created_at: at,
      read_at: n % 3 === 0 ? at : null,
    };
  });
  log('  notifications');
  // The big channel's uploads waiting to be published, one per sample.
  const pending = Array.from({ length: PUBLISH_SAMPLES }, (_, i) => newId(now + i));
  await bulkInsert(db, 'videos', PUBLISH_SAMPLES, (i) => ({
    id: pending[i]!,
    owner_id: big,
    title: `Big channel upload ${i}`,
    description: 'Processed and about to be published.',
    hashtag: '#bench',
    visibility: 'private' as const,
    pending_visibility: 'public' as const,
    playable: 0,
    duration: 60,
    ...mediaKeys(pending[i]!),
    created_at: now,
    updated_at: now,
  }));
  const session = async (userId: string) => {
    const token = newSessionToken();
    await db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        id: newId(now),
        user_agent: 'bench',
        address: '127.0.0.1',
        user_id: userId,
        created_at: now,
        expires_at: now + 30 * DAY,
        last_seen_at: now,
      })
      .execute();
    return token;
  };
  const count = async (table: keyof Database) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = {
    users: await count('users'),
    subscriptions: await count('subscriptions'),
    videos: await count('videos'),
    video_publications: await count('video_publications'),
    notifications: await count('notifications'),
  };
  return {
    users: { typical: userIds[4242]!, bigFan: userIds[CHANNELS + 1]! },
    tokens: {
      typical: await session(userIds[4242]!),
      bigFan: await session(userIds[CHANNELS + 1]!),
    },
    bigChannel: big,
    pending,
    rows,
  };
}

/** The keys of a processed upload, under a prefix of the video's own. */
function mediaKeys(videoId: string) {
  const token = newMediaToken();
  return {
    media_token: token,
    video_key: videoFileKey(videoId, token, 'mp4'),
    thumbnail_key: thumbnailKey(videoId, token),
  };
}
