import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';

/**
 * Playlists, segments and the storyboard of a processed video follow the rule of its video file:
 * a private video's reach only its owner and are never cacheable by anyone on the way; a public
 * video's are immutable and answer byte ranges.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let stranger: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'hlsowner');
  stranger = await signedInUser(t.server, 'hlsstranger');
});
afterAll(async () => {
  await t.close();
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.server.inject({ method: 'GET', url, headers });
}

/** Every HLS and storyboard URL of a processed video, read from its own playlists. */
async function deliveryUrls(v: Video): Promise<string[]> {
  const base = v.hlsUrl!.slice(0, v.hlsUrl!.lastIndexOf('/') + 1);
  const master = (await get(v.hlsUrl!, { cookie: owner.cookie })).body;
  const playlist = master.split('\n').find((l) => l.endsWith('.m3u8'))!;
  const media = (await get(`${base}${playlist}`, { cookie: owner.cookie })).body;
  const dir = playlist.slice(0, playlist.lastIndexOf('/') + 1);
  const segment = media.split('\n').find((l) => l.endsWith('.ts'))!;
  const vtt = (await get(v.storyboardUrl!, { cookie: owner.cookie })).body;
  const sprite = /\n([^\s#]+\.jpg)#xywh/.exec(vtt)![1]!;
  const storyboardBase = v.storyboardUrl!.slice(0, v.storyboardUrl!.lastIndexOf('/') + 1);
  return [
    v.hlsUrl!,
    `${base}${playlist}`,
    `${base}${dir}${segment}`,
    v.storyboardUrl!,
    `${storyboardBase}${sprite}`,
  ];
}

describe('HLS delivery', () => {
  it('serves a private video’s playlists, segments and storyboard to its owner only', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'private' });
    expect(v.hlsUrl).toBeTruthy();
    const urls = await deliveryUrls(v);
    const others: Record<string, string>[] = [
      {},
      { cookie: stranger.cookie },
      { authorization: 'Bearer nope' },
    ];
    for (const url of urls) {
      for (const headers of others) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['cache-control'], url).toBe('no-store');
        expect(res.body, url).not.toMatch(/#EXTM3U|WEBVTT/);
      }
      const mine = await get(url, { cookie: owner.cookie });
      expect(mine.statusCode, url).toBe(200);
      expect(mine.headers['cache-control'], url).toBe('private, no-store');
      const bearer = await get(url, { authorization: `Bearer ${owner.token}` });
      expect(bearer.statusCode, url).toBe(200);
    }
  });

  it('serves a public video’s with their types, immutable, and in byte ranges', async () => {
    const v = await publishVideo(t, owner.cookie);
    const [master, playlist, segment, vtt, sprite] = await deliveryUrls(v);
    const types: [string, RegExp][] = [
      [master!, /^application\/vnd\.apple\.mpegurl/],
      [playlist!, /^application\/vnd\.apple\.mpegurl/],
      [segment!, /^video\/mp2t$/],
      [vtt!, /^text\/vtt/],
      [sprite!, /^image\/jpeg$/],
    ];
    for (const [url, type] of types) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(type);
      expect(res.headers['cache-control'], url).toBe('public, max-age=3600, immutable');
    }
    const whole = await get(segment!);
    const size = whole.rawPayload.length;
    const part = await get(segment!, { range: 'bytes=188-375' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 188-375/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(188, 376))).toBe(true);
    // The second MPEG-TS packet starts with the sync byte too.
    expect(part.rawPayload[0]).toBe(0x47);
    const beyond = await get(segment!, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
  });

  it('refuses a deleted video’s segments at once', async () => {
    const v = await publishVideo(t, owner.cookie);
    const urls = await deliveryUrls(v);
    const del = await t.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/deletevid/${v._id}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.statusCode).toBe(200);
    for (const url of urls) expect((await get(url, { cookie: owner.cookie })).statusCode).toBe(404);
  });
});
