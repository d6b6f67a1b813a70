import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { isReferenced, requiredKeys } from '../src/storage/orphan-rules.js';
import type { SweepVideoRow } from '../src/repositories/orphan-sweep.repository.js';
import { multipart, pngImage, uniqueUser } from './helpers/fixtures.js';
import { testClip, uploadFields } from './helpers/media.js';
import { freePort, json, request, serverEnv, until } from './helpers/processes.js';
import { freshDatabase, listFiles } from './helpers/test-app.js';

/**
 * A server killed with kill -9 while uploads stream in, started again: the temp files of the
 * uploads in flight, and any file an upload stored before the kill kept it from writing its
 * row, are gone after the start's sweeps, and everything left in the media directory belongs to
 * a row whose files are all there. The kill is aimed: the server is paused again and again
 * (SIGSTOP) until an upload has stored its original but not yet its row, and killed then, so
 * the sweep has a real orphan to remove (or, if that moment is never caught in time, killed
 * mid-upload all the same).
 *
 * One server process (SERVER_PROCESSES=1, as `npm start` on one core), local media storage.
 * The second start sets ORPHAN_GRACE_SECONDS=0 so its first sweep need not wait an hour.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

let dataDir: string;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let handle: DatabaseHandle;
let port: number;
let output = '';
const children: ChildProcess[] = [];

function startServer(extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: serverEnv(
      { port, dataDir, databaseUrl: database.databaseUrl },
      {
        SERVER_PROCESSES: '1',
        EMBEDDED_WORKER: 'false',
        LOG_LEVEL: 'info',
        REGISTER_RATE_LIMIT: '0',
        ...extra,
      },
    ),
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  children.push(child);
  return child;
}

const ready = (child: ChildProcess) =>
  until(
    'the server ready',
    () =>
      request(port, { path: '/api/v1/health/ready' }).then(
        (r) => r.status === 200,
        () => false,
      ),
    { timeoutMs: 80_000, alive: [child] },
  );

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-crash-'));
  database = await freshDatabase(dataDir);
  await database.handle.close();
  handle = openDatabase({
    databaseUrl: database.databaseUrl,
    sqlitePath: loadConfig({ DATA_DIR: dataDir }).sqlitePath,
  });
  port = await freePort();
}, 60_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGCONT');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
  await handle?.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const mediaDir = () => path.join(dataDir, 'media');
const videoRows = () =>
  handle.db
    .selectFrom('videos')
    .select([
      'id',
      'owner_id',
      'media_token',
      'video_key',
      'thumbnail_key',
      'original_name',
      'status',
      'playable',
      'processing_error',
      'reprocess_token',
    ])
    .execute() as Promise<SweepVideoRow[]>;

/** Media files no row refers to: the orphans a crash leaves. */
async function unreferencedMedia(): Promise<string[]> {
  const rows = new Map((await videoRows()).map((r) => [r.id, r]));
  const users = await handle.db.selectFrom('users').select(['avatar_key', 'cover_key']).execute();
  const images = new Set(users.flatMap((u) => [u.avatar_key, u.cover_key]));
  return (await listFiles(mediaDir())).filter((key) => {
    if (key.startsWith('images/')) return !images.has(key);
    const row = rows.get(key.split('/')[1]!.slice(0, 24));
    return !row || !isReferenced(row, key);
  });
}

describe('kill -9 while uploads stream in', () => {
  it('leaves no orphan once the server has started again', async () => {
    let server = startServer();
    await ready(server);
    const fields = uniqueUser('crash');
    const reg = multipart({ ...fields, avatar: await pngImage() });
    const registered = await request(port, {
      method: 'POST',
      path: '/api/v1/users/register',
      headers: reg.headers,
      body: reg.payload,
    });
    expect(registered.status, registered.body).toBe(201);
    const login = await request(port, {
      method: 'POST',
      path: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ username: fields.username, password: fields.password })),
    });
    const cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
    const clip = await testClip({ seconds: 20, width: 320, height: 240 });
    const body = multipart(
      await uploadFields({
        title: 'Uploaded while the server dies',
        videoFile: { filename: 'clip.mp4', contentType: 'video/mp4', data: clip },
      }),
    );
    const upload = () =>
      request(port, {
        method: 'POST',
        path: '/api/v1/videos/publishavideo',
        headers: { ...body.headers, cookie },
        body: body.payload,
        timeoutMs: 20_000,
      }).catch(() => undefined);
    // One upload that completes, whose files must all survive.
    const kept = await upload();
    expect(kept?.status, kept?.body).toBe(201);
    const keptId = json(kept!).data._id as string;

    // Uploads streaming in, four at a time, until the kill.
    let killed = false;
    const traffic = (async () => {
      while (!killed) await Promise.all([upload(), upload(), upload(), upload()]);
    })();
    let caughtOrphan = false;
    const deadline = Date.now() + 20_000;
    while (!killed) {
      await new Promise((r) => setTimeout(r, 5));
      server.kill('SIGSTOP');
      caughtOrphan = (await unreferencedMedia()).some((k) => /\/original\.mp4$/.test(k));
      if (caughtOrphan || Date.now() > deadline) {
        server.kill('SIGKILL');
        killed = true;
      } else {
        server.kill('SIGCONT');
      }
    }
    await new Promise((resolve) => server.once('exit', resolve));
    await traffic;
    const tempBefore = await listFiles(path.join(dataDir, 'tmp'));
    const orphansBefore = await unreferencedMedia();
    // The kill left something behind: a half-received upload, or a stored file with no row.
    expect(tempBefore.length + orphansBefore.length).toBeGreaterThan(0);

    // The first start's sweep said its line already: only the second start's counts from here.
    output = '';
    server = startServer({ ORPHAN_GRACE_SECONDS: '0' });
    await ready(server);
    await until('the first sweep', () => /orphan sweep: \d+ objects? looked at/.test(output), {
      timeoutMs: 30_000,
      alive: [server],
    });

    expect(await listFiles(path.join(dataDir, 'tmp'))).toEqual([]);
    expect(await unreferencedMedia()).toEqual([]);
    expect((await listFiles(mediaDir())).filter((k) => k.endsWith('.partial'))).toEqual([]);
    if (caughtOrphan) {
      expect(output).toMatch(/orphan sweep: \d+ objects looked at, [1-9]\d* orphans? \([1-9]/);
    }
    // Every row has the files it needs, and the upload that completed is intact.
    const files = new Set(await listFiles(mediaDir()));
    for (const row of await videoRows()) {
      for (const key of requiredKeys(row)) expect(files.has(key), key).toBe(true);
      expect(files.has(row.thumbnail_key), row.thumbnail_key).toBe(true);
    }
    const mine = await request(port, {
      path: `/api/v1/videos/vid-id/${keptId}`,
      headers: { cookie },
    });
    expect(json(mine).data.status).toBe('processing');
  }, 150_000);
});
