import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/fixtures.js';
import { createStudioScenario, HOUR, NOW, type StudioScenario } from './helpers/studio-scenario.js';

/**
 * Every number below is worked out by hand from events placed at known times: views inserted
 * with fixed timestamps, subscriptions, likes, comments and heartbeats through the real
 * endpoints with the app's clock set to known instants (see helpers/studio-scenario.ts).
 */

let s: StudioScenario;

beforeAll(async () => {
  s = await createStudioScenario();
});

afterAll(async () => {
  await s?.close();
});

describe('GET /studio/dashboard', () => {
  it('summarises the channel with numbers that agree with analytics', async () => {
    const r = await s.api('GET', '/studio/dashboard', { cookie: s.creator.cookie });
    expect(r.statusCode).toBe(200);
    const data = r.json().data;
    expect(data.channel).toEqual({
      subscribersCount: 3,
      totalViews: 9,
      views28d: 6,
      newSubscribers28d: 2,
    });
    expect(data.latestVideo).toMatchObject({ views: 1, likes: 1, comments: 1 });
    expect(data.latestVideo.video).toMatchObject({
      _id: s.ids.C,
      visibility: 'private',
      isPublished: false,
      title: 'Charlie draft',
    });
    expect(data.topVideo).toMatchObject({ views: 5, likes: 2, comments: 3 });
    expect(data.topVideo.video).toMatchObject({ _id: s.ids.A, visibility: 'public' });
    expect(data.latestComments.map((x: { content: string }) => x.content)).toEqual([
      'latest comment',
      'note to self',
      'nice notes here',
      'thanks for watching',
      'second comment on alpha',
    ]);
    expect(data.latestComments[0]).toMatchObject({
      owner: { _id: s.c.user._id, username: s.c.username },
      video: { _id: s.ids.B, title: 'bravo notes' },
      createdAt: new Date(NOW - HOUR).toISOString(),
    });
    expect(data.latestComments[0].owner.avatar).toMatch(/^\/media\/images\//);
  });

  it('is empty, not invented, for a new channel', async () => {
    const r = await s.api('GET', '/studio/dashboard', { cookie: s.stranger.cookie });
    const data = r.json().data;
    expect(data.channel).toEqual({
      subscribersCount: 0,
      totalViews: 1,
      views28d: 1,
      newSubscribers28d: 0,
    });
    expect(data.latestVideo.video._id).toBe(s.ids.S);
    expect(data.latestComments).toHaveLength(1);

    const empty = await signedInUser(s.t.server, 'nothing');
    const none = (await s.api('GET', '/studio/dashboard', { cookie: empty.cookie })).json().data;
    expect(none).toEqual({
      channel: { subscribersCount: 0, totalViews: 0, views28d: 0, newSubscribers28d: 0 },
      latestVideo: null,
      topVideo: null,
      latestComments: [],
    });
  });
});

describe('GET /studio/videos', () => {
  const list = async (query: string, cookie = s.creator.cookie) => {
    const r = await s.api('GET', `/studio/videos${query}`, { cookie });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const order = async (query: string) =>
    (await list(query)).data.map((v: { _id: string }) => v._id);

  it('lists every one of the caller’s videos, newest first, with counts at the top level', async () => {
    const body = await list('');
    expect(body).toMatchObject({ success: true, totalVideos: 3, totalPages: 1, currentPage: 1 });
    expect(body.data.map((v: { _id: string }) => v._id)).toEqual([s.ids.C, s.ids.B, s.ids.A]);
    expect(body.data[2]).toMatchObject({
      _id: s.ids.A,
      title: 'Alpha tour',
      visibility: 'public',
      views: 5,
      duration: 600,
      likesCount: 2,
      commentsCount: 3,
      owner: { _id: s.creator.user._id },
    });
    expect(body.data[2].thumbnail).toMatch(
      /^\/media\/videos\/[0-9a-f]{24}\/[0-9a-f]{16}\/thumbnail-/,
    );
    expect(body.data[1]).toMatchObject({ visibility: 'unlisted', likesCount: 0, commentsCount: 2 });
    expect(body.data[0]).toMatchObject({ visibility: 'private', likesCount: 1, commentsCount: 1 });
  });

  it('sorts by each field, both ways', async () => {
    expect(await order('?sortType=asc')).toEqual([s.ids.A, s.ids.B, s.ids.C]);
    expect(await order('?sortBy=views')).toEqual([s.ids.A, s.ids.B, s.ids.C]);
    expect(await order('?sortBy=views&sortType=asc')).toEqual([s.ids.C, s.ids.B, s.ids.A]);
    // Case-insensitive, A to Z by default.
    expect(await order('?sortBy=title')).toEqual([s.ids.A, s.ids.B, s.ids.C]);
    expect(await order('?sortBy=title&sortType=desc')).toEqual([s.ids.C, s.ids.B, s.ids.A]);
    expect(await order('?sortBy=likes')).toEqual([s.ids.A, s.ids.C, s.ids.B]);
    expect(await order('?sortBy=likes&sortType=asc')).toEqual([s.ids.B, s.ids.C, s.ids.A]);
    expect(await order('?sortBy=comments')).toEqual([s.ids.A, s.ids.B, s.ids.C]);
    expect(await order('?sortBy=comments&sortType=asc')).toEqual([s.ids.C, s.ids.B, s.ids.A]);
  });

  it('pages', async () => {
    const first = await list('?limit=2');
    expect(first.data.map((v: { _id: string }) => v._id)).toEqual([s.ids.C, s.ids.B]);
    expect(first).toMatchObject({ totalVideos: 3, totalPages: 2, currentPage: 1 });
    const second = await list('?limit=2&page=2');
    expect(second.data.map((v: { _id: string }) => v._id)).toEqual([s.ids.A]);
    expect(second).toMatchObject({ totalVideos: 3, totalPages: 2, currentPage: 2 });
    expect((await list('?limit=2&page=3')).data).toEqual([]);
  });

  it('shows each caller only their own videos', async () => {
    const body = await list('', s.stranger.cookie);
    expect(body.totalVideos).toBe(1);
    expect(body.data.map((v: { _id: string }) => v._id)).toEqual([s.ids.S]);
  });

  it('refuses bad parameters', async () => {
    for (const q of ['?limit=101', '?limit=0', '?page=0', '?sortBy=duration', '?sortType=up']) {
      const r = await s.api('GET', `/studio/videos${q}`, { cookie: s.creator.cookie });
      expect(r.statusCode, q).toBe(400);
    }
  });
});

describe('signed out', () => {
  it('answers 401 on every studio call', async () => {
    for (const url of ['/studio/dashboard', '/studio/videos', '/studio/analytics?range=7']) {
      const r = await s.api('GET', url);
      expect(r.statusCode, url).toBe(401);
      expect(r.json()).toMatchObject({ success: false });
    }
  });
});

describe('OpenAPI', () => {
  it('documents the studio and progress calls', async () => {
    const r = await s.t.server.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(r.json().paths);
    for (const p of [
      '/api/v1/studio/dashboard',
      '/api/v1/studio/videos',
      '/api/v1/studio/analytics',
      '/api/v1/videos/{id}/progress',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
