import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Video } from '@contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { openDatabase } from '../src/db/database.js';
import { SecretBox } from '../src/lib/secret-box.js';
import { SECRET_KEY_FILE } from '../src/lib/secret-key.js';
import { createFfprobe } from '../src/media/ffprobe.js';
import { buildWorker } from '../src/processing/build-worker.js';
import { LocalBlobStore } from '../src/storage/local-blob-store.js';
import { signedInUser } from './helpers/fixtures.js';
import { publish, publishVideo, uploadFields } from './helpers/media.js';
import { createTestApp, freshDatabase, type TestApp } from './helpers/test-app.js';
import { commandEnv } from './helpers/processes.js';

/**
 * `npm run backup` and `npm run restore` as processes, on the dialect this run uses: a backup
 * taken while uploads keep arriving restores into an empty place, where the account signs in
 * and the videos play, those processed before the backup and those still queued in it.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');

function cli(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/backup.ts', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: commandEnv(env),
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (output += d));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let before: Video;
let work: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'backup');
  before = await publishVideo(t, owner.cookie, { title: 'Processed before the backup' });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-backup-'));
}, 120_000);
afterAll(async () => {
  await t.close();
  await fs.rm(work, { recursive: true, force: true });
});

const bytesOf = async (server: FastifyInstance, url: string, cookie: string) => {
  const res = await server.inject({ method: 'GET', url, headers: { cookie } });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
};

describe('backup and restore', () => {
  it('backs up while uploads run; the restore signs in and plays', async () => {
    const backupDir = path.join(work, 'backup');
    const fields = await uploadFields({ title: 'Uploaded during the backup' });
    const uploads: string[] = [];
    let backingUp = true;
    const uploading = (async () => {
      while (backingUp || uploads.length === 0) {
        const res = await publish(t.server, owner.cookie, fields);
        expect(res.statusCode).toBe(201);
        uploads.push((res.json().data as Video)._id);
      }
    })();
    // A second factor's secret, sealed under DATA_DIR/secret.key: the key goes with the backup.
    const twoFactor = await signedInUser(t.server, 'backup2fa');
    const { secret } = (
      await t.server.inject({
        method: 'POST',
        url: '/api/v1/users/me/totp',
        headers: { cookie: twoFactor.cookie },
      })
    ).json().data as { secret: string };
    const backedUp = await cli(['backup', backupDir], t.processEnv);
    backingUp = false;
    await uploading;
    expect(backedUp.output).toMatch(/^Backed up the (SQLite|PostgreSQL) database/);
    expect(backedUp.code).toBe(0);
    const manifest = JSON.parse(
      await fs.readFile(path.join(backupDir, 'vidshare-backup.json'), 'utf8'),
    );
    expect(manifest).toMatchObject({
      format: 1,
      dialect: t.database.dialect,
      storage: 'local',
      migrations: expect.arrayContaining(['001-accounts', '021-video-processing']),
    });
    expect(manifest.media.files).toBeGreaterThan(0);
    const keyCopy = path.join(backupDir, SECRET_KEY_FILE);
    expect((await fs.stat(keyCopy)).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(keyCopy, 'utf8')).toBe(
      await fs.readFile(path.join(t.dataDir, SECRET_KEY_FILE), 'utf8'),
    );

    // Into an empty data directory (and, on PostgreSQL, an empty database).
    const restoredDir = path.join(work, 'restored');
    let restoredEnv: Record<string, string> = { DATA_DIR: restoredDir };
    let database: DatabaseHandle;
    let drop = async () => {};
    if (t.processEnv.DATABASE_URL) {
      const fresh = await freshDatabase(restoredDir);
      await fresh.handle.close();
      restoredEnv = { ...restoredEnv, DATABASE_URL: fresh.databaseUrl! };
      database = fresh.reopen();
      drop = fresh.drop;
    }
    const restored = await cli(['restore', backupDir], restoredEnv);
    expect(restored.output).toMatch(/^Restored the database from /);
    expect(restored.code).toBe(0);
    database ??= openDatabase({ sqlitePath: path.join(restoredDir, 'vidshare.sqlite') });

    // Never over data: a second restore into the same place is refused in one line.
    const again = await cli(['restore', backupDir], restoredEnv);
    expect(again.code).not.toBe(0);
    expect(again.output.trim().split('\n')).toHaveLength(1);
    expect(again.output).toMatch(/empty (DATA_DIR|database)/);

    // The restored key opens the restored secrets.
    const restoredKey = await fs.readFile(path.join(restoredDir, SECRET_KEY_FILE), 'utf8');
    const sealed = await database.db
      .selectFrom('users')
      .select('totp_pending_secret')
      .where('id', '=', twoFactor.user._id)
      .executeTakeFirstOrThrow();
    expect(sealed.totp_pending_secret).not.toContain(secret);
    expect(new SecretBox(restoredKey.trim()).open(sealed.totp_pending_secret!)).toBe(secret);

    const config = { ...loadConfig({ ...restoredEnv, WEB_DIST_DIR: '' }) };
    const blobs = new LocalBlobStore(path.join(restoredDir, 'media'));
    const { server } = await buildApp({ config, database, blobs });
    try {
      const login = await server.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { username: owner.username, password: owner.password },
      });
      expect(login.statusCode).toBe(200);
      const sid = login.cookies.find((c) => c.name === 'sid')!;
      const cookie = `sid=${sid.value}`;

      // The video processed before the backup plays, byte for byte as on the original site.
      const watched = await server.inject({
        method: 'GET',
        url: `/api/v1/videos/vid-id/${before._id}`,
        headers: { cookie },
      });
      const video = watched.json().data as Video;
      expect(video).toMatchObject({ playable: true, title: 'Processed before the backup' });
      for (const url of [video.videoFile, video.hlsUrl!, video.thumbnail]) {
        expect(await bytesOf(server, url, cookie)).toEqual(
          await bytesOf(t.server, url, owner.cookie),
        );
      }

      // Every upload the backed-up database holds has its files: none names a missing one.
      const restoredUploads: Video[] = [];
      for (const id of uploads) {
        const res = await server.inject({
          method: 'GET',
          url: `/api/v1/videos/vid-id/${id}`,
          headers: { cookie },
        });
        if (res.statusCode === 404) continue; // uploaded after the database was read
        expect(res.statusCode).toBe(200);
        const upload = res.json().data as Video;
        await bytesOf(server, upload.thumbnail, cookie);
        restoredUploads.push(upload);
      }
      expect(restoredUploads.length).toBeGreaterThan(0);

      // Their processing was queued in the backup: a worker on the restored site runs it.
      const worker = buildWorker({
        config,
        database,
        blobs,
        probe: createFfprobe(config.mediaTools.ffprobe.path),
        ffmpegPath: config.mediaTools.ffmpeg.path,
      });
      expect(await worker.runOnce()).toBe(true);
      const processed = await Promise.all(
        restoredUploads.map(async (u) => {
          const res = await server.inject({
            method: 'GET',
            url: `/api/v1/videos/vid-id/${u._id}`,
            headers: { cookie },
          });
          return res.json().data as Video;
        }),
      );
      const playing = processed.find((v) => v.playable);
      expect(playing).toBeDefined();
      expect((await bytesOf(server, playing!.videoFile, cookie)).length).toBeGreaterThan(1000);
    } finally {
      await server.close();
      await database.close();
      await drop();
    }
  }, 180_000);

  it('refuses a directory that is not empty, a backup of the other dialect, and another key', async () => {
    const full = path.join(work, 'full');
    await fs.mkdir(full);
    await fs.writeFile(path.join(full, 'something'), '');
    const refused = await cli(['backup', full], t.processEnv);
    expect(refused.code).not.toBe(0);
    expect(refused.output.trim()).toBe(
      `${full} is not empty: back up into a new or empty directory.`,
    );

    const other = path.join(work, 'other');
    await fs.mkdir(other);
    const otherDialect = t.database.dialect === 'sqlite' ? 'postgres' : 'sqlite';
    await fs.writeFile(
      path.join(other, 'vidshare-backup.json'),
      JSON.stringify({ format: 1, version: '0.1.0', dialect: otherDialect, migrations: [] }),
    );
    const mismatch = await cli(['restore', other], {
      DATA_DIR: path.join(work, 'empty'),
      ...(t.processEnv.DATABASE_URL ? { DATABASE_URL: t.processEnv.DATABASE_URL } : {}),
    });
    expect(mismatch.code).not.toBe(0);
    expect(mismatch.output.trim().split('\n')).toHaveLength(1);
    expect(mismatch.output).toMatch(
      /holds a (SQLite|PostgreSQL) database, and this server is configured for/,
    );

    // A data directory with a key of its own: the backup's secrets would not open there.
    const keyed = path.join(work, 'keyed');
    await fs.mkdir(keyed);
    await fs.writeFile(path.join(keyed, SECRET_KEY_FILE), 'a key of its own\n');
    const sameDialect = path.join(work, 'same');
    await fs.mkdir(sameDialect);
    await fs.writeFile(
      path.join(sameDialect, 'vidshare-backup.json'),
      JSON.stringify({ format: 1, version: '0.1.0', dialect: t.database.dialect, migrations: [] }),
    );
    await fs.writeFile(path.join(sameDialect, SECRET_KEY_FILE), 'the backup key\n');
    const otherKey = await cli(['restore', sameDialect], {
      DATA_DIR: keyed,
      ...(t.processEnv.DATABASE_URL ? { DATABASE_URL: t.processEnv.DATABASE_URL } : {}),
    });
    expect(otherKey.code).not.toBe(0);
    expect(otherKey.output.trim()).toBe(
      `${path.join(keyed, SECRET_KEY_FILE)} holds another key than the backup's: move it aside, then restore.`,
    );
    expect(await fs.readdir(keyed)).toEqual([SECRET_KEY_FILE]);
  }, 60_000);
});
