import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE } from '../src/lib/storage-errors.js';
import { LocalBlobStore } from '../src/storage/local-blob-store.js';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import type { S3StoreOptions } from '../src/storage/s3-blob-store.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipart, pngImage, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { publish, publishVideo, tinyMp4, uploadFields } from './helpers/media.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';

/**
 * The app on S3 storage (s3rver on loopback) while the store goes away: killed (connections
 * refused), then frozen with SIGSTOP (connections open, nothing answered). Media reads, uploads
 * (multipart and resumable) and sign-ups are answered 503 with Retry-After within
 * STORAGE_TIMEOUT_MS, never hang and never 500; a failed upload leaves no row; the processing
 * worker puts its job back for later; and everything is served again, whole, once the store
 * returns.
 */
const TIMEOUT_MS = 1_000;
/** Past the deadline: the answer, and the test's own scheduling on a busy machine. */
const ANSWER_WITHIN_MS = TIMEOUT_MS + 1_500;

let s3: S3TestServer;
let options: S3StoreOptions;
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let video: { _id: string; videoFile: string; thumbnail: string };
let original: Buffer;
/** A resumable upload begun while the store was there (its Location). */
let resumable: string;

/** Begins a resumable upload of 1 MiB; answers the raw answer. */
function beginResumable() {
  return t.server.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      cookie: owner.cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(1024 * 1024),
      'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
    },
  });
}

async function createResumable(): Promise<string> {
  const res = await beginResumable();
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

beforeAll(async () => {
  s3 = await startS3Server();
  options = await s3.bucket();
  t = await createTestApp(
    // Resumable uploads in the bucket too.
    { storageTimeoutMs: TIMEOUT_MS, storage: { kind: 's3', ...options } },
    {},
    { blobs: () => new S3BlobStore(options, { timeoutMs: TIMEOUT_MS }) },
  );
  owner = await signedInUser(t.server, 'storage');
  resumable = await createResumable();
  expect(resumable).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
  const published = await publishVideo(t, owner.cookie);
  video = { _id: published._id, videoFile: published.videoFile, thumbnail: published.thumbnail };
  original = (await t.server.inject({ method: 'GET', url: video.videoFile })).rawPayload;
  expect(original.length).toBeGreaterThan(1000);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await s3?.stop();
});

/** Runs `send` and checks it was answered 503 with Retry-After in the envelope, in time. */
async function expectUnavailable(
  label: string,
  send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>,
) {
  const started = Date.now();
  const res = await send();
  const took = Date.now() - started;
  expect(res.statusCode, `${label}: ${res.body}`).toBe(503);
  expect(res.headers['retry-after'], label).toBe('5');
  if (res.body) {
    expect(JSON.parse(res.body), label).toEqual({
      statusCode: 503,
      success: false,
      message: STORAGE_UNAVAILABLE,
      errors: [],
    });
  }
  expect(took, `${label} took ${took} ms`).toBeLessThan(ANSWER_WITHIN_MS);
}

const countVideos = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function everythingUnavailable(phase: string) {
  const before = await countVideos();
  await expectUnavailable(`${phase}: video file`, () =>
    t.server.inject({ method: 'GET', url: video.videoFile }),
  );
  await expectUnavailable(`${phase}: a range of it`, () =>
    t.server.inject({ method: 'GET', url: video.videoFile, headers: { range: 'bytes=0-99' } }),
  );
  await expectUnavailable(`${phase}: HEAD`, () =>
    t.server.inject({ method: 'HEAD', url: video.thumbnail }),
  );
  await expectUnavailable(`${phase}: upload`, async () =>
    publish(t.server, owner.cookie, await uploadFields()),
  );
  const form = multipart({ ...uniqueUser('nostore'), avatar: await pngImage() });
  await expectUnavailable(`${phase}: sign-up`, () =>
    t.server.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: form.payload,
      headers: form.headers,
    }),
  );
  await expectUnavailable(`${phase}: resumable upload begun`, beginResumable);
  await expectUnavailable(`${phase}: resumable upload's offset`, () =>
    t.server.inject({
      method: 'HEAD',
      url: resumable,
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
    }),
  );
  // A failed upload leaves no row behind.
  expect(await countVideos()).toBe(before);
  const ready = await t.server.inject({ method: 'GET', url: '/api/v1/health/ready' });
  expect(ready.statusCode).toBe(503);
  expect(ready.json().errors.map((e: { field: string }) => e.field)).toContain('storage');
}

async function everythingServed(phase: string) {
  const file = await t.server.inject({ method: 'GET', url: video.videoFile });
  expect(file.statusCode, phase).toBe(200);
  expect(file.rawPayload.equals(original), phase).toBe(true);
  const res = await publish(t.server, owner.cookie, await uploadFields());
  expect(res.statusCode, `${phase}: ${res.body}`).toBe(201);
  const offset = await t.server.inject({
    method: 'HEAD',
    url: resumable,
    headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
  });
  expect(offset.statusCode, phase).toBe(200);
  expect(offset.headers['upload-offset'], phase).toBe('0');
  await createResumable();
  expect((await t.server.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(
    200,
  );
}

/**
 * No original in the bucket is a part of one: every upload here sends the same file, so an
 * original of another size would be one cut short (whether or not a row refers to it).
 */
async function expectNoPartialObject() {
  const whole = (await tinyMp4()).length;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: true,
    credentials: options.credentials,
  });
  try {
    for (const key of await s3.keys(options.bucket)) {
      if (!key.endsWith('/original.mp4')) continue;
      const head = await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: key }));
      expect(head.ContentLength, key).toBe(whole);
    }
  } finally {
    client.destroy();
  }
}

describe('media storage that goes away', () => {
  it('answers 503 within the timeout while the store is down, and serves again when it is back', async () => {
    await s3.kill();
    await everythingUnavailable('killed');
    await s3.restart();
    await everythingServed('restarted');
  }, 60_000);

  it('answers 503 within the timeout while the store hangs, and serves again when it answers', async () => {
    s3.freeze();
    try {
      await everythingUnavailable('frozen');
    } finally {
      s3.thaw();
    }
    await everythingServed('thawed');
    await expectNoPartialObject();
  }, 60_000);

  it('has the processing worker put its job back for later, then finish it', async () => {
    // The uploads of the tests above first, so the next job is this one.
    await t.processAll();
    const res = await publish(t.server, owner.cookie, await uploadFields());
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;
    s3.freeze();
    try {
      const worker = t.worker();
      await worker.runOnce();
    } finally {
      s3.thaw();
    }
    const job = await t.database.db
      .selectFrom('processing_jobs')
      .select(['state', 'attempts', 'run_after', 'last_error'])
      .where('video_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({
      state: 'queued',
      attempts: 1,
      // What the owner would read, should the retries run out.
      last_error: 'Processing stopped because media storage could not be reached. Retry later.',
    });
    expect(job.run_after).toBeGreaterThan(Date.now());
    const row = await t.database.db
      .selectFrom('videos')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('processing');
    // Later, with the store back, the job runs again and the video plays.
    const later = t.worker({ now: () => Date.now() + 5 * 60_000 });
    expect(await later.drain()).toBeGreaterThanOrEqual(1);
    const done = await t.database.db
      .selectFrom('videos')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('ready');
  }, 120_000);
});

/**
 * Makes this process's file system calls hang, as a stalled network file system does: every
 * thread of libuv's pool (where Node runs them) is left blocked opening a named pipe no one
 * writes to. Answers the release, which opens each pipe's other end.
 */
function hangFileSystem(dir: string): () => Promise<void> {
  const threads = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  const pipes = Array.from({ length: threads }, (_, i) => path.join(dir, `hang-${i}`));
  for (const pipe of pipes) execFileSync('mkfifo', [pipe]);
  const blocked = pipes.map((pipe) => fs.promises.open(pipe, 'r'));
  return async () => {
    // Opened without the pool (synchronously, non-blocking), which lets each blocked open go.
    const writers = pipes.map((pipe) =>
      fs.openSync(pipe, fs.constants.O_RDWR | fs.constants.O_NONBLOCK),
    );
    for (const handle of await Promise.all(blocked)) await handle.close();
    for (const fd of writers) fs.closeSync(fd);
  };
}

describe('a local media directory that stops answering', () => {
  it('answers 503 within the timeout instead of waiting on the file system', async () => {
    const local = await createTestApp(
      { storageTimeoutMs: TIMEOUT_MS },
      {},
      {
        blobs: (dir) => new LocalBlobStore(dir, TIMEOUT_MS),
      },
    );
    try {
      const me = await signedInUser(local.server, 'localhang');
      const mine = await publishVideo(local, me.cookie);
      const release = hangFileSystem(local.dataDir);
      try {
        await expectUnavailable('hung file system', () =>
          local.server.inject({ method: 'GET', url: mine.thumbnail }),
        );
      } finally {
        await release();
      }
      const served = await local.server.inject({ method: 'GET', url: mine.thumbnail });
      expect(served.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  }, 60_000);
});
