import type { Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema.js';
import { newId } from '../server/src/lib/ids.js';
import type { SeedAccount } from './seed-accounts.js';
import { bulkInsert } from './seed-database.js';
import { HOT_TOP_LEVEL, type SeedCounts } from './seed-scale.js';
import type { SeededVideos } from './seed-videos.js';

/**
 * What the bench's users did: likes, subscriptions (with the events studio analytics reads),
 * comments and a week of counted views, bulk-inserted up to `now`.
 */
const VIEWER_LIKES = 500;
const VIEWER_SUBSCRIPTIONS = 100;

export interface Activity {
  db: Kysely<Database>;
  counts: SeedCounts;
  /** The users' ids, the studio account's first (channel 0). */
  userIds: string[];
  videos: SeededVideos;
  viewer: SeedAccount;
  /** The time the activity leads up to. */
  now: number;
}

/** Bulk users other than the studio account: those who like, subscribe and comment. */
const likersOf = (a: Activity) => a.counts.channels - 1;

/** Likes: each bulk user likes a distinct stride of videos, and the viewer has a liked list. */
export async function seedLikes(a: Activity): Promise<void> {
  const { db, counts, userIds, viewer, now: tNow } = a;
  const { videoIds, hotIndex } = a.videos;
  // Likes: each bulk user likes a distinct stride of videos; 1 in 10 is a dislike.
  const viewerLikes = Math.min(VIEWER_LIKES, counts.videos);
  const bulkLikes = Math.max(0, counts.likes - viewerLikes);
  const likers = likersOf(a);
  const perUser = Math.ceil(bulkLikes / likers);
  const stride = Math.max(1, Math.floor(counts.videos / perUser));
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
}

/** Subscriptions, and their events; answers how many were inserted (duplicates dropped). */
export async function seedSubscriptions(a: Activity): Promise<number> {
  const { db, counts, userIds, viewer, now: tNow } = a;
  const { ownerOf, hotIndex } = a.videos;
  const likers = likersOf(a);
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
  return uniqueSubs.length;
}

/** Comments: the hot video's thread, then the rest over the other videos. */
export async function seedComments(a: Activity): Promise<void> {
  const { db, counts, userIds, now: tNow } = a;
  const { videoIds, hotVideoId } = a.videos;
  const likers = likersOf(a);
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
}

/** Counted views of the last 7 days at scale `s`; answers how many. */
export async function seedViews(a: Activity, s: number): Promise<number> {
  const { db, counts, now: tNow } = a;
  const { videoIds } = a.videos;
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
  return views;
}
