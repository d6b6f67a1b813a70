import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { processesWorkingIn } from '../src/processing/scratch.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { clipPart, publish, uploadFields, videoAsOwner } from './helpers/media.js';
import { argumentsOf, childPids, commandOf, serverEnv, until } from './helpers/processes.js';

/**
 * A real worker process (`server/src/processor.ts`, what `npm run worker` runs) killed with
 * SIGKILL in the middle of a job: nothing of it runs on, so only its lease can give the job
 * back. Runs on both dialects: the worker shares this file's database and data directory.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const LEASE_SECONDS = 2;

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
const started: ChildProcess[] = [];
const strays: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'killed');
});
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of strays) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Stopped by the sweep, as it should be.
    }
  }
  await t.close();
});

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/processor.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnv({}, { JOB_LEASE_SECONDS: String(LEASE_SECONDS), ...t.processEnv }),
  });
  started.push(child);
  return child;
}

// Generous: from source (tsx) on a machine busy with other suites, a worker starts slowly.
const patient = { timeoutMs: 200_000, everyMs: 50 };

const jobOf = (videoId: string) =>
  t.database.db
    .selectFrom('processing_jobs')
    .select(['state', 'lease_owner', 'attempts'])
    .where('video_id', '=', videoId)
    .executeTakeFirst();

describe('a worker process killed with kill -9', () => {
  it('gives its job to another worker once the lease runs out; the outputs come out whole', async () => {
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        videoFile: await clipPart({ seconds: 30, width: 426, height: 240, audio: true }),
      }),
    );
    expect(res.statusCode).toBe(201);
    const id = (res.json().data as Video)._id;

    const first = startWorker();
    // Mid-job: the remuxed copy already plays, and ffmpeg is encoding a rendition (seconds long).
    const killedOwner = await until(
      'the first worker mid-job',
      async () => {
        const job = await jobOf(id);
        const video = await videoAsOwner(t, owner.cookie, id);
        const encoding = childPids(first.pid!).some(
          (c) => commandOf(c) === 'ffmpeg' && argumentsOf(c).some((a) => a.endsWith('.m3u8')),
        );
        return job?.state === 'running' && video.playable && encoding && job.lease_owner;
      },
      patient,
    );
    expect(killedOwner).toContain(`:${first.pid}:`);
    first.kill('SIGKILL');
    await until('the kill', () => first.exitCode !== null || first.signalCode !== null, patient);
    // Its ffmpeg runs on, orphaned, writing into the dead worker's scratch.
    const firstScratch = path.join(t.dataDir, 'processing', `${os.hostname()}-${first.pid}`);
    const orphans = await processesWorkingIn(firstScratch);
    expect(orphans).not.toEqual([]);
    // Held where they are, so that only the sweep can end them: left alone, they finish soon.
    for (const pid of orphans) process.kill(pid, 'SIGSTOP');
    strays.push(...orphans);

    // Nobody renews the lease, and nothing finishes the job.
    expect(await jobOf(id)).toMatchObject({ state: 'running', lease_owner: killedOwner });
    expect((await videoAsOwner(t, owner.cookie, id)).status).toBe('processing');

    const second = startWorker();
    const done = await until(
      'the second worker to finish',
      async () => {
        const video = await videoAsOwner(t, owner.cookie, id);
        return video.status === 'ready' && video;
      },
      patient,
    );
    expect(await jobOf(id)).toBeUndefined();
    expect(done).toMatchObject({ playable: true, processingError: null });
    expect(done.duration).toBeGreaterThan(29);

    // From scratch, to the same keys: every playlist lists exactly the segments stored.
    const prefix = new URL(done.hlsUrl!, 'http://x').pathname
      .replace(/^\/media\//, '')
      .replace(/hls\/master\.m3u8$/, '');
    const stored = (await listFiles(path.join(t.mediaDir, prefix))).filter(
      (f) => !f.startsWith('original.') && !f.startsWith('thumbnail-'),
    );
    const master = fs.readFileSync(path.join(t.mediaDir, prefix, 'hls/master.m3u8'), 'utf8');
    const variants = master.split('\n').filter((l) => l.endsWith('.m3u8'));
    expect(variants).toEqual(['240p/index.m3u8']);
    const expected = [
      'hls/master.m3u8',
      'poster.jpg',
      'storyboard.jpg',
      'storyboard.vtt',
      'video.mp4',
    ];
    for (const v of variants) {
      const dir = `hls/${path.dirname(v)}`;
      const playlist = fs.readFileSync(path.join(t.mediaDir, prefix, dir, 'index.m3u8'), 'utf8');
      const segments = playlist.split('\n').filter((l) => l.endsWith('.ts'));
      expect(segments.length).toBeGreaterThanOrEqual(7);
      expected.push(`${dir}/index.m3u8`, ...segments.map((s) => `${dir}/${s}`));
    }
    expect(stored).toEqual(expected.sort());

    // The second worker removed the dead one's scratch when it started.
    const scratch = path.join(t.dataDir, 'processing');
    expect(fs.readdirSync(scratch)).not.toContain(`${os.hostname()}-${first.pid}`);
    // And stopped what still ran there first.
    expect(await processesWorkingIn(firstScratch)).toEqual([]);
    second.kill('SIGTERM');
  }, 450_000);
});
