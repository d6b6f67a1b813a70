import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import { clipPart, thumbnailPart, type ClipSpec } from './helpers/media.js';
import { childPids, freePort, json, request, serverEnv, until } from './helpers/processes.js';
import { collectJsonLines, publishOn, signInOn } from './helpers/served.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * The product as `npm start` runs it (a server process and the embedded processing worker with
 * one general slot and the fast lane), under load from several users: a short H.264 upload
 * plays for visitors within 5 s of its upload answer while a 60 s 1080p ladder is encoding, a
 * short HEVC one within 30 s; two users' batches take turns; a 240 fps source is capped and
 * processed within its budget while another user's upload still becomes playable. What the
 * worker did is read from its JSON log lines.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

let database: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
let server: ChildProcess;
let port: number;
/** The worker's (and server's) JSON log lines, as they come. */
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-fair-'));
  database = await freshDatabase(dataDir);
  await migrateToLatest(database.handle.db);
  port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: serverEnv(
      { port, dataDir, databaseUrl: database.databaseUrl },
      {
        SERVER_PROCESSES: '1',
        EMBEDDED_WORKER: 'true',
        WORKER_CONCURRENCY: '1',
        UPLOAD_MAX_BYTES: String(200 * 1024 * 1024),
      },
    ),
  });
  collectJsonLines(server.stdout!, lines);
  await until(
    'the server to be ready',
    () =>
      request(port, { path: '/api/v1/health/ready' }).then(
        (r) => r.status === 200,
        () => false,
      ),
    { timeoutMs: 90_000, everyMs: 200, alive: [server] },
  );
  // The clips, made before any clock starts.
  await Promise.all([long(), clipPart(SHORT), clipPart(SHORT_HEVC), clipPart(HOSTILE)]);
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    for (const pid of childPids(server.pid!)) process.kill(pid, 'SIGKILL');
    server.kill('SIGKILL');
  }
  await database?.handle.close();
  await database?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const LONG: ClipSpec = { seconds: 60, width: 1920, height: 1080 };
const SHORT: ClipSpec = { seconds: 6, width: 640, height: 360, audio: true };
const SHORT_HEVC: ClipSpec = { seconds: 4, width: 640, height: 360, codec: 'libx265' };
const HOSTILE: ClipSpec = { seconds: 10, width: 1280, height: 720, rate: 240, black: true };
const long = () => clipPart(LONG);

const user = (prefix: string) => signInOn(port, prefix);

async function upload(
  cookie: string,
  spec: ClipSpec,
  title = 'A clip under load',
): Promise<string> {
  return publishOn(port, cookie, {
    title,
    description: 'Uploaded while others encode.',
    hashtag: '#queue',
    visibility: 'public',
    videoFile: await clipPart(spec),
    thumbnail: await thumbnailPart(),
  });
}

/** Seconds from now until a visitor (no session) can open the video. */
async function secondsUntilVisitorsSee(id: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  await until(
    `visitors to see ${id}`,
    async () => (await request(port, { path: `/api/v1/videos/vid-id/${id}` })).status === 200,
    { timeoutMs, everyMs: 100, alive: [server] },
  );
  return (Date.now() - started) / 1000;
}

const jobLines = (event: string, kind?: string) =>
  lines.filter((l) => l.msg === event && (kind === undefined || l.kind === kind));

describe('a queue that stays fair and fast', () => {
  it('plays a short upload within 5 s (HEVC within 30 s) while a 60 s 1080p ladder encodes', async () => {
    const owner = await user('longform');
    const longId = await upload(owner, LONG, 'A long 1080p encode');
    await until(
      'the long ladder to be encoding',
      () => jobLines('job started', 'video.ladder').some((l) => l.videoId === longId),
      { timeoutMs: 60_000, alive: [server] },
    );
    const other = await user('quick');
    const quick = await upload(other, SHORT);
    expect(await secondsUntilVisitorsSee(quick, 5_000)).toBeLessThanOrEqual(5);
    const hevc = await upload(other, SHORT_HEVC);
    expect(await secondsUntilVisitorsSee(hevc, 30_000)).toBeLessThanOrEqual(30);
    // The long encode was still running all that time.
    expect(jobLines('job done', 'video.ladder').some((l) => l.videoId === longId)).toBe(false);
    // Every run is logged as JSON with its video and duration.
    const done = jobLines('job done').find((l) => l.videoId === quick)!;
    expect(done).toMatchObject({ level: 30, kind: 'video.playable', outcome: 'done' });
    expect(typeof done.durationMs).toBe('number');
  }, 180_000);

  it('lets two users’ batches take turns', async () => {
    const first = await user('batcha');
    const second = await user('batchb');
    // Encodes (HEVC), so a queue builds up: A's four, then B's two a moment later.
    const mine = await Promise.all(
      [0, 1, 2, 3].map((i) => upload(first, SHORT_HEVC, `Batch A ${i}`)),
    );
    const theirs = await Promise.all([0, 1].map((i) => upload(second, SHORT_HEVC, `Batch B ${i}`)));
    const all = [...mine, ...theirs];
    await until(
      'every playable job to start',
      () =>
        all.every((id) => jobLines('job started', 'video.playable').some((l) => l.videoId === id)),
      { timeoutMs: 120_000, alive: [server] },
    );
    const order = jobLines('job started', 'video.playable')
      .map((l) => l.videoId as string)
      .filter((id) => all.includes(id));
    // A's own four may start in any order; what matters is where B's stand among them: B's
    // first starts before A's third, and B's last before A's last, though A sent all first.
    const positions = (ids: string[]) => ids.map((id) => order.indexOf(id)).sort((x, y) => x - y);
    const a = positions(mine);
    const b = positions(theirs);
    expect(b[0]).toBeLessThan(a[2]!);
    expect(b[1]).toBeLessThan(a[3]!);
  }, 180_000);

  it('caps a 240 fps source within its budget while another user’s upload still plays', async () => {
    // Once the earlier tests' encodes are done, so the slots are the hostile source's to take.
    await until(
      'the queue to be idle',
      async () => {
        const row = await database.handle.db
          .selectFrom('processing_jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow();
        return Number(row.n) === 0;
      },
      { timeoutMs: 240_000, everyMs: 500, alive: [server] },
    );
    const hostile = await user('hostile');
    const hostileId = await upload(hostile, HOSTILE, 'Two hundred and forty frames');
    await until(
      'the 240 fps source to be processing',
      () => jobLines('job started').some((l) => l.videoId === hostileId),
      { timeoutMs: 60_000, alive: [server] },
    );
    const victim = await user('victim');
    const victimId = await upload(victim, SHORT);
    // The expensive source makes itself playable in the general slot, not the fast lane.
    expect(await secondsUntilVisitorsSee(victimId, 10_000)).toBeLessThanOrEqual(10);

    // The hostile source ends ready (capped) or failed naming its budget or frame rate.
    const end = await until(
      'the 240 fps source to finish',
      () =>
        lines.find(
          (l) =>
            l.videoId === hostileId &&
            ((l.msg === 'job done' && l.kind === 'video.ladder') || l.msg === 'job failed'),
        ),
      { timeoutMs: 240_000, alive: [server] },
    );
    // Every run of it stayed within the budget its source was given.
    for (const run of lines.filter((l) => l.videoId === hostileId && l.msg === 'job done')) {
      const budget = jobLines('job budget').find((l) => l.jobId === run.jobId)!;
      expect(budget.budgetFor).toMatch(/240 fps/);
      expect(Number(run.durationMs)).toBeLessThanOrEqual(Number(budget.budgetMs));
    }
    if (end.msg === 'job failed') {
      expect(String(end.reason)).toMatch(/budget|frames per second/);
    } else {
      const res = json(await request(port, { path: `/api/v1/videos/vid-id/${hostileId}` }))
        .data as { hlsUrl: string };
      const master = (await request(port, { path: res.hlsUrl })).body;
      // At most 60 fps (30 for the lowest rungs), each with the level that rate needs: 720p60
      // is 3.2 (3.1 allows 720p30), 360p30 and 240p30 are 3.0.
      expect(master).toContain('RESOLUTION=1280x720,CODECS="avc1.640020"');
      expect(master).toContain('RESOLUTION=640x360,CODECS="avc1.64001e"');
    }
  }, 600_000);
});
