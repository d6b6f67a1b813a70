import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { multipart, pngImage, uniqueUser } from './helpers/fixtures.js';
import { thumbnailPart } from './helpers/media.js';
import { childPids, freePort, json, request, serverEnv, until } from './helpers/processes.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';
import { freshDatabase } from './helpers/test-app.js';
import { paddedMp4, sha256, startTus, uploadIdOf } from './helpers/tus.js';

/**
 * The product as an operator runs it (`server/src/main.ts`: a supervisor, two server
 * processes and the processing worker), killed with kill -9, every process of it, while a real tus client is in the
 * middle of a PATCH of a 150 MB file; then started again. The upload resumes from an offset
 * between the last one acknowledged and what was sent, and the published original is
 * byte-identical. On local disk and on S3, on the suite's database.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SIZE = 150 * 1000 * 1000;
const CHUNK = 8 * 1024 * 1024;

let s3: S3TestServer;
let database: Awaited<ReturnType<typeof freshDatabase>>;
const dirs: string[] = [];
const running: ChildProcess[] = [];
let data: Buffer;

beforeAll(async () => {
  s3 = await startS3Server();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-kill-'));
  dirs.push(dir);
  database = await freshDatabase(dir);
  await migrateToLatest(database.handle.db);
  data = await paddedMp4(SIZE);
}, 120_000);

afterAll(async () => {
  for (const child of running) {
    for (const pid of childPids(child.pid!)) process.kill(pid, 'SIGKILL');
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await database?.handle.close();
  await database?.drop();
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

function startServer(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  running.push(child);
  return child;
}

/** kill -9 of the supervisor and every process it started, at once. */
function killAll(supervisor: ChildProcess): Promise<void> {
  const pids = [supervisor.pid!, ...childPids(supervisor.pid!)];
  for (const pid of pids) process.kill(pid, 'SIGKILL');
  return new Promise((resolve) => {
    if (supervisor.exitCode !== null || supervisor.signalCode !== null) resolve();
    else supervisor.once('exit', () => resolve());
  });
}

for (const store of ['local disk', 'S3'] as const) {
  describe(`an upload on ${store} when every process is killed -9 mid-PATCH`, () => {
    it('resumes after a restart, and the published original is byte-identical', async () => {
      const dataDir =
        database.databaseUrl === undefined
          ? dirs[0]!
          : fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-kill-'));
      if (!dirs.includes(dataDir)) dirs.push(dataDir);
      const bucket = store === 'S3' ? (await s3.bucket()).bucket : undefined;
      const port = await freePort();
      const env = serverEnv(
        { port, dataDir, databaseUrl: database.databaseUrl },
        {
          // Two server processes and the processing worker, as `npm start` runs them.
          SERVER_PROCESSES: '2',
          UPLOAD_MAX_BYTES: String(200 * 1024 * 1024),
          ...(bucket ? s3.env(bucket) : {}),
        },
      );
      const ready = (alive: ChildProcess) =>
        until(
          'the server to be ready',
          () =>
            request(port, { path: '/api/v1/health/ready' }).then(
              (r) => r.status === 200,
              () => false,
            ),
          { timeoutMs: 90_000, everyMs: 200, alive: [alive] },
        );
      let server = startServer(env);
      await ready(server);
      // Every process of the product is up before the kill: the two servers and the worker,
      // which is forked once the leader listens.
      await until('the processing worker', () => childPids(server.pid!).length >= 3, {
        timeoutMs: 30_000,
        everyMs: 100,
        alive: [server],
      });

      const fields = uniqueUser('killed');
      const form = multipart({ ...fields, avatar: await pngImage() });
      expect(
        (
          await request(port, {
            method: 'POST',
            path: '/api/v1/users/register',
            headers: form.headers,
            body: form.payload,
          })
        ).status,
      ).toBe(201);
      const login = await request(port, {
        method: 'POST',
        path: '/api/v1/users/login',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ username: fields.username, password: fields.password })),
      });
      const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
      const endpoint = `http://127.0.0.1:${port}/api/v1/uploads`;

      // Past 40 %, in the middle of a chunk: every process goes at once.
      let acknowledged = 0;
      let sent = 0;
      let killing: Promise<void> | undefined;
      const first = startTus(data, {
        endpoint,
        cookie,
        chunkSize: CHUNK,
        retryDelays: null,
        onChunk: (n) => (acknowledged = n),
        onProgress: (n) => {
          sent = Math.max(sent, n);
          if (!killing && n > SIZE * 0.4 && n - acknowledged > CHUNK / 3) killing = killAll(server);
        },
      });
      await expect(first.done).rejects.toThrow();
      await killing;
      const url = first.upload.url!;
      expect(acknowledged).toBeGreaterThan(0);
      expect(acknowledged).toBeLessThan(SIZE);

      server = startServer(env);
      await ready(server);
      // The lock of the killed request runs out; then HEAD answers.
      const head = await fetch(url, {
        method: 'HEAD',
        headers: { cookie, 'tus-resumable': '1.0.0' },
      });
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(acknowledged);
      expect(offset).toBeLessThanOrEqual(sent);

      const resumed = startTus(data, { endpoint, cookie, chunkSize: CHUNK, uploadUrl: url });
      expect(await resumed.done).toBe(url);

      const publishForm = multipart({
        title: 'Survived a crash',
        description: 'Uploaded across a kill -9.',
        hashtag: '#resumable',
        visibility: 'private',
        uploadId: uploadIdOf(url),
        thumbnail: await thumbnailPart(),
      });
      const published = await request(port, {
        method: 'POST',
        path: '/api/v1/videos/publishavideo',
        headers: { ...publishForm.headers, cookie },
        body: publishForm.payload,
      });
      expect(published.status, published.body).toBe(201);
      const video = json(published).data as { videoFile: string };
      const key = video.videoFile.replace(/^\/media\//, '').replace(/video\.mp4$/, 'original.mp4');
      let stored: Buffer;
      if (bucket) {
        const client = new S3Client({
          endpoint: s3.endpoint,
          region: 'us-east-1',
          forcePathStyle: true,
          credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        });
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        stored = Buffer.from(await object.Body!.transformToByteArray());
        client.destroy();
        expect((await s3.keys(bucket)).filter((k) => k.startsWith('uploads/'))).toEqual([]);
      } else {
        stored = fs.readFileSync(path.join(dataDir, 'media', key));
        expect(fs.readdirSync(path.join(dataDir, 'uploads'))).toEqual([]);
      }
      expect(sha256(stored)).toBe(sha256(data));
      // The restarted worker processes it: the product as a whole came back.
      const id = (json(published).data as { _id: string })._id;
      await until(
        'the video to be processed',
        async () => {
          const res = await request(port, {
            path: `/api/v1/videos/vid-id/${id}`,
            headers: { cookie },
          });
          return (json(res).data as { status: string }).status === 'ready';
        },
        { timeoutMs: 120_000, everyMs: 250, alive: [server] },
      );
      await killAll(server);
    }, 240_000);
  });
}
