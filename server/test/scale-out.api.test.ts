import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { multipart, pngImage, uniqueUser } from './helpers/fixtures.js';
import { uploadFields } from './helpers/media.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';
import { freePort, json, request, serverEnv, until } from './helpers/processes.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * Scale-out as an operator runs it: two app server processes (A and B, each `server/src/main.ts`
 * with no embedded worker) and one processing worker process (`server/src/processor.ts`), on one
 * database and one S3 bucket. On PostgreSQL every process has a data directory of its own, as
 * separate machines would; on SQLite they share the one the database file is in. Either way no
 * media is on local disk: an upload through A is processed by the worker and plays through B.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

let s3: S3TestServer;
let bucket: string;
/** The database every process shares. */
let database: Awaited<ReturnType<typeof freshDatabase>>;
const dirs: string[] = [];
const processes: ChildProcess[] = [];
let portA: number;
let portB: number;
let env: Record<string, string>;

function start(entry: string, dataDir: string, extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, DATA_DIR: dataDir, ...extra },
  });
  processes.push(child);
  return child;
}

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-scale-'));
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = (await s3.bucket()).bucket;
  const shared = dataDir();
  // On SQLite the database is the file in the shared DATA_DIR every process opens. Migrated
  // before they start: each server migrates at start, and SQLite servers must not race at that.
  database = await freshDatabase(shared);
  await migrateToLatest(database.handle.db);
  const onPostgres = database.databaseUrl !== undefined;
  env = serverEnv(
    { databaseUrl: database.databaseUrl },
    { SERVER_PROCESSES: '1', EMBEDDED_WORKER: 'false', ...s3.env(bucket) },
  );
  // Separate machines on PostgreSQL; on SQLite the database file is in the shared DATA_DIR.
  const dirOf = () => (onPostgres ? dataDir() : shared);
  [portA, portB] = await Promise.all([freePort(), freePort()]);
  start('server/src/main.ts', dirOf(), { PORT: String(portA) });
  start('server/src/main.ts', dirOf(), { PORT: String(portB) });
  for (const port of [portA, portB]) {
    await until(
      `server on ${port} ready`,
      () =>
        request(port, { path: '/api/v1/health/ready' }).then(
          (r) => r.status === 200,
          () => false,
        ),
      // Starting from source (tsx) is slow on a machine busy with other suites' files.
      { timeoutMs: 90_000, everyMs: 200, alive: processes },
    );
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(
    processes.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }),
  );
  await database?.handle.close();
  await database?.drop();
  await s3?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('two servers and a worker on one database and one bucket', () => {
  it('processes an upload made through A in the worker, and plays it through B', async () => {
    const fields = uniqueUser('scale');
    const form = multipart({ ...fields, avatar: await pngImage() });
    const registered = await request(portA, {
      method: 'POST',
      path: '/api/v1/users/register',
      headers: form.headers,
      body: form.payload,
    });
    expect(registered.status).toBe(201);
    const login = await request(portA, {
      method: 'POST',
      path: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ username: fields.username, password: fields.password })),
    });
    expect(login.status).toBe(200);
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;

    const upload = multipart(await uploadFields({ visibility: 'public' }));
    const created = await request(portA, {
      method: 'POST',
      path: '/api/v1/videos/publishavideo',
      headers: { ...upload.headers, cookie },
      body: upload.payload,
    });
    expect(created.status, created.body.toString()).toBe(201);
    const id = json(created).data._id as string;

    // Neither server processes: the upload waits for a worker.
    const seen = json(
      await request(portB, { path: `/api/v1/videos/vid-id/${id}`, headers: { cookie } }),
    );
    expect(seen.data.status).toBe('processing');
    const worker = start('server/src/processor.ts', database.databaseUrl ? dataDir() : dirs[0]!);

    const ready = await until(
      'the worker to process the upload',
      async () => {
        const r = json(
          await request(portB, { path: `/api/v1/videos/vid-id/${id}`, headers: { cookie } }),
        );
        return r.data.status === 'ready' && r.data.hlsUrl ? r.data : undefined;
      },
      { timeoutMs: 90_000, everyMs: 200, alive: processes },
    );
    expect(worker.exitCode).toBeNull();

    // Anyone plays it through B, by Range, with the bucket's bytes.
    const key = (ready.videoFile as string).slice('/media/'.length);
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = Buffer.from(await object.Body!.transformToByteArray());
      const part = await request(portB, {
        path: ready.videoFile,
        headers: { range: 'bytes=0-1023' },
      });
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 0-1023/${bytes.length}`);
      expect(part.bytes.equals(bytes.subarray(0, 1024))).toBe(true);
    } finally {
      client.destroy();
    }
    const master = await request(portB, { path: ready.hlsUrl });
    expect(master.status).toBe(200);
    expect(master.body.toString()).toContain('#EXT-X-STREAM-INF');
    const thumb = await request(portA, { path: ready.thumbnail });
    expect(thumb.status).toBe(200);

    // Every byte is in the bucket; no process kept media on its own disk.
    expect((await s3.keys(bucket)).some((k) => k === key)).toBe(true);
    for (const dir of dirs) expect(fs.existsSync(path.join(dir, 'media')), dir).toBe(false);
  }, 150_000);
});
