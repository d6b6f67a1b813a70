import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { clipPart, publish, testClip, uploadFields, videoAsOwner } from './helpers/media.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let visitor: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'processor');
  visitor = await signedInUser(t.server, 'onlooker');
});
afterAll(async () => {
  await t.close();
});

function get(url: string, cookie?: string) {
  return t.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

async function upload(overrides: Parameters<typeof uploadFields>[0] = {}): Promise<Video> {
  const res = await publish(t.server, owner.cookie, await uploadFields(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().data as Video;
}

/** What a visitor can find of a video: the feed, search, the channel page and the video itself. */
async function visitorSees(v: Video): Promise<Record<string, boolean>> {
  const inList = (res: { json(): { data: Video[] } }) =>
    res.json().data.some((x) => x._id === v._id);
  return {
    feed: inList(await get('/api/v1/videos/getallvideos?limit=50')),
    search: inList(await get(`/api/v1/videos/search?q=${encodeURIComponent(v.title)}`)),
    channel: inList(
      await get(`/api/v1/videos/getallvideos?query=${owner.user._id}`, visitor.cookie),
    ),
    byId: (await get(`/api/v1/videos/vid-id/${v._id}`, visitor.cookie)).statusCode === 200,
  };
}
const hidden = { feed: false, search: false, channel: false, byId: false };
const shown = { feed: true, search: true, channel: true, byId: true };

async function text(url: string): Promise<string> {
  const res = await get(url, owner.cookie);
  expect(res.statusCode, url).toBe(200);
  return res.body;
}

async function jobOf(videoId: string) {
  return t.database.db
    .selectFrom('processing_jobs')
    .selectAll()
    .where('video_id', '=', videoId)
    .executeTakeFirst();
}

describe('an H.264/AAC upload', () => {
  it('is hidden from visitors until it plays, then has every output', async () => {
    const v = await upload({
      title: 'Bars with a tone',
      videoFile: await clipPart({ seconds: 2, width: 320, height: 240, audio: true }),
    });
    expect(await visitorSees(v)).toEqual(hidden);
    // The owner sees it, processing, in their channel and by id.
    const mine = await get(`/api/v1/videos/getallvideos?query=${owner.user._id}`, owner.cookie);
    expect(mine.json().data.map((x: Video) => x._id)).toContain(v._id);
    expect((await videoAsOwner(t, owner.cookie, v._id)).status).toBe('processing');

    // Its playable job, then its ladder.
    expect(await t.processAll()).toBe(2);
    const ready = await videoAsOwner(t, owner.cookie, v._id);
    const prefix = ready.videoFile.slice(0, -'video.mp4'.length);
    expect(ready).toMatchObject({
      status: 'ready',
      playable: true,
      processingProgress: 100,
      processingError: null,
      visibility: 'public',
      isPublished: true,
      hlsUrl: `${prefix}hls/master.m3u8`,
      storyboardUrl: `${prefix}storyboard.vtt`,
    });
    expect(ready.duration).toBeGreaterThan(1.9);
    expect(ready.duration).toBeLessThan(2.2);
    expect(await visitorSees(ready)).toEqual(shown);
    expect(await jobOf(v._id)).toBeUndefined();

    // A 240-line source gets one 240p rendition with sound, described in the master playlist.
    const master = await text(ready.hlsUrl!);
    expect(master).toMatch(
      /#EXT-X-STREAM-INF:BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=320x240,CODECS="avc1\.64001e,mp4a\.40\.2"\n240p\/index\.m3u8/,
    );
    const media = await text(`${prefix}hls/240p/index.m3u8`);
    expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(media).toContain('#EXT-X-ENDLIST');
    const segments = media.split('\n').filter((l) => l.endsWith('.ts'));
    expect(segments.length).toBeGreaterThan(0);
    for (const s of segments) {
      const seg = await get(`${prefix}hls/240p/${s}`);
      expect(seg.statusCode).toBe(200);
      expect(seg.headers['content-type']).toBe('video/mp2t');
      // MPEG-TS packets start with the sync byte.
      expect(seg.rawPayload[0]).toBe(0x47);
    }
    expect((await get(ready.hlsUrl!)).headers['content-type']).toMatch(/mpegurl/i);

    const vtt = await text(ready.storyboardUrl!);
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('00:00:00.000 --> 00:00:01.000\nstoryboard.jpg#xywh=0,0,160,120');
    const sprite = await get(`${prefix}storyboard.jpg`);
    expect(sprite.headers['content-type']).toBe('image/jpeg');
    const poster = await get(`${prefix}poster.jpg`);
    expect(poster.statusCode).toBe(200);
    expect(poster.rawPayload.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);

    const files = (await listFiles(t.mediaDir)).filter((f) => f.startsWith(`videos/${v._id}/`));
    const names = files.map((f) => f.split('/').slice(3).join('/'));
    expect(names).toEqual(
      expect.arrayContaining([
        'original.mp4',
        'video.mp4',
        'poster.jpg',
        'storyboard.jpg',
        'storyboard.vtt',
        'hls/master.m3u8',
        'hls/240p/index.m3u8',
      ]),
    );
    // Nothing left in the scratch space.
    expect(await listFiles(`${t.dataDir}/tmp`)).toEqual([]);
  });

  it('keeps an unlisted or private choice, applied once the video plays', async () => {
    const unlisted = await upload({ visibility: 'unlisted' });
    expect(unlisted).toMatchObject({ visibility: 'unlisted', playable: false });
    const priv = await upload({ isPublished: 'false' });
    // Changed while processing: the new choice waits too.
    const patched = await t.server.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${priv._id}`,
      headers: { cookie: owner.cookie },
      payload: { visibility: 'public' },
    });
    expect(patched.json().data).toMatchObject({ visibility: 'public', playable: false });
    expect((await get(`/api/v1/videos/vid-id/${priv._id}`)).statusCode).toBe(404);
    await t.processAll();
    expect((await get(`/api/v1/videos/vid-id/${unlisted._id}`)).statusCode).toBe(200);
    const feed = await get('/api/v1/videos/getallvideos?limit=50');
    const ids = feed.json().data.map((x: Video) => x._id);
    expect(ids).not.toContain(unlisted._id);
    expect(ids).toContain(priv._id);
  });
});

describe('an upload a browser cannot play as it is', () => {
  it('HEVC is encoded: the top rendition and the download from one encode, a lower one beside', async () => {
    const v = await upload({
      videoFile: await clipPart({ seconds: 1, width: 640, height: 360, codec: 'libx265' }),
    });
    await t.processAll();
    const ready = await videoAsOwner(t, owner.cookie, v._id);
    expect(ready).toMatchObject({ status: 'ready', playable: true });
    const master = await text(ready.hlsUrl!);
    const variants = master.split('\n').filter((l) => l.startsWith('#EXT-X-STREAM-INF'));
    expect(variants).toHaveLength(2);
    expect(variants[0]).toContain('RESOLUTION=426x240,CODECS="avc1.64001e"');
    expect(variants[1]).toContain('RESOLUTION=640x360,CODECS="avc1.64001e"');
    const download = await get(`/api/v1/videos/${v._id}/download`);
    expect(download.statusCode).toBe(200);
    // H.264 now: the sample description names avc1, not hvc1.
    expect(download.rawPayload.includes('avc1')).toBe(true);
    expect(download.rawPayload.includes('hvc1')).toBe(false);
  });
});

describe('a file ffmpeg cannot fully decode', () => {
  it('ends failed with a reason for the owner, is never published, and keeps only its original', async () => {
    const whole = await testClip({ seconds: 4, width: 320, height: 240 });
    const v = await upload({
      title: 'Cut in half',
      videoFile: {
        filename: 'half.mp4',
        contentType: 'video/mp4',
        data: whole.subarray(0, whole.length / 2),
      },
    });
    await t.processAll();
    const failed = await videoAsOwner(t, owner.cookie, v._id);
    expect(failed).toMatchObject({ status: 'failed', playable: false, hlsUrl: null });
    expect(failed.processingError).toMatch(/damaged or incomplete: only [\d.]+ of 4\.0 seconds/);
    expect(await visitorSees(failed)).toEqual(hidden);
    const names = (await listFiles(t.mediaDir))
      .filter((f) => f.startsWith(`videos/${v._id}/`))
      .map((f) => f.split('/').pop());
    expect(names.sort()).toEqual(['original.mp4', failed.thumbnail.split('/').pop()].sort());
    expect(await jobOf(v._id)).toMatchObject({ state: 'failed', attempts: 1 });

    // Retry queues it again; only the owner may, and only when it failed.
    const retryUrl = `/api/v1/videos/${v._id}/processing/retry`;
    const post = (cookie: string) =>
      t.server.inject({ method: 'POST', url: retryUrl, headers: { cookie } });
    expect((await post(visitor.cookie)).statusCode).toBe(404);
    const retried = await post(owner.cookie);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'processing', processingError: null });
    expect((await post(owner.cookie)).statusCode).toBe(409);
    await t.processAll();
    expect((await videoAsOwner(t, owner.cookie, v._id)).status).toBe('failed');
  });
});

describe('a small HEVC upload (no rendition below its own)', () => {
  it('gets its storyboard in the ladder job, from the source', async () => {
    const v = await upload({
      videoFile: await clipPart({ seconds: 2, width: 320, height: 240, codec: 'libx265' }),
    });
    await t.processAll();
    const ready = await videoAsOwner(t, owner.cookie, v._id);
    expect(ready).toMatchObject({ status: 'ready', playable: true });
    expect(ready.storyboardUrl).toMatch(/storyboard\.vtt$/);
  }, 60_000);
});
