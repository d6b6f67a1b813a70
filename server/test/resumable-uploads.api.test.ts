import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { loadConfig } from '../src/config.js';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { signedInUser } from './helpers/fixtures.js';
import { publish, uploadFields, videoAsOwner } from './helpers/media.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { paddedMp4, sha256, startTus, uploadIdOf } from './helpers/tus.js';

/**
 * Resumable uploads with a real tus client (tus-js-client) against the app listening on
 * loopback, on local disk and on S3 (s3rver): a 150 MB file in chunks, published by its id,
 * byte for byte; publishing twice; expiry sweeping an abandoned upload from disk and bucket.
 */
const BIG = 150 * 1000 * 1000;
const MIB = 1024 * 1024;

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
}, 60_000);
afterAll(async () => {
  await s3?.stop();
});

interface Setup {
  t: TestApp;
  endpoint: string;
  /** Every key or file of the upload store. */
  uploadStore(): Promise<string[]>;
  /** The stored original's bytes. */
  original(video: Video): Promise<Buffer>;
  close(): Promise<void>;
}

let clock = Date.now();

async function listen(t: TestApp): Promise<string> {
  const address = await t.server.listen({ port: 0, host: '127.0.0.1' });
  return `${address}/api/v1/uploads`;
}

async function localSetup(): Promise<Setup> {
  const t = await createTestApp(
    { uploads: { ...base().uploads, maxBytes: 200 * MIB } },
    { now: () => clock },
  );
  return {
    t,
    endpoint: await listen(t),
    uploadStore: () => listFiles(path.join(t.dataDir, 'uploads')),
    original: async (v) => fs.readFile(path.join(t.mediaDir, originalKeyOf(v))),
    close: () => t.close(),
  };
}

async function s3Setup(): Promise<Setup> {
  const options = await s3.bucket();
  const store = new S3BlobStore(options);
  const t = await createTestApp(
    {
      uploads: { ...base().uploads, maxBytes: 200 * MIB },
      storage: { kind: 's3', ...options },
    },
    { now: () => clock },
    { blobs: () => store },
  );
  return {
    t,
    endpoint: await listen(t),
    uploadStore: async () =>
      (await s3.keys(options.bucket)).filter((k) => k.startsWith('uploads/')),
    original: async (v) => {
      const object = await store.open(originalKeyOf(v));
      const chunks: Buffer[] = [];
      for await (const c of object!.stream) chunks.push(c as Buffer);
      return Buffer.concat(chunks);
    },
    close: async () => {
      await t.close();
      store.close();
    },
  };
}

const base = () => loadConfig({});

/** `videos/{id}/{token}/original.mp4`, from the answer's video file URL. */
function originalKeyOf(v: Video): string {
  return v.videoFile.replace(/^\/media\//, '').replace(/video\.mp4$/, 'original.mp4');
}

for (const [store, setup] of [
  ['local disk', localSetup],
  ['S3', s3Setup],
] as const) {
  describe(`resumable uploads on ${store}`, () => {
    let s: Setup;
    beforeAll(async () => {
      s = await setup();
    }, 60_000);
    afterAll(async () => {
      await s?.close();
    });

    it('takes a 150 MB file in chunks, publishes it by uploadId, byte for byte, once', async () => {
      const owner = await signedInUser(s.t.server, 'tus');
      const data = await paddedMp4(BIG);
      const accepted: number[] = [];
      const { done } = startTus(data, {
        endpoint: s.endpoint,
        cookie: owner.cookie,
        chunkSize: 16 * MIB,
        onChunk: (n) => accepted.push(n),
      });
      const url = await done;
      // Every chunk was its own PATCH.
      expect(accepted.length).toBe(Math.ceil(BIG / (16 * MIB)));
      expect(accepted.at(-1)).toBe(BIG);
      const uploadId = uploadIdOf(url);

      const res = await publish(
        s.t.server,
        owner.cookie,
        await uploadFields({ videoFile: undefined, uploadId }),
      );
      expect(res.statusCode, res.body).toBe(201);
      const video = res.json().data as Video;
      expect(video.duration).toBeCloseTo(2, 0);
      expect(sha256(await s.original(video))).toBe(sha256(data));
      // Moved, not copied: nothing of it remains in the upload store.
      expect(await s.uploadStore()).toEqual([]);

      const again = await publish(
        s.t.server,
        owner.cookie,
        await uploadFields({ videoFile: undefined, uploadId }),
      );
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('Upload not found.');
      // A published upload is gone for tus too.
      const head = await fetch(url, {
        method: 'HEAD',
        headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
      });
      expect(head.status).toBe(404);

      // It processes like any upload.
      await s.t.processAll();
      expect(await videoAsOwner(s.t, owner.cookie, video._id)).toMatchObject({
        status: 'ready',
        playable: true,
      });
    }, 180_000);

    it('sweeps an abandoned upload once it expires, and answers 410 before that', async () => {
      const owner = await signedInUser(s.t.server, 'abandon');
      const data = await paddedMp4(12 * MIB);
      const { upload, done } = startTus(data, {
        endpoint: s.endpoint,
        cookie: owner.cookie,
        chunkSize: 6 * MIB,
        onChunk: () => void upload.abort(),
      });
      void done.catch(() => {});
      const url = await until(() => upload.url ?? undefined);
      await until(async () => (await s.uploadStore()).length > 0);
      // The request that wrote the chunk has let go of the upload (tus unlocks before it
      // answers): nothing writes to it while the sweep removes it.
      await until(async () => {
        const row = await s.t.database.db
          .selectFrom('uploads')
          .select('lock_holder')
          .where('id', '=', uploadIdOf(url))
          .executeTakeFirst();
        return row?.lock_holder === null;
      });

      clock += 25 * 3_600_000;
      const head = await fetch(url, {
        method: 'HEAD',
        headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
      });
      expect(head.status).toBe(410);
      expect(await s.t.app.services.uploads.sweep()).toBeGreaterThanOrEqual(1);
      expect(await s.uploadStore()).toEqual([]);
      const gone = await fetch(url, {
        method: 'HEAD',
        headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
      });
      expect(gone.status).toBe(404);
    }, 60_000);
  });
}

async function until<T>(probe: () => T | undefined | false | Promise<T | undefined | false>) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value) return value as T;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
