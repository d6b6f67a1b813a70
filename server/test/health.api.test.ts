import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { migrateTo } from '../src/db/migrate.js';
import type { Lifecycle } from '../src/services/health.service.js';
import { LocalBlobStore } from '../src/storage/local-blob-store.js';
import { createTestApp, freshDatabase, type TestApp } from './helpers/test-app.js';

let t: TestApp;
const lifecycle: Lifecycle = { shuttingDown: false };

beforeAll(async () => {
  t = await createTestApp({}, { lifecycle });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.server.inject({ method: 'GET', url });

describe('GET /api/v1/health/live', () => {
  it('answers 200 in JSON while the process runs, never cached', async () => {
    const res = await get('/api/v1/health/live');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ success: true, data: { status: 'live' } });
    expect(res.json().data.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});

describe('GET /api/v1/health/ready', () => {
  it('answers 200 when the database answers, storage is writable and migrations are current', async () => {
    const res = await get('/api/v1/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      statusCode: 200,
      success: true,
      message: 'Ready.',
      data: {
        status: 'ready',
        checks: { database: 'ok', storage: 'ok', migrations: 'ok', ffprobe: 'ok', ffmpeg: 'ok' },
      },
    });
    // The probe leaves nothing behind in the media directory.
    expect(await fs.readdir(t.mediaDir)).toEqual([]);
  });

  it('answers 503 naming storage when the media directory cannot be written', async () => {
    // The media directory replaced by a plain file: every write under it fails for real.
    await fs.rm(t.mediaDir, { recursive: true, force: true });
    await fs.writeFile(t.mediaDir, 'not a directory');
    try {
      const res = await get('/api/v1/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        statusCode: 503,
        success: false,
        message: 'Not ready: storage.',
        errors: [{ field: 'storage', message: expect.stringMatching(/EEXIST|ENOTDIR/) }],
      });
      // Liveness is unaffected: the process runs, it just should not get traffic.
      expect((await get('/api/v1/health/live')).statusCode).toBe(200);
    } finally {
      await fs.rm(t.mediaDir, { force: true });
      await fs.mkdir(t.mediaDir);
    }
    expect((await get('/api/v1/health/ready')).statusCode).toBe(200);
  });

  it('answers 503 while the process is shutting down', async () => {
    lifecycle.shuttingDown = true;
    try {
      const res = await get('/api/v1/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json().errors).toEqual([
        { field: 'shutdown', message: 'The server is shutting down.' },
      ]);
    } finally {
      lifecycle.shuttingDown = false;
    }
  });
});

describe('readiness and the media tools', () => {
  it('answers 503 naming ffmpeg while it cannot run, and 200 once it can', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-tools-'));
    const ffmpeg = path.join(dir, 'ffmpeg');
    await fs.writeFile(ffmpeg, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const base = loadConfig({ FFMPEG_PATH: ffmpeg, PATH: process.env.PATH });
    const broken = await createTestApp({ mediaTools: base.mediaTools });
    try {
      const res = await broken.server.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        message: 'Not ready: ffmpeg.',
        errors: [
          {
            field: 'ffmpeg',
            message: `ffmpeg (${ffmpeg}) cannot run: -version ended with exit code 1.`,
          },
        ],
      });
      // A failing tool is checked again on every probe: fixed, the server is ready at once.
      await fs.writeFile(ffmpeg, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
      const fixed = await broken.server.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(fixed.statusCode).toBe(200);
      expect(fixed.json().data.checks.ffmpeg).toBe('ok');
    } finally {
      await broken.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('readiness of a database behind this build', () => {
  it('answers 503 while migrations are pending, and 503 naming the database once it is closed', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-ready-'));
    const { handle, drop } = await freshDatabase(dataDir);
    try {
      await migrateTo(handle.db, '013-video-card-versions');
      const { server } = await buildApp({
        config: loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: '' }),
        database: handle,
        blobs: new LocalBlobStore(path.join(dataDir, 'media')),
      });
      const pending = await server.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json().errors).toEqual([
        {
          field: 'migrations',
          message: expect.stringContaining('014-channel-video-counts'),
        },
      ]);

      await handle.close();
      const closed = await server.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(closed.statusCode).toBe(503);
      expect(closed.json().errors.map((e: { field: string }) => e.field)).toContain('database');
      await server.close();
    } finally {
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('unknown API paths', () => {
  it('are JSON 404s in the error envelope, never the app shell', async () => {
    for (const url of ['/api/v1/no-such-thing', '/api/v2/health/live', '/api/']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ statusCode: 404, success: false, errors: [] });
    }
    const post = await t.server.inject({ method: 'POST', url: '/api/v1/health/ready' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ success: false });
  });
});
