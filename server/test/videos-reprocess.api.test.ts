import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Video } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_REPROCESS } from '../src/processing/reprocess-job.js';
import { ProcessingRepository } from '../src/repositories/processing.repository.js';
import { videoPrefix } from '../src/storage/media-keys.js';
import { runCli } from './helpers/cli.js';
import { multipart, signedInUser } from './helpers/fixtures.js';
import { clipPart, publish, publishVideo, uploadFields, videoAsOwner } from './helpers/media.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * `npm run cli -- videos:reprocess`: a ready video is processed again from its original by
 * today's ladder, under a prefix of its own, and keeps playing its old files until the new
 * ones are all there; then they replace the old in one step.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'reproc');
});
afterAll(async () => {
  await t.close();
});

const keyOf = (url: string) => url.replace(/^\/media\//, '').split('#')[0]!;
const tokenOf = (url: string) => keyOf(url).split('/')[2]!;
const get = (url: string, cookie?: string) =>
  t.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function row(id: string) {
  return t.database.db
    .selectFrom('videos')
    .select(['reprocess_token', 'media_token', 'stored_bytes', 'status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function jobsOf(id: string) {
  return t.database.db
    .selectFrom('processing_jobs')
    .select(['kind', 'state', 'last_error'])
    .where('video_id', '=', id)
    .execute();
}

/** Every stored file of the video, under any prefix. */
const filesOf = (id: string) => t.blobs.list(`videos/${id}/`);

async function addCaption(id: string): Promise<string> {
  const body = multipart({
    language: 'en',
    file: {
      filename: 'subs.srt',
      contentType: 'application/x-subrip',
      data: Buffer.from('1\n00:00:00,500 --> 00:00:01,500\nHello\n'),
    },
  });
  const res = await t.server.inject({
    method: 'POST',
    url: `/api/v1/videos/${id}/captions`,
    headers: { ...body.headers, cookie: owner.cookie },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0].url as string;
}

/** The rungs a master playlist lists (`720p/index.m3u8` …). */
const rungsOf = (master: string) => master.split('\n').filter((l) => l.endsWith('index.m3u8'));

/**
 * Makes a processed video look processed by an older, shorter ladder: its master playlist
 * lists only the top rung, and the other rungs' files are gone.
 */
async function shortenLadder(video: Video): Promise<number> {
  const prefix = videoPrefix(video._id, tokenOf(video.videoFile));
  const master = (await get(video.hlsUrl!)).body;
  const rungs = rungsOf(master);
  expect(rungs.length).toBeGreaterThan(1);
  const kept = master
    .split('\n')
    .filter((line, i, all) => {
      const uri = line.startsWith('#EXT-X-STREAM-INF') ? all[i + 1] : line;
      return !uri?.endsWith('index.m3u8') || uri === rungs[0];
    })
    .join('\n');
  await t.blobs.putBuffer(`${prefix}hls/master.m3u8`, Buffer.from(kept));
  for (const rung of rungs.slice(1)) {
    const dir = `${prefix}hls/${rung.split('/')[0]}/`;
    for (const key of await t.blobs.list(dir)) await t.blobs.delete(key);
  }
  expect(rungsOf((await get(video.hlsUrl!)).body)).toHaveLength(1);
  return rungs.length;
}

// Each command is a process of its own, started from source: seconds each on a busy machine.
describe('videos:reprocess --id', { timeout: 180_000 }, () => {
  it('makes every output again by today’s ladder; the video plays its old files until the new ones replace them', async () => {
    const video = await publishVideo(t, owner.cookie, {
      videoFile: await clipPart({ seconds: 2, width: 1280, height: 720, rate: 30 }),
    });
    expect(video.status).toBe('ready');
    const caption = await addCaption(video._id);
    const rungs = await shortenLadder(video);
    const before = tokenOf(video.videoFile);

    const run = await runCli(t, ['videos:reprocess', '--id', video._id]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Queued video ${video._id} for reprocessing. It plays as before until its new files are ready.\n`,
    );
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'target_type'])
      .where('target_id', '=', video._id)
      .execute();
    expect(audit).toEqual([{ action: 'video.reprocess', actor_id: null, target_type: 'video' }]);

    // Queued: nothing a viewer sees has changed, and the pending prefix serves nothing.
    const pending = (await row(video._id)).reprocess_token!;
    expect(pending).toMatch(/^[0-9a-f]{16}$/);
    const visitor = await get(`/api/v1/videos/vid-id/${video._id}`);
    expect(visitor.json().data).toMatchObject({ status: 'ready', videoFile: video.videoFile });
    expect((await get(video.videoFile)).statusCode).toBe(200);
    const early = `${videoPrefix(video._id, pending)}video.mp4`;
    await t.blobs.putBuffer(early, Buffer.from('not yet the video'));
    expect((await get(`/media/${early}`, owner.cookie)).statusCode).toBe(404);
    expect(await jobsOf(video._id)).toEqual([
      { kind: VIDEO_REPROCESS, state: 'queued', last_error: null },
    ]);

    expect(await t.processAll()).toBe(1);

    const after = await videoAsOwner(t, owner.cookie, video._id);
    const now = tokenOf(after.videoFile);
    expect(now).toBe(pending);
    expect(after).toMatchObject({ status: 'ready', duration: video.duration });
    expect(rungsOf((await get(after.hlsUrl!)).body)).toHaveLength(rungs);
    for (const url of [after.videoFile, after.hlsUrl!, after.thumbnail, after.storyboardUrl!]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get(video.videoFile)).statusCode).toBe(404);
    expect((await get(video.hlsUrl!)).statusCode).toBe(404);
    expect((await get(caption)).statusCode).toBe(404);
    const captions = await get(`/api/v1/videos/${video._id}/captions`);
    const moved = captions.json().data[0].url as string;
    expect(tokenOf(moved)).toBe(now);
    expect((await get(moved)).body).toContain('Hello');

    // Everything of the video is under the new prefix; the original came along, the old
    // outputs are gone.
    const files = await filesOf(video._id);
    expect(files.every((key) => key.startsWith(videoPrefix(video._id, now)))).toBe(true);
    expect(files).toContain(`${videoPrefix(video._id, now)}original.mp4`);
    expect(files.some((key) => key.includes(before))).toBe(false);
    // The row counts what it keeps: the original, the thumbnail and the new outputs.
    let bytes = 0;
    for await (const entry of t.blobs.scan(videoPrefix(video._id, now))) {
      if (!entry.key.includes('/captions/')) bytes += entry.size;
    }
    expect(await row(video._id)).toMatchObject({ reprocess_token: null, stored_bytes: bytes });
    expect(await jobsOf(video._id)).toEqual([]);
  });

  it('adopts the new files from wherever the video moved meanwhile (made private while queued)', async () => {
    const video = await publishVideo(t, owner.cookie);
    expect((await runCli(t, ['videos:reprocess', '--id', video._id])).code).toBe(0);
    const pending = (await row(video._id)).reprocess_token!;
    const made = await t.server.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${video._id}`,
      headers: { cookie: owner.cookie },
      payload: { visibility: 'private' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const moved = (await videoAsOwner(t, owner.cookie, video._id)).videoFile;
    expect(tokenOf(moved)).not.toBe(tokenOf(video.videoFile));

    expect(await t.processAll()).toBe(1);
    const after = await videoAsOwner(t, owner.cookie, video._id);
    expect(tokenOf(after.videoFile)).toBe(pending);
    expect((await get(after.videoFile, owner.cookie)).statusCode).toBe(200);
    expect((await get(after.videoFile)).statusCode).toBe(404);
    expect((await get(`/api/v1/videos/vid-id/${video._id}`)).statusCode).toBe(404);
    const files = await filesOf(video._id);
    expect(files.every((k) => k.startsWith(videoPrefix(video._id, tokenOf(after.videoFile))))).toBe(
      true,
    );
  });

  it('leaves the video playing as it was when the reprocess fails, and can be queued again', async () => {
    const video = await publishVideo(t, owner.cookie);
    expect((await runCli(t, ['videos:reprocess', '--id', video._id])).code).toBe(0);
    const pending = (await row(video._id)).reprocess_token!;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'broken-ffmpeg-'));
    const broken = path.join(dir, 'ffmpeg');
    await fs.writeFile(
      broken,
      '#!/bin/sh\necho "Invalid data found when processing input" >&2\nexit 1\n',
      {
        mode: 0o755,
      },
    );
    try {
      expect(await t.worker({ maxAttempts: 1 }, { ffmpegPath: broken }).drain()).toBe(1);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }

    expect(await videoAsOwner(t, owner.cookie, video._id)).toMatchObject({
      status: 'ready',
      videoFile: video.videoFile,
      processingError: null,
    });
    expect((await get(video.videoFile)).statusCode).toBe(200);
    expect(await row(video._id)).toMatchObject({ reprocess_token: null });
    expect(await t.blobs.list(videoPrefix(video._id, pending))).toEqual([]);
    expect(await jobsOf(video._id)).toMatchObject([{ kind: VIDEO_REPROCESS, state: 'failed' }]);

    const again = await runCli(t, ['videos:reprocess', '--id', video._id]);
    expect(again.code).toBe(0);
    expect(await jobsOf(video._id)).toMatchObject([{ kind: VIDEO_REPROCESS, state: 'queued' }]);
    expect(await t.processAll()).toBe(1);
    const after = await videoAsOwner(t, owner.cookie, video._id);
    expect(tokenOf(after.videoFile)).not.toBe(tokenOf(video.videoFile));
    expect((await get(after.videoFile)).statusCode).toBe(200);
  });

  it('drops the original once reprocessed when originals are no longer kept (KEEP_ORIGINALS=false since)', async () => {
    const video = await publishVideo(t, owner.cookie);
    expect((await runCli(t, ['videos:reprocess', '--id', video._id])).code).toBe(0);
    const kept = t.config.uploads;
    t.config.uploads = { ...kept, keepOriginals: false };
    try {
      expect(await t.processAll()).toBe(1);
    } finally {
      t.config.uploads = kept;
    }
    const after = await videoAsOwner(t, owner.cookie, video._id);
    expect((await get(after.videoFile)).statusCode).toBe(200);
    const files = await filesOf(video._id);
    expect(files.some((key) => key.endsWith('/original.mp4'))).toBe(false);
    const { original_name, original_bytes } = await t.database.db
      .selectFrom('videos')
      .select(['original_name', 'original_bytes'])
      .where('id', '=', video._id)
      .executeTakeFirstOrThrow();
    expect({ original_name, original_bytes: Number(original_bytes) }).toEqual({
      original_name: null,
      original_bytes: 0,
    });
    const refused = await runCli(t, ['videos:reprocess', '--id', video._id]);
    expect(refused.code).toBe(1);
  });

  it('leaves no file behind when the video is deleted while its reprocess waits', async () => {
    const video = await publishVideo(t, owner.cookie);
    expect((await runCli(t, ['videos:reprocess', '--id', video._id])).code).toBe(0);
    const pending = (await row(video._id)).reprocess_token!;
    // What a run had stored when the owner deleted the video.
    await t.blobs.putBuffer(`${videoPrefix(video._id, pending)}poster.jpg`, Buffer.from('poster'));
    const deleted = await t.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/deletevid/${video._id}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await filesOf(video._id)).toEqual([]);
    expect(await jobsOf(video._id)).toEqual([]);
  });
});

describe('videos:reprocess refusals and --all', { timeout: 240_000 }, () => {
  it('says why a video cannot be reprocessed, and queues every one that can with --all', async () => {
    const all = await createTestApp();
    try {
      const someone = await signedInUser(all.server, 'batch');
      const first = await publishVideo(all, someone.cookie);
      const second = await publishVideo(all, someone.cookie);
      const dropped = await publishVideo(all, someone.cookie);
      // As KEEP_ORIGINALS=false leaves a video once it is ready.
      const prefix = videoPrefix(dropped._id, tokenOf(dropped.videoFile));
      await all.blobs.delete(`${prefix}original.mp4`);
      await new ProcessingRepository(all.database.db, all.database.dialect).dropOriginal(
        dropped._id,
      );
      const waiting = await publish(all.server, someone.cookie, await uploadFields());
      expect(waiting.statusCode).toBe(201);
      const processing = (waiting.json().data as Video)._id;

      const cli = (args: string[]) => runCli(all, ['videos:reprocess', ...args]);
      const none = await cli([]);
      expect(none).toMatchObject({ code: 2, stderr: 'Give either --id <video id> or --all.\n' });
      expect((await cli(['--id', first._id, '--all'])).code).toBe(2);
      const unknown = await cli(['--id', 'f'.repeat(24)]);
      expect(unknown).toMatchObject({
        code: 1,
        stderr: `No video has the id "${'f'.repeat(24)}".\n`,
      });
      const noOriginal = await cli(['--id', dropped._id]);
      expect(noOriginal.code).toBe(1);
      expect(noOriginal.stderr).toBe(
        `Video ${dropped._id} has no original upload to process again (KEEP_ORIGINALS=false dropped it).\n`,
      );
      const busy = await cli(['--id', processing]);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('is still being processed');

      const batch = await cli(['--all']);
      expect(batch.stderr).toBe('');
      expect(batch.code).toBe(0);
      expect(batch.stdout).toBe(
        [
          'Queued 2 videos for reprocessing. Each plays as before until its new files are ready.',
          '1 video without its original upload (KEEP_ORIGINALS=false) cannot be processed again.',
          '',
        ].join('\n'),
      );
      const twice = await cli(['--id', first._id]);
      expect(twice).toMatchObject({
        code: 1,
        stderr: `Video ${first._id} is already queued for reprocessing.\n`,
      });
      const again = await cli(['--all']);
      expect(again.stdout).toContain('Queued 0 videos for reprocessing.');
      expect(again.stdout).toContain('2 videos already queued were left as they were.');

      const jobs = await all.database.db
        .selectFrom('processing_jobs')
        .select(['video_id', 'priority'])
        .where('kind', '=', VIDEO_REPROCESS)
        .orderBy('video_id')
        .execute();
      expect(jobs.map((j) => j.video_id).sort()).toEqual([first._id, second._id].sort());
      // Behind every upload's own work.
      expect(jobs.every((j) => j.priority > 2)).toBe(true);
      await all.processAll();
      for (const video of [first, second]) {
        const after = await videoAsOwner(all, someone.cookie, video._id);
        expect(tokenOf(after.videoFile)).not.toBe(tokenOf(video.videoFile));
        expect((await all.server.inject({ method: 'GET', url: after.videoFile })).statusCode).toBe(
          200,
        );
      }
    } finally {
      await all.close();
    }
  });
});
