import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { migrateToLatest } from '../src/db/migrate.js';
import { LISTENER_APPLICATION_NAME } from '../src/processing/job-notifications.js';
import type { ProcessingWorker } from '../src/processing/worker.js';
import { signedInUser } from './helpers/fixtures.js';
import { publish, testClip, uploadFields, videoAsOwner } from './helpers/media.js';
import { childPids, freePort, request, serverEnv, until } from './helpers/processes.js';
import { collectJsonLines, publishOn, signInOn } from './helpers/served.js';
import { createTestApp, freshDatabase, type TestApp } from './helpers/test-app.js';

/**
 * A queued job wakes an idle processing worker: an upload starts processing at once, not at
 * the worker's next look at the queue. The workers here look only every ten minutes
 * (JOB_POLL_MS), so an upload processed within a minute was woken for: in one process, under
 * the supervisor (IPC), and on PostgreSQL from a server on another machine (LISTEN/NOTIFY).
 */
const TEN_MINUTES = 600_000;
const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A published upload of a two-second clip. */
const clipFields = (title: string) => uploadFields({ title });

describe('in one process', () => {
  let t: TestApp;
  let worker: ProcessingWorker | undefined;
  beforeAll(async () => {
    t = await createTestApp({}, { jobsQueued: () => worker?.wake() });
    worker = t.worker({ pollMs: TEN_MINUTES, concurrency: 1 });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await t.close();
  });

  const statusOf = async (cookie: string, id: string) => (await videoAsOwner(t, cookie, id)).status;

  it('processes an upload, and an owner’s retry, as soon as each is queued', async () => {
    const owner = await signedInUser(t.server, 'woken');
    const res = await publish(t.server, owner.cookie, await uploadFields());
    expect(res.statusCode).toBe(201);
    const id = (res.json().data as Video)._id;
    await until(
      'the upload to be ready',
      async () => (await statusOf(owner.cookie, id)) === 'ready',
      {
        timeoutMs: 60_000,
      },
    );

    // Half a file fails; its owner's Retry queues it again, and the worker takes it at once.
    const whole = await testClip({ seconds: 4, width: 320, height: 240 });
    const cut = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        title: 'Cut in half',
        videoFile: {
          filename: 'half.mp4',
          contentType: 'video/mp4',
          data: whole.subarray(0, whole.length / 2),
        },
      }),
    );
    const cutId = (cut.json().data as Video)._id;
    const failed = () => statusOf(owner.cookie, cutId).then((s) => s === 'failed');
    await until('the cut upload to fail', failed, { timeoutMs: 60_000 });
    const retried = await t.server.inject({
      method: 'POST',
      url: `/api/v1/videos/${cutId}/processing/retry`,
      headers: { cookie: owner.cookie },
    });
    expect(retried.json().data).toMatchObject({ status: 'processing' });
    await until('the retry to run (and fail again)', failed, { timeoutMs: 60_000 });
    const job = await t.database.db
      .selectFrom('processing_jobs')
      .select(['state', 'attempts'])
      .where('video_id', '=', cutId)
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
  }, 180_000);
});

describe('under the supervisor (`npm start`)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  let server: ChildProcess;
  let port: number;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-wake-'));
    database = await freshDatabase(dataDir);
    await migrateToLatest(database.handle.db);
    port = await freePort();
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: serverEnv(
        { port, dataDir, databaseUrl: database.databaseUrl },
        {
          // Two server processes: each tells the supervisor, which tells the worker.
          SERVER_PROCESSES: '2',
          EMBEDDED_WORKER: 'true',
          JOB_POLL_MS: String(TEN_MINUTES),
        },
      ),
    });
    collectJsonLines(server.stdout!, lines);
    await until(
      'the server and its worker to be ready',
      async () =>
        lines.some((l) => String(l.msg).startsWith('processing worker ')) &&
        (await request(port, { path: '/api/v1/health/ready' }).then(
          (r) => r.status === 200,
          () => false,
        )),
      { timeoutMs: 90_000, everyMs: 200, alive: [server] },
    );
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      for (const pid of childPids(server.pid!)) process.kill(pid, 'SIGKILL');
      server.kill('SIGKILL');
    }
    await database?.handle.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('has every server process’s uploads started at once by the worker', async () => {
    const cookie = await signInOn(port, 'relayed');
    // The supervisor hands new connections to its two server processes in turn, so these
    // uploads reach both.
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      ids.push(await publishOn(port, cookie, await clipFields(`Relayed ${i}`)));
    }
    for (const id of ids) {
      await until(
        `visitors to see ${id}`,
        async () => (await request(port, { path: `/api/v1/videos/vid-id/${id}` })).status === 200,
        { timeoutMs: 60_000, everyMs: 100, alive: [server] },
      );
    }
  }, 300_000);
});

describe('a worker on its own (`npm run worker`), beside a server without one', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  let server: ChildProcess;
  let worker: ChildProcess;
  let port: number;
  const workerLines: Record<string, unknown>[] = [];
  // On PostgreSQL the worker hears every server's jobs (LISTEN/NOTIFY), so it may poll once in
  // ten minutes; on SQLite it finds them by polling, here every second.
  const pollMs = () => (database.databaseUrl ? TEN_MINUTES : 1000);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-notify-'));
    database = await freshDatabase(dataDir);
    await migrateToLatest(database.handle.db);
    port = await freePort();
    const env = serverEnv(
      { port, dataDir, databaseUrl: database.databaseUrl },
      {
        SERVER_PROCESSES: '1',
        EMBEDDED_WORKER: 'false',
        JOB_POLL_MS: String(pollMs()),
      },
    );
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
    });
    worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/processor.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    // Its JSON lines: information on stdout, warnings on stderr.
    collectJsonLines(worker.stdout!, workerLines);
    collectJsonLines(worker.stderr!, workerLines);
    await until(
      'the server and the worker to be ready',
      async () =>
        workerLines.some((l) => String(l.msg).startsWith('processing worker ')) &&
        (await request(port, { path: '/api/v1/health/ready' }).then(
          (r) => r.status === 200,
          () => false,
        )),
      { timeoutMs: 90_000, everyMs: 200, alive: [server, worker] },
    );
  }, 120_000);

  afterAll(async () => {
    for (const p of [server, worker]) if (p && p.exitCode === null) p.kill('SIGKILL');
    await database?.handle.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function uploadAndSee(cookie: string, title: string): Promise<void> {
    const id = await publishOn(port, cookie, await clipFields(title));
    await until(
      `visitors to see ${id}`,
      async () => (await request(port, { path: `/api/v1/videos/vid-id/${id}` })).status === 200,
      { timeoutMs: 60_000, everyMs: 100, alive: [server, worker] },
    );
  }

  it('starts the server’s uploads at once, and again after its listening connection is cut', async () => {
    const cookie = await signInOn(port, 'elsewhere');
    await uploadAndSee(cookie, 'Heard from afar');
    if (!database.databaseUrl) return;

    // An administrator (or a failover) ends the listening connection: the worker listens again.
    const listeners = async () =>
      (
        await sql<{ pid: number }>`
          select pid from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and query like 'listen%'`.execute(
          database.handle.db,
        )
      ).rows.map((r) => r.pid);
    const [first] = await listeners();
    expect(first).toBeDefined();
    await sql`select pg_terminate_backend(${first})`.execute(database.handle.db);
    await until(
      'the worker to listen again, on a new connection',
      async () => {
        const now = await listeners();
        return now.length === 1 && now[0] !== first;
      },
      { timeoutMs: 30_000, alive: [server, worker] },
    );
    expect(workerLines.some((l) => String(l.msg).includes('job notifications lost'))).toBe(true);
    await uploadAndSee(cookie, 'Heard again');
  }, 300_000);
});
