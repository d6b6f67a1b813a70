import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { JobQueueRepository } from '../src/repositories/job-queue.repository.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { clipPart, publish, uploadFields, videoAsOwner } from './helpers/media.js';

/** The services' clock, moved by hand so backoff and leases run out without waiting. */
let now = Date.now();
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let repo: JobQueueRepository;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  owner = await signedInUser(t.server, 'queued');
  repo = new JobQueueRepository(t.database.db, t.database.dialect);
});
afterAll(async () => {
  await t.close();
});

async function upload(overrides: Parameters<typeof uploadFields>[0] = {}): Promise<Video> {
  const res = await publish(t.server, owner.cookie, await uploadFields(overrides));
  expect(res.statusCode).toBe(201);
  return res.json().data as Video;
}

function jobOf(videoId: string) {
  return t.database.db
    .selectFrom('processing_jobs')
    .selectAll()
    .where('video_id', '=', videoId)
    .executeTakeFirst();
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the job queue', () => {
  it('lets another worker re-run a job whose worker died, once its lease runs out', async () => {
    const v = await upload();
    // A worker claims the job, then is killed: it never renews and never finishes.
    const dead = await repo.claim('killed-worker', now, 30_000);
    expect(dead).toMatchObject({ video_id: v._id, attempts: 1 });
    const worker = t.worker();
    expect(await worker.runOnce()).toBe(false);
    expect(await jobOf(v._id)).toMatchObject({ state: 'running', lease_owner: 'killed-worker' });

    now += 30_001;
    expect(await worker.runOnce()).toBe(true);
    // Playable; the ladder is the video's next job.
    expect(await jobOf(v._id)).toMatchObject({ kind: 'video.ladder', state: 'queued' });
    expect(await worker.runOnce()).toBe(true);
    expect(await jobOf(v._id)).toBeUndefined();
    expect(await videoAsOwner(t, owner.cookie, v._id)).toMatchObject({
      status: 'ready',
      playable: true,
    });
    // The dead worker's late answer changes nothing.
    expect(await repo.complete(dead!.id, 'killed-worker')).toBe(false);
  });

  it('gives one job to one worker at a time', async () => {
    const v = await upload();
    const [a, b] = await Promise.all([repo.claim('a', now, 30_000), repo.claim('b', now, 30_000)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect((a ?? b)!.video_id).toBe(v._id);
    // Give it back for the next tests.
    await repo.release((a ?? b)!.id, a ? 'a' : 'b', now);
    await t.processAll();
  });

  it('retries a failing job with growing backoff, then fails it with a reason', async () => {
    const v = await upload();
    // No ffmpeg at all: not the file's fault, so it is tried again later.
    const failing = t.worker({ backoffMs: 1000 }, { ffmpegPath: '/nonexistent/ffmpeg' });

    expect(await failing.runOnce()).toBe(true);
    expect(await jobOf(v._id)).toMatchObject({
      state: 'queued',
      attempts: 1,
      run_after: now + 1000,
      last_error: 'Processing failed unexpectedly.',
    });
    expect((await videoAsOwner(t, owner.cookie, v._id)).status).toBe('processing');
    // Not due before its backoff.
    expect(await failing.runOnce()).toBe(false);
    now += 1000;
    expect(await failing.runOnce()).toBe(true);
    expect(await jobOf(v._id)).toMatchObject({
      state: 'queued',
      attempts: 2,
      run_after: now + 4000,
    });
    now += 4000;
    expect(await failing.runOnce()).toBe(true);
    expect(await jobOf(v._id)).toMatchObject({ state: 'failed', attempts: 3 });
    expect(await videoAsOwner(t, owner.cookie, v._id)).toMatchObject({
      status: 'failed',
      playable: false,
      processingError: 'Processing failed unexpectedly.',
    });
    expect(await failing.runOnce()).toBe(false);
  });

  it('retries a job whose ffmpeg found no space to write, then tells the owner so', async () => {
    const v = await upload();
    // An ffmpeg on a full scratch disk: it says so on one line, then "Conversion failed!".
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'full-disk-'));
    const ffmpeg = path.join(dir, 'ffmpeg');
    await fs.writeFile(
      ffmpeg,
      '#!/bin/sh\necho "Error writing trailer of out.mp4: No space left on device" >&2\n' +
        'echo "Conversion failed!" >&2\nexit 1\n',
      { mode: 0o755 },
    );
    try {
      const full = t.worker({ backoffMs: 1000, maxAttempts: 2 }, { ffmpegPath: ffmpeg });
      const reason = 'Processing stopped because the server ran out of storage space. Retry later.';
      expect(await full.runOnce()).toBe(true);
      // Not the file's fault: tried again later.
      expect(await jobOf(v._id)).toMatchObject({
        state: 'queued',
        attempts: 1,
        last_error: reason,
      });
      now += 1000;
      expect(await full.runOnce()).toBe(true);
      expect(await videoAsOwner(t, owner.cookie, v._id)).toMatchObject({
        status: 'failed',
        processingError: reason,
      });
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('stops a job that runs past its timeout', async () => {
    const v = await upload({
      videoFile: await clipPart({ seconds: 20, width: 640, height: 360 }),
    });
    const slow = t.worker({ timeoutMs: 300, maxAttempts: 1 });
    // The ladder does not finish in time (nor, on a busy machine, the remux before it).
    expect(await slow.drain()).toBeGreaterThanOrEqual(1);
    const failed = await videoAsOwner(t, owner.cookie, v._id);
    expect(failed).toMatchObject({ status: 'failed', playable: false });
    expect(failed.processingError).toBe('Processing did not finish within 1 second.');
    // Its outputs so far are gone; the original stays for a retry.
    const names = (await listFiles(t.mediaDir))
      .filter((f) => f.startsWith(`videos/${v._id}/`))
      .map((f) => f.split('/').pop());
    expect(names.sort()).toEqual(['original.mp4', failed.thumbnail.split('/').pop()].sort());
  });

  it('cancels the job of a deleted video: ffmpeg is stopped and every file removed', async () => {
    const v = await upload({
      videoFile: await clipPart({ seconds: 20, width: 640, height: 360, codec: 'libx265' }),
    });
    const worker = t.worker({ leaseMs: 300 });
    const started = Date.now();
    const running = worker.runOnce();
    // Progress is reported from ffmpeg's own output: ffmpeg is encoding.
    await until('ffmpeg to report progress', async () => {
      const row = await t.database.db
        .selectFrom('videos')
        .select('processing_progress')
        .where('id', '=', v._id)
        .executeTakeFirst();
      return Number(row?.processing_progress) > 0;
    });
    const res = await t.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/deletevid/${v._id}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await running).toBe(true);
    // Well before a 20-second HEVC clip could have been encoded.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await jobOf(v._id)).toBeUndefined();
    expect((await listFiles(t.mediaDir)).filter((f) => f.startsWith(`videos/${v._id}/`))).toEqual(
      [],
    );
    expect(await listFiles(`${t.dataDir}/tmp`)).toEqual([]);
  }, 60_000);

  it('starts again under the new prefix when the video goes private while it is processed', async () => {
    const v = await upload({
      visibility: 'public',
      videoFile: await clipPart({ seconds: 20, width: 640, height: 360 }),
    });
    const running = t.worker().runOnce();
    // Playable from the remuxed copy while the renditions are still being made.
    await until(
      'the video to play',
      async () => (await videoAsOwner(t, owner.cookie, v._id)).playable,
    );
    const oldPrefix = `videos/${v._id}/${v.videoFile.split('/')[4]}/`;
    const res = await t.server.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${v._id}`,
      headers: { cookie: owner.cookie },
      payload: { visibility: 'private' },
    });
    expect(res.statusCode).toBe(200);
    expect(await running).toBe(true);
    await t.processAll();
    const done = await videoAsOwner(t, owner.cookie, v._id);
    expect(done).toMatchObject({ status: 'ready', playable: true, visibility: 'private' });
    const newPrefix = `videos/${v._id}/${done.videoFile.split('/')[4]}/`;
    expect(newPrefix).not.toBe(oldPrefix);
    expect(done.hlsUrl).toBe(`/media/${newPrefix}hls/master.m3u8`);
    const files = (await listFiles(t.mediaDir)).filter((f) => f.startsWith(`videos/${v._id}/`));
    for (const f of files) expect(f.startsWith(newPrefix), f).toBe(true);
    expect(files).toEqual(
      expect.arrayContaining([
        `${newPrefix}hls/240p/index.m3u8`,
        `${newPrefix}hls/360p/index.m3u8`,
        `${newPrefix}storyboard.vtt`,
      ]),
    );
    const master = await t.server.inject({
      method: 'GET',
      url: done.hlsUrl!,
      headers: { cookie: owner.cookie },
    });
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toBe('private, no-store');
    expect(master.body.match(/#EXT-X-STREAM-INF/g)).toHaveLength(2);
  }, 90_000);
});
