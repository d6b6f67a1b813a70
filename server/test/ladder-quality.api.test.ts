import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/fixtures.js';
import { clipPart, publishVideo } from './helpers/media.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const run = promisify(execFile);

/**
 * The ladder made in one pass keeps each rung's quality (SSIM of the 720p rendition against
 * the source ≥ 0.95), and the processed duration is the file's: a 6.000 s upload is 6 s, which
 * every client shows as 0:06 (its last frame starts at 5.967 s, which would read 0:05).
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'quality');
});
afterAll(async () => {
  await t.close();
});

describe('a 6-second 720p upload', () => {
  it('has a 720p rendition with SSIM ≥ 0.95 against the source, and a duration of 6', async () => {
    const spec = { seconds: 6, width: 1280, height: 720, rate: 30 };
    const video = await publishVideo(t, owner.cookie, { videoFile: await clipPart(spec) });
    expect(video).toMatchObject({ status: 'ready', duration: 6 });
    const list = await t.server.inject({
      method: 'GET',
      url: `/api/v1/videos/getallvideos?query=${owner.user._id}`,
      headers: { cookie: owner.cookie },
    });
    expect(list.json().data[0].duration).toBe(6);

    const prefix = video.videoFile.replace(/^\/media\//, '').replace(/video\.mp4$/, '');
    const source = path.join(t.mediaDir, `${prefix}original.mp4`);
    const rung = path.join(t.mediaDir, `${prefix}hls/720p/index.m3u8`);
    const { stderr } = await run(ffmpeg.path, [
      ...['-hide_banner', '-nostats', '-i', source, '-i', rung],
      ...['-lavfi', '[0:v][1:v]ssim', '-f', 'null', '-'],
    ]);
    const ssim = Number(/All:([\d.]+)/.exec(stderr)?.[1]);
    expect(ssim).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
