import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api-client.js';
import { createUser, createVideo, type SignedIn } from './helpers/factories.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The watch page's read (VideoRepository.findForWatch): the video with the viewer's own like
 * and subscription. On PostgreSQL the reads asked at once share one statement
 * (db/batched-lookup.ts); on both databases each request still gets its own like and
 * subscription, as the database held them when it asked, and only what it may see.
 */
const watchStatements: string[] = [];
let t: TestApp;
let owner: SignedIn;
let viewers: SignedIn[];
let publicId: string;
let otherId: string;
let privateId: string;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onQuery: (sql) => {
        if (sql.includes('"viewer_subscribed"')) watchStatements.push(sql);
      },
    },
  );
  owner = await createUser(t, { prefix: 'watchowner' });
  viewers = [];
  for (let i = 0; i < 9; i += 1) viewers.push(await createUser(t, { prefix: `watcher${i}` }));
  publicId = await createVideo(t, owner, { title: 'Watched by a crowd' });
  otherId = await createVideo(t, owner, { title: 'Watched by fewer' });
  privateId = await createVideo(t, owner, { title: 'Kept to myself', visibility: 'private' });
  // A third like the video, a third dislike it, the rest neither; every other one subscribes.
  for (const [i, v] of viewers.entries()) {
    if (i % 3 !== 2) await react(v, publicId, i % 3 === 0 ? 'like' : 'dislike');
    if (i % 2 === 0) await toggleSubscription(v);
  }
});
afterAll(async () => {
  await t?.close();
});

async function react(viewer: SignedIn, videoId: string, kind: 'like' | 'dislike') {
  const res = await apiCall(t, 'POST', `/toggle/like-dislike/${videoId}/${kind}`, {
    cookie: viewer.cookie,
    payload: { contentType: 'Video' },
  });
  expect(res.statusCode).toBe(200);
}

async function toggleSubscription(viewer: SignedIn) {
  const res = await apiCall(t, 'POST', `/subscriptions/u/${owner.user._id}`, {
    cookie: viewer.cookie,
  });
  expect(res.statusCode).toBe(200);
}

interface Watched {
  status: number;
  title?: string;
  liked?: boolean;
  disliked?: boolean;
  subscribed?: boolean;
}

async function watch(videoId: string, viewer?: SignedIn): Promise<Watched> {
  const res = await apiCall(t, 'GET', `/videos/vid-id/${videoId}`, { cookie: viewer?.cookie });
  if (res.statusCode !== 200) return { status: res.statusCode };
  const { data } = res.json() as {
    data: {
      title: string;
      isLikedByUser: boolean;
      isDislikedByUser: boolean;
      isSubscribedByUser: boolean;
    };
  };
  return {
    status: 200,
    title: data.title,
    liked: data.isLikedByUser,
    disliked: data.isDislikedByUser,
    subscribed: data.isSubscribedByUser,
  };
}

function expected(i: number): Watched {
  return {
    status: 200,
    title: 'Watched by a crowd',
    liked: i % 3 === 0,
    disliked: i % 3 === 1,
    subscribed: i % 2 === 0,
  };
}

describe('watch reads at once', () => {
  it('answer each viewer with their own like and subscription, and on PostgreSQL share statements', async () => {
    watchStatements.length = 0;
    const before = t.database.poolStats()?.batchedLookups ?? 0;
    // Twice each, and a visitor: the same pair asked twice in one statement answers both.
    const asked = [...viewers.keys(), ...viewers.keys()];
    const [visitor, ...answers] = await Promise.all([
      watch(publicId),
      ...asked.map((i) => watch(publicId, viewers[i])),
    ]);
    expect(visitor).toEqual({
      status: 200,
      title: 'Watched by a crowd',
      liked: false,
      disliked: false,
      subscribed: false,
    });
    expect(answers).toEqual(asked.map(expected));
    if (t.database.dialect === 'postgres') {
      expect(watchStatements.length).toBeLessThan(asked.length + 1);
      expect(t.database.poolStats()!.batchedLookups - before).toBeGreaterThan(1);
    } else {
      // SQLite answers in the process: one read each.
      expect(watchStatements.length).toBe(asked.length + 1);
    }
  });

  it('answer a private video to its owner only, and an unknown one to no one, among others', async () => {
    const unknown = 'f'.repeat(24);
    const [own, ...others] = await Promise.all([
      watch(privateId, owner),
      watch(privateId),
      ...viewers.map((v) => watch(privateId, v)),
      ...viewers.map((v) => watch(unknown, v)),
      ...viewers.map((v) => watch(otherId, v)),
    ]);
    expect(own).toMatchObject({ status: 200, title: 'Kept to myself' });
    const n = viewers.length;
    expect(others.slice(0, n + 1).map((a) => a.status)).toEqual(Array(n + 1).fill(404));
    expect(others.slice(n + 1, 2 * n + 1).map((a) => a.status)).toEqual(Array(n).fill(404));
    // Another video's read, in the same statements, carries its own viewer's state.
    for (const [i, a] of others.slice(2 * n + 1).entries()) {
      expect(a).toEqual({
        status: 200,
        title: 'Watched by fewer',
        liked: false,
        disliked: false,
        subscribed: i % 2 === 0,
      });
    }
  });

  it('never answer with a statement sent before a like its caller saw answered', async () => {
    const [first, second, ...crowd] = viewers;
    for (const [mover, kind] of [
      [viewers[2]!, 'like'],
      [viewers[5]!, 'dislike'],
      [first!, 'dislike'],
      [second!, 'like'],
    ] as const) {
      // Others keep asking throughout, so the next read meets reads in flight.
      const busy = Promise.all(crowd.map((v) => watch(publicId, v)));
      await react(mover, publicId, kind);
      const seen = await watch(publicId, mover);
      expect(seen.liked, `${mover.user.username} after ${kind}`).toBe(kind === 'like');
      expect(seen.disliked, `${mover.user.username} after ${kind}`).toBe(kind === 'dislike');
      await busy;
    }
  });
});
