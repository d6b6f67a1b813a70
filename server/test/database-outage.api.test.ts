import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { loadConfig } from '../src/config.js';
import { multipart, pngImage, uniqueUser } from './helpers/fixtures.js';
import { uploadFields } from './helpers/media.js';
import { startOwnPostgres, type OwnPostgres } from './helpers/own-postgres.js';
import { childPids, freePort, json, request, serverEnv, until } from './helpers/processes.js';

/**
 * The database goes away for 5 s under load, with the real supervisor and two server processes
 * serving: readers and writers (comments) keep sending. Meanwhile every request that needed the
 * database is answered 503 with Retry-After, never 500; no process ends; within 10 s of the
 * database's return everything is served again; and every comment that was acknowledged (201)
 * is in the database afterwards.
 *
 * On PostgreSQL (the suite's PostgreSQL run) the database is a server of the test's own, stopped
 * with `pg_ctl stop -m fast` (sessions ended, new connections refused) and started again on the
 * same port. On SQLite the outage is another connection holding the write lock for 5 s: reads
 * go on, writes wait their `DATABASE_TIMEOUT_MS` and are answered 503.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
const OUTAGE_MS = 5_000;
const RECOVERY_BOUND_MS = 10_000;

let own: OwnPostgres | undefined;
let supervisor: ChildProcess;
let port: number;
let dataDir: string;
let stderr = '';
let cookie: string;
let videoId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-outage-'));
  if (ON_POSTGRES) own = await startOwnPostgres();
  port = await freePort();
  supervisor = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: serverEnv(
      { port, dataDir, databaseUrl: own?.url },
      {
        SERVER_PROCESSES: '2',
        EMBEDDED_WORKER: 'false',
        LOG_LEVEL: 'error',
        DATABASE_TIMEOUT_MS: '1000',
        // The load writes comments from one account far faster than a person: no anti-spam limit.
        COMMENT_RATE_LIMIT: '0',
      },
    ),
  });
  supervisor.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  await until(
    'both server processes ready',
    async () =>
      childPids(supervisor.pid!).length === 2 &&
      request(port, { path: '/api/v1/health/ready' }).then(
        (r) => r.status === 200,
        () => false,
      ),
    { timeoutMs: 80_000, alive: [supervisor] },
  );
  const fields = uniqueUser('outage');
  const reg = multipart({ ...fields, avatar: await pngImage() });
  expect(
    (
      await request(port, {
        method: 'POST',
        path: '/api/v1/users/register',
        headers: reg.headers,
        body: reg.payload,
      })
    ).status,
  ).toBe(201);
  const login = await request(port, {
    method: 'POST',
    path: '/api/v1/users/login',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ username: fields.username, password: fields.password })),
  });
  cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
  const upload = multipart(await uploadFields());
  const published = await request(port, {
    method: 'POST',
    path: '/api/v1/videos/publishavideo',
    headers: { ...upload.headers, cookie },
    body: upload.payload,
  });
  expect(published.status).toBe(201);
  videoId = json(published).data._id;
}, 120_000);

afterAll(async () => {
  if (supervisor && supervisor.exitCode === null) {
    const exited = new Promise((resolve) => supervisor.once('exit', resolve));
    supervisor.kill('SIGTERM');
    await exited;
  }
  own?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  at: number;
  kind: string;
  status: number | 'no answer';
  retryAfter?: string;
}

/** Loops of readers and comment writers until `running()` turns false. */
function load(loops: number, running: () => boolean) {
  const outcomes: Outcome[] = [];
  const acknowledged: string[] = [];
  const kinds = ['read-session', 'read-feed', 'read-comments', 'write-comment'] as const;
  const one = async (loop: number, i: number) => {
    const kind = kinds[(loop + i) % kinds.length]!;
    const at = Date.now();
    const opts: Parameters<typeof request>[1] =
      kind === 'read-session'
        ? { path: '/api/v1/users/check-session', headers: { cookie } }
        : kind === 'read-feed'
          ? { path: '/api/v1/videos/getallvideos' }
          : kind === 'read-comments'
            ? { path: `/api/v1/comments/getvideocomments/u/${videoId}`, headers: { cookie } }
            : {
                method: 'POST',
                path: `/api/v1/comments/createcomments/u/${videoId}`,
                headers: { cookie, 'content-type': 'application/json' },
                body: Buffer.from(JSON.stringify({ content: `load comment ${loop}-${i}` })),
              };
    try {
      // No request may hang: the outage must be answered, not waited out.
      const answer = await request(port, { ...opts, timeoutMs: 8_000 });
      outcomes.push({
        at,
        kind,
        status: answer.status,
        retryAfter: answer.headers['retry-after'] as string | undefined,
      });
      if (kind === 'write-comment' && answer.status === 201) {
        acknowledged.push(json(answer).data._id as string);
      }
    } catch {
      outcomes.push({ at, kind, status: 'no answer' });
    }
  };
  const done = Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let i = 0; running(); i += 1) await one(loop, i);
    }),
  );
  return { outcomes, acknowledged, done };
}

/** Takes the database away; the returned function brings it back. */
function takeDatabaseAway(): () => void {
  if (own) {
    own.stop();
    return () => own!.start();
  }
  const holder = new SQLite(loadConfig({ DATA_DIR: dataDir }).sqlitePath);
  holder.exec('begin exclusive');
  return () => {
    holder.exec('rollback');
    holder.close();
  };
}

/** The two server processes, the leader first. */
async function leaderAndFollower(): Promise<[number, number]> {
  const pids = childPids(supervisor.pid!);
  const role = (pid: number) =>
    fs
      .readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .find((e) => e.startsWith('VIDSHARE_PROCESS_ROLE='));
  const leader = pids.find((pid) => role(pid)?.endsWith('=leader'))!;
  const follower = pids.find((pid) => pid !== leader)!;
  return [leader, follower];
}

async function commentIdsInDatabase(): Promise<Set<string>> {
  const handle = openDatabase({
    databaseUrl: own?.url,
    sqlitePath: loadConfig({ DATA_DIR: dataDir }).sqlitePath,
  });
  try {
    const rows = await handle.db
      .selectFrom('comments')
      .select('id')
      .where('video_id', '=', videoId)
      .execute();
    return new Set(rows.map((r) => r.id));
  } finally {
    await handle.close();
  }
}

describe(`the database gone for ${OUTAGE_MS / 1000} s under load`, () => {
  it('is answered 503, ends no process, serves fully soon after, and loses no acknowledged write', async () => {
    const processesBefore = childPids(supervisor.pid!).sort();
    let running = true;
    const traffic = load(6, () => running);
    await until('some healthy traffic', () => traffic.acknowledged.length >= 5);

    const outageStarted = Date.now();
    const bringBack = takeDatabaseAway();
    // PostgreSQL gone: readiness says so. (SQLite's reads go on under another's write lock.)
    const readinessDuring = own
      ? await until(
          'readiness to say the database is gone',
          async () => {
            const ready = await request(port, { path: '/api/v1/health/ready', timeoutMs: 8_000 });
            return ready.status === 503 ? ready : undefined;
          },
          { timeoutMs: OUTAGE_MS },
        )
      : undefined;
    await new Promise((resolve) => setTimeout(resolve, outageStarted + OUTAGE_MS - Date.now()));
    bringBack();
    const back = Date.now();

    // Full service: a stretch of 3 s in which every request succeeded, starting within 10 s.
    await until(
      'every request served again for 3 s',
      () => {
        const recent = traffic.outcomes.filter((o) => o.at >= Date.now() - 3_000);
        return (
          Date.now() - back > 3_000 &&
          recent.length > 0 &&
          recent.every((o) => o.status === 200 || o.status === 201)
        );
      },
      { timeoutMs: RECOVERY_BOUND_MS + 5_000, everyMs: 200 },
    );
    running = false;
    await traffic.done;

    const { outcomes } = traffic;
    // The database was needed and missing: 503 with Retry-After, and nothing else went wrong.
    expect(outcomes.filter((o) => o.status === 'no answer')).toEqual([]);
    expect(
      outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500 && o.status !== 503),
    ).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const o of unavailable) expect(o.retryAfter, o.kind).toMatch(/^\d+$/);
    expect(
      outcomes.filter((o) => o.status !== 200 && o.status !== 201 && o.status !== 503),
    ).toEqual([]);
    if (readinessDuring) {
      expect(json(readinessDuring).errors.map((e: { field: string }) => e.field)).toContain(
        'database',
      );
    }

    // Fully served within 10 s of the return: nothing failed after that.
    const failedAfter = outcomes.filter(
      (o) => o.at >= back + RECOVERY_BOUND_MS && o.status !== 200 && o.status !== 201,
    );
    expect(failedAfter).toEqual([]);
    const lastFailure = Math.max(...outcomes.filter((o) => o.status === 503).map((o) => o.at));
    expect(lastFailure - back).toBeLessThan(RECOVERY_BOUND_MS);

    // Every process that served before serves after: none ended, none was started again.
    expect(supervisor.exitCode).toBeNull();
    expect(childPids(supervisor.pid!).sort()).toEqual(processesBefore);
    expect(stderr).not.toMatch(/ended \(/);
    expect((await request(port, { path: '/api/v1/health/ready' })).status).toBe(200);

    // No acknowledged write lost.
    const stored = await commentIdsInDatabase();
    const lost = traffic.acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    expect(traffic.acknowledged.length).toBeGreaterThan(10);
  }, 90_000);

  it('rides out a quick restart, and a process started again meanwhile waits for it', async () => {
    // A restart of a fraction of a second used to end every server process.
    const quick = takeDatabaseAway();
    quick();
    const [leader, follower] = await leaderAndFollower();
    // Gone again, and a process ends meanwhile: the one started in its place listens at once,
    // answers 503 while the database is away, and waits for it for as long as it takes.
    const bringBack = takeDatabaseAway();
    process.kill(follower, 'SIGKILL');
    const replacement = await until(
      'the follower started again',
      () => childPids(supervisor.pid!).find((pid) => pid !== leader && pid !== follower),
      { timeoutMs: 30_000, alive: [supervisor] },
    );
    if (own) {
      await until(
        'the new process waiting for the database',
        () => stderr.includes('waiting for the database'),
        { timeoutMs: 60_000 },
      );
      const during = await request(port, {
        method: 'POST',
        path: `/api/v1/comments/createcomments/u/${videoId}`,
        headers: { cookie, 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify({ content: 'written while the database is away' })),
        timeoutMs: 8_000,
      });
      expect(during.status).toBe(503);
      expect(during.headers['retry-after']).toBe('5');
      expect(json(during).message).toBe(
        'The database cannot be reached right now. Please try again in a moment.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    bringBack();
    // Both processes serve again: every fresh connection, whichever process takes it.
    await until(
      'both processes serving again',
      async () => {
        const answers = await Promise.all(
          Array.from({ length: 8 }, () =>
            request(port, { path: '/api/v1/health/ready', timeoutMs: 8_000 }),
          ),
        );
        return answers.every((a) => a.status === 200);
      },
      { timeoutMs: RECOVERY_BOUND_MS + 30_000 },
    );
    expect(childPids(supervisor.pid!).sort()).toEqual([leader, replacement].sort());
    expect(supervisor.exitCode).toBeNull();
    // Only the process killed on purpose ended.
    expect(stderr.match(/ended \(/g)).toHaveLength(1);
  }, 120_000);
});
