import type { Video } from '@contract';
import { createTestApp, type TestApp } from './test-app.js';
import { signedInUser } from './fixtures.js';
import { call, staffUser, type SignedIn } from './staff.js';

/**
 * What the moderation hiding suites share: the people, and every read path a viewer or a
 * visitor is shown a video on, read in one go so a test compares all of them before and after.
 */
export interface ModerationPeople {
  t: TestApp;
  owner: SignedIn;
  viewer: SignedIn;
  other: SignedIn;
  admin: SignedIn;
}

export async function moderationPeople(): Promise<ModerationPeople> {
  const t = await createTestApp();
  const owner = await signedInUser(t.server, 'creator');
  const viewer = await signedInUser(t.server, 'watcher');
  const other = await signedInUser(t.server, 'bystander');
  const admin = await staffUser(t, 'admin');
  // The viewer follows the creator's channel.
  await call(t, 'POST', `/subscriptions/u/${owner.user._id}`, { cookie: viewer.cookie });
  return { t, owner, viewer, other, admin };
}

export interface Seen {
  feed: string[];
  feedTotal: number;
  channelList: string[];
  channelTotal: number;
  search: string[];
  searchTotal: number;
  suggestions: string[];
  single: number;
  media: number[];
  comments: number;
  liked?: string[];
  likedTotal?: number;
  subscriptionFeed?: string[];
  subscriptionTotal?: number;
  channelVideos?: number;
  subscribedVideoCount?: number;
}

/**
 * Everything one viewer (or a visitor, without a cookie) is shown about `video`'s owner. A
 * cookie, when given, is `viewer`'s: its subscriptions list is read too.
 */
export async function seenBy(
  t: TestApp,
  viewer: SignedIn,
  cookie: string | undefined,
  video: Video,
  word: string,
  media: string[],
) {
  const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((v) => v._id);
  const get = (url: string) => call(t, 'GET', url, { cookie });
  const [feed, channel, search, suggestions, single, comments] = await Promise.all([
    get('/videos/getallvideos?limit=100&sortBy=createdAt&sortType=desc'),
    get(`/videos/getallvideos?limit=100&query=${video.owner._id}`),
    get(`/videos/search?q=${word}`),
    get(`/videos/suggestions?q=${word}`),
    get(`/videos/vid-id/${video._id}`),
    get(`/comments/getvideocomments/u/${video._id}`),
  ]);
  const out: Seen = {
    feed: ids(feed),
    feedTotal: feed.json().totalVideos,
    channelList: ids(channel),
    channelTotal: channel.json().totalVideos,
    search: ids(search),
    searchTotal: search.json().totalVideos,
    suggestions: ids(suggestions),
    single: single.statusCode,
    media: await Promise.all(media.map(async (url) => (await get(url)).statusCode)),
    comments: comments.statusCode,
  };
  if (!cookie) return out;
  const [liked, subscriptionFeed, profile, subscribed] = await Promise.all([
    get('/toggle/getlikedvideos'),
    get('/subscriptions/videos?limit=100'),
    get(`/users/c/${video.owner.username}`),
    get(`/subscriptions/c/${viewer.user._id}`),
  ]);
  out.liked = ids(liked);
  out.likedTotal = liked.json().totalVideoLikes;
  out.subscriptionFeed = ids(subscriptionFeed);
  out.subscriptionTotal = subscriptionFeed.json().totalVideos;
  out.channelVideos = profile.statusCode === 200 ? profile.json().data.videosCount : -1;
  const item = (subscribed.json().data as { channel: { _id: string }; videoCount: number }[]).find(
    (s) => s.channel._id === video.owner._id,
  );
  out.subscribedVideoCount = item ? item.videoCount : -1;
  return out;
}

/** Media URLs of a video as its owner is given them (file, thumbnail, HLS). */
export function mediaOf(video: Video): string[] {
  return [video.videoFile, video.thumbnail, ...(video.hlsUrl ? [video.hlsUrl] : [])];
}

/** What `before` shows of the video, with the video taken out: what a hidden one leaves. */
export function without(before: Seen, id: string, signedIn: boolean): Partial<Seen> {
  const drop = (list: string[] | undefined) => list?.filter((x) => x !== id);
  const out: Partial<Seen> = {
    feed: drop(before.feed),
    feedTotal: before.feedTotal - 1,
    channelList: drop(before.channelList),
    channelTotal: before.channelTotal - 1,
    search: drop(before.search),
    searchTotal: before.searchTotal - 1,
    suggestions: drop(before.suggestions),
    single: 404,
    media: before.media.map(() => 404),
    comments: 404,
  };
  if (signedIn) {
    out.liked = drop(before.liked);
    out.likedTotal = before.likedTotal! - 1;
    out.subscriptionFeed = drop(before.subscriptionFeed);
    out.subscriptionTotal = before.subscriptionTotal! - 1;
    out.channelVideos = before.channelVideos! - 1;
    out.subscribedVideoCount = before.subscribedVideoCount! - 1;
  }
  return out;
}
