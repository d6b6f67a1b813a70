import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { newMediaToken, videoPrefix } from '../src/storage/media-keys.js';
import { LOST_FILES_REASONS } from '../src/storage/orphan-rules.js';
import type { BlobEntry } from '../src/storage/blob-store.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import type { Video } from '@contract';
import { multipart } from './helpers/fixtures.js';
import { publish, publishVideo, uploadFields, videoAsOwner } from './helpers/media.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';
import type { SignedIn } from './helpers/staff.js';
import { HOUR, keyOf, sweepApp, sweepCalls, tokenOf } from './helpers/orphan-sweep-app.js';

/**
 * The orphan sweep against a real app's database and store, on local disk and on S3 (s3rver,
 * listing 3 keys a page so the scan follows continuation tokens): what no row refers to goes
 * once past the grace period, young files, other areas and unknown keys stay, and videos whose
 * files are gone are failed with a reason their owner reads. A database that does not match
 * its store changes nothing: orphan-sweep-refusals.
 */
let s3: S3TestServer;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
});

describe.each(['local', 's3'] as const)('the orphan sweep on %s storage', (kind) => {
  let t: TestApp;
  let owner: SignedIn;

  beforeAll(async () => {
    ({ t, owner } = await sweepApp(kind, s3));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const { sweep, put, exists } = sweepCalls(() => t);

  it('removes what no row refers to once past the grace period, and nothing else', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    const own = videoPrefix(v._id, tokenOf(v.videoFile));
    const orphans = [
      `${videoPrefix(newId(Date.now()), newMediaToken())}original.mp4`, // an upload that lost its row
      `${videoPrefix(v._id, newMediaToken())}video.mp4`, // under another prefix of a live video
      `${own}poster.jpg.partial`, // a write that never finished
      `images/${newId(Date.now())}.webp`, // an avatar whose sign-up failed
    ];
    const kept = [
      `uploads/${newId(Date.now())}/part-00001`, // a resumable upload: expires by its own rule
      'videos/not-a-video-id/notes.txt', // names no video: not ours to judge
      `videos/${newId(Date.now())}.mp4`, // outside any video's folder: the same
    ];
    for (const key of [...orphans, ...kept]) await put(key);
    const scratch = ['uploads/session/part', 'processing/host-1/job/out.ts', 'tmp/upload'];
    if (kind === 'local') {
      for (const rel of scratch) {
        fs.mkdirSync(path.dirname(path.join(t.dataDir, rel)), { recursive: true });
        fs.writeFileSync(path.join(t.dataDir, rel), 'in use');
      }
    }

    // Report mode changes nothing.
    const report = await sweep(false);
    expect(report.orphans.map((o) => o.key).sort()).toEqual([...orphans].sort());
    expect(report.orphans.find((o) => o.key.endsWith('.partial'))?.why).toBe('unfinished');
    expect(report.unrecognised).toBe(2);
    expect(report.lost).toEqual([]);
    expect(report.removed).toBe(0);
    for (const key of orphans) expect(await exists(key), key).toBe(true);

    // Within the grace period everything stays: an upload stores its files before its row.
    const young = await sweep(true, Date.now());
    expect(young.orphans).toEqual([]);
    expect(young.young).toBe(orphans.length);

    const applied = await sweep(true);
    expect(applied.removed).toBe(orphans.length);
    expect(applied.removedBytes).toBeGreaterThan(0);
    for (const key of orphans) expect(await exists(key), key).toBe(false);
    for (const key of kept) expect(await exists(key), key).toBe(true);
    if (kind === 'local') {
      for (const rel of scratch) expect(fs.existsSync(path.join(t.dataDir, rel)), rel).toBe(true);
    }
    // The live video and its owner's avatar are untouched and still served.
    const session = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/check-session',
      headers: { cookie: owner.cookie },
    });
    for (const url of [v.videoFile, v.thumbnail, v.hlsUrl!, session.json().user.avatar]) {
      expect((await t.server.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    }
    expect((await sweep(true)).orphans).toEqual([]);
    for (const key of kept) await t.blobs.delete(key);
  }, 60_000);

  it('fails a video whose files are gone, with a reason its owner reads, keeping what is left', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    await t.blobs.delete(keyOf(v.videoFile));

    const report = await sweep(false);
    expect(report.lost).toEqual([
      { videoId: v._id, ownerId: owner.user._id, missing: [keyOf(v.videoFile)], failedNow: false },
    ]);
    expect((await videoAsOwner(t, owner.cookie, v._id)).status).toBe('ready');

    const applied = await sweep(true);
    expect(applied.lost).toMatchObject([{ videoId: v._id, failedNow: true }]);
    // Its other files stay: nothing of a video missing files is swept as a stray.
    expect(applied.orphans).toEqual([]);
    expect(await exists(keyOf(v.thumbnail))).toBe(true);
    // Its original is still there, so Retry can make the rest again.
    const seen = await videoAsOwner(t, owner.cookie, v._id);
    expect(seen).toMatchObject({ status: 'failed', processingError: LOST_FILES_REASONS.retry });
    const studio = await t.server.inject({
      method: 'GET',
      url: '/api/v1/studio/videos',
      headers: { cookie: owner.cookie },
    });
    const row = studio.json().data.find((x: { _id: string }) => x._id === v._id);
    expect(row).toMatchObject({ status: 'failed', processingError: LOST_FILES_REASONS.retry });
    // Hidden from everyone else, as any failed video.
    const visitor = await t.server.inject({ method: 'GET', url: `/api/v1/videos/vid-id/${v._id}` });
    expect(visitor.statusCode).toBe(404);
    // Nothing more is missing for a failed video that keeps its original.
    expect((await sweep(true)).lost).toEqual([]);
    const retried = await t.server.inject({
      method: 'POST',
      url: `/api/v1/videos/${v._id}/processing/retry`,
      headers: { cookie: owner.cookie },
    });
    expect(retried.statusCode).toBe(200);
    await t.processAll();
    const back = await t.server.inject({ method: 'GET', url: `/api/v1/videos/vid-id/${v._id}` });
    expect(back.json().data).toMatchObject({ status: 'ready' });
  }, 60_000);

  it('keeps the caption files its rows name, and sweeps one no row names', async () => {
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    const subtitles = multipart({
      language: 'en',
      file: {
        filename: 'subs.srt',
        contentType: 'application/x-subrip',
        data: Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHello\n'),
      },
    });
    const added = await t.server.inject({
      method: 'POST',
      url: `/api/v1/videos/${v._id}/captions`,
      headers: { ...subtitles.headers, cookie: owner.cookie },
      payload: subtitles.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    const named = keyOf(added.json().data[0].url);
    // The old file of a replaced track that could not be removed: under the live prefix, but
    // no caption row names it.
    const stray = `${videoPrefix(v._id, tokenOf(v.videoFile))}captions/en-0123456789ab.vtt`;
    await put(stray);

    const applied = await sweep(true);
    expect(applied.orphans).toMatchObject([{ key: stray, why: 'not-referenced' }]);
    expect(await exists(stray)).toBe(false);
    expect(await exists(named)).toBe(true);
    expect(applied.lost).toEqual([]);
  }, 60_000);

  it('fails a video that lost its file while its ladder waits, with one failed first job for Retry', async () => {
    const res = await publish(t.server, owner.cookie, await uploadFields());
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json().data as Video)._id;
    // The playable job runs; the ladder job is queued behind it.
    expect(await t.worker().runOnce()).toBe(true);
    const playing = await videoAsOwner(t, owner.cookie, id);
    expect(playing).toMatchObject({ status: 'processing', playable: true });
    const jobs = () =>
      t.database.db
        .selectFrom('processing_jobs')
        .select(['kind', 'state'])
        .where('video_id', '=', id)
        .execute();
    expect(await jobs()).toEqual([{ kind: 'video.ladder', state: 'queued' }]);
    await t.blobs.delete(keyOf(playing.videoFile));

    const applied = await sweep(true);
    expect(applied.lost).toMatchObject([{ videoId: id, missing: [keyOf(playing.videoFile)] }]);
    expect(await jobs()).toEqual([{ kind: 'video.playable', state: 'failed' }]);
    // What it still has in the store is what it counts.
    const prefix = videoPrefix(id, tokenOf(playing.videoFile));
    let bytes = 0;
    for await (const entry of t.blobs.scan(prefix)) bytes += entry.size;
    const row = await t.database.db
      .selectFrom('videos')
      .select(['stored_bytes', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed' });
    expect(Number(row.stored_bytes)).toBe(bytes);

    const retried = await t.server.inject({
      method: 'POST',
      url: `/api/v1/videos/${id}/processing/retry`,
      headers: { cookie: owner.cookie },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await t.processAll();
    expect(await videoAsOwner(t, owner.cookie, id)).toMatchObject({
      status: 'ready',
      playable: true,
    });
    expect(await jobs()).toEqual([]);
  }, 60_000);

  it('asks for a new upload when the original is gone too', async () => {
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/v1/studio/videos',
      headers: { cookie: owner.cookie },
    });
    const before = res.json().data.length;
    const v = await publishVideo(t, owner.cookie, { visibility: 'public' });
    const prefix = videoPrefix(v._id, tokenOf(v.videoFile));
    for (const key of await t.blobs.list(prefix)) await t.blobs.delete(key);
    const applied = await sweep(true);
    expect(applied.lost).toMatchObject([{ videoId: v._id, failedNow: true }]);
    expect(await videoAsOwner(t, owner.cookie, v._id)).toMatchObject({
      status: 'failed',
      processingError: LOST_FILES_REASONS.reupload,
    });
    // Reported again by every run (the owner has not acted yet), but failed once.
    expect((await sweep(true)).lost).toMatchObject([{ videoId: v._id, failedNow: false }]);
    await t.server.inject({
      method: 'DELETE',
      url: `/api/v1/videos/deletevid/${v._id}`,
      headers: { cookie: owner.cookie },
    });
    expect((await sweep(true)).lost).toEqual([]);
    expect(before).toBeGreaterThan(0);
  }, 60_000);
});

describe('BlobStore.scan on local disk', () => {
  it('lists leftovers too, one video’s files together, videos in id order', async () => {
    const t = await createTestApp();
    try {
      const ids = [newId(Date.now()), newId(Date.now() + 1000), newId(Date.now() + 2000)].sort();
      const keys = [
        `${videoPrefix(ids[1]!, newMediaToken())}video.mp4`,
        `${videoPrefix(ids[0]!, newMediaToken())}hls/360p/a.ts`,
        `${videoPrefix(ids[2]!, newMediaToken())}poster.jpg`,
      ];
      for (const key of keys) await t.blobs.putBuffer(key, randomBytes(10));
      const partial = path.join(t.mediaDir, `${keys[0]}.partial`);
      fs.writeFileSync(partial, 'half');
      const seen: BlobEntry[] = [];
      for await (const entry of t.blobs.scan('videos/')) seen.push(entry);
      const order = seen.map((e) => e.key.slice('videos/'.length, 'videos/'.length + 24));
      expect(order).toEqual([...order].sort());
      expect(seen.map((e) => e.key)).toContain(`${keys[0]}.partial`);
      expect(seen.find((e) => e.key === keys[0])).toMatchObject({ size: 10 });
      expect(seen.every((e) => e.modifiedAt > Date.now() - HOUR)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('the sweep as the server runs it', () => {
  it('is counted in /metrics and logged', async () => {
    const lines: string[] = [];
    const t = await createTestApp(
      { metricsToken: 'orphan-metrics-token-0123', orphanGraceSeconds: 0 },
      {
        logger: {
          level: 'info',
          stream: { write: (line: string) => void lines.push(line) },
        },
      },
    );
    try {
      await t.blobs.putBuffer(`images/${newId(Date.now())}.webp`, Buffer.from('lost avatar'));
      const report = await t.app.services.orphans.run();
      expect(report.removed).toBe(1);
      const metrics = await t.server.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer orphan-metrics-token-0123' },
      });
      expect(metrics.body).toMatch(/^storage_orphans_removed_total 1$/m);
      expect(metrics.body).toMatch(/^storage_orphan_bytes_removed_total 11$/m);
      expect(metrics.body).toMatch(/^storage_orphan_sweep_last_found\{kind="orphans"\} 1$/m);
      expect(metrics.body).toMatch(/^storage_orphan_sweep_last_run_timestamp_seconds [1-9]/m);
      expect(lines.join('')).toContain(
        'orphan sweep: 1 object looked at, 1 orphan (1 removed, 11 bytes), 0 unreferenced but within the grace period, 0 videos missing files',
      );
    } finally {
      await t.close();
    }
  });
});
