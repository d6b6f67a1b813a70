import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@contract';
import { loadConfig } from '../src/config.js';
import { signedInUser } from './helpers/fixtures.js';
import { publish, uploadFields } from './helpers/media.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { openUploadStorage } from '../src/uploads/upload-storage.js';

/**
 * Operator limits on uploads, over tus creation and the multipart route: UPLOAD_MAX_BYTES,
 * USER_QUOTA_BYTES and USER_DAILY_QUOTA_BYTES (413 naming the limit, nothing stored), a disk
 * without room (507 before any byte), the Origin check, and GET /users/me/storage.
 */
const MIB = 1024 * 1024;
let t: TestApp;
/** What the disk says is free; the test lowers it to see the 507. */
let free: number | undefined;

function create(cookie: string | undefined, size: number, extra: Record<string, string> = {}) {
  return t.server.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from('holiday.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`,
      ...(cookie ? { cookie } : {}),
      ...extra,
    },
  });
}

beforeAll(async () => {
  const config = loadConfig({});
  t = await createTestApp(
    {
      uploads: {
        ...config.uploads,
        maxBytes: 40 * MIB,
        quotaBytes: 100 * MIB,
        dailyQuotaBytes: 70 * MIB,
      },
    },
    {},
    {
      // The real upload storage, with a free-space figure the test may lower.
      uploadStorage: async (c, blobs) => {
        const real = await openUploadStorage(c, blobs);
        return { ...real, freeBytes: async () => free ?? real.freeBytes() };
      },
    },
  );
});
afterAll(async () => {
  await t.close();
});

describe('upload limits', () => {
  it('refuses a file over UPLOAD_MAX_BYTES at creation with the limit in its message', async () => {
    const owner = await signedInUser(t.server, 'big');
    const res = await create(owner.cookie, 40 * MIB + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Video size exceeds 40MB. Please upload a smaller file.',
    });
    expect(await listFiles(path.join(t.dataDir, 'uploads'))).toEqual([]);
    const ok = await create(owner.cookie, 40 * MIB);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.headers.location).toMatch(/^\/api\/v1\/uploads\/[0-9a-f]{32}$/);
  });

  it('counts open uploads against the quotas, and says which one an upload would pass', async () => {
    const owner = await signedInUser(t.server, 'quota');
    for (let i = 0; i < 2; i += 1)
      expect((await create(owner.cookie, 30 * MIB)).statusCode).toBe(201);
    // 60 MB reserved: 20 MB more would pass the daily 70 MB.
    const daily = await create(owner.cookie, 20 * MIB);
    expect(daily.statusCode).toBe(413);
    expect(daily.json().message).toBe(
      'This upload would pass your daily upload quota of 70MB (60MB in the last 24 hours).',
    );
    const storage = await t.server.inject({
      method: 'GET',
      url: '/api/v1/users/me/storage',
      headers: { cookie: owner.cookie },
    });
    expect(storage.statusCode).toBe(200);
    expect(storage.json().data).toEqual({
      usedBytes: 60 * MIB,
      quotaBytes: 100 * MIB,
      dailyUsedBytes: 60 * MIB,
      dailyQuotaBytes: 70 * MIB,
      maxUploadBytes: 40 * MIB,
      maxUploadMessage: 'Video size exceeds 40MB. Please upload a smaller file.',
    });
  });

  it('refuses twenty uploads at once past the quota: each checked against the others', async () => {
    const owner = await signedInUser(t.server, 'burst');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create(owner.cookie, 9 * MIB)),
    );
    const created = answers.filter((a) => a.statusCode === 201).length;
    // 7 × 9 MB fit in the daily 70 MB; the others are refused.
    expect(created).toBe(7);
    expect(answers.filter((a) => a.statusCode === 413)).toHaveLength(13);
  });

  it('counts stored videos: a multipart upload past the quota is refused and stores nothing', async () => {
    const owner = await signedInUser(t.server, 'mp');
    // The daily quota used up by open uploads.
    for (let i = 0; i < 2; i += 1)
      expect((await create(owner.cookie, 35 * MIB)).statusCode).toBe(201);
    const res = await publish(t.server, owner.cookie, await uploadFields());
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/quota of 70MB/);
    const videos = await t.database.db
      .selectFrom('videos')
      .select('id')
      .where('owner_id', '=', owner.user._id)
      .execute();
    expect(videos).toEqual([]);
    expect((await listFiles(t.mediaDir)).filter((f) => f.startsWith('videos/'))).toEqual([]);
  });

  it('answers a visitor 401 and a foreign Origin 403, storing nothing', async () => {
    expect((await create(undefined, MIB)).statusCode).toBe(401);
    const owner = await signedInUser(t.server, 'origin');
    const foreign = await create(owner.cookie, MIB, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Cross-origin request refused.');
  });

  it('refuses a deferred length and metadata without a file name', async () => {
    const owner = await signedInUser(t.server, 'defer');
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { 'tus-resumable': '1.0.0', 'upload-defer-length': '1', cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Upload-Length is required/);
    const nameless = await create(owner.cookie, MIB, {
      'upload-metadata': 'filetype dmlkZW8vbXA0',
    });
    expect(nameless.statusCode).toBe(400);
  });

  it('keeps the product description’s 25 MB message for the default limit', () => {
    expect(loadConfig({}).uploads.maxBytes).toBe(25 * MIB);
    expect(MESSAGES.videoTooLarge).toBe('Video size exceeds 25MB. Please upload a smaller file.');
  });
});

describe('a disk without room', () => {
  it('answers 507 before accepting any byte', async () => {
    free = 10 * MIB;
    const owner = await signedInUser(t.server, 'full');
    const res = await create(owner.cookie, 5 * MIB);
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toMatch(/no room/);
    free = undefined;
  });
});

describe('an upload as JSON', () => {
  it('answers its owner its size, offset and expiry, and anyone else 404', async () => {
    const owner = await signedInUser(t.server, 'state');
    const created = await create(owner.cookie, 2 * MIB);
    const url = created.headers.location as string;
    const res = await t.server.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uploadId: url.split('/').pop(),
      filename: 'holiday.mp4',
      size: 2 * MIB,
      offset: 0,
    });
    const other = await signedInUser(t.server, 'nosy');
    const nosy = await t.server.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
    expect(nosy.statusCode).toBe(404);
  });
});

describe('the tus protocol', () => {
  it('answers OPTIONS with the version, the extensions spoken and UPLOAD_MAX_BYTES', async () => {
    const res = await t.server.inject({ method: 'OPTIONS', url: '/api/v1/uploads' });
    expect(res.statusCode).toBe(204);
    expect(res.headers).toMatchObject({
      'tus-resumable': '1.0.0',
      'tus-version': '1.0.0',
      'tus-extension': 'creation,creation-with-upload,termination,expiration',
      'tus-max-size': String(40 * MIB),
    });
    expect(res.body).toBe('');
  });

  it('checks the protocol version before anything else on every tus request', async () => {
    const owner = await signedInUser(t.server, 'version');
    const created = await create(owner.cookie, 10);
    const url = created.headers.location as string;
    for (const [method, target] of [
      ['POST', '/api/v1/uploads'],
      ['HEAD', url],
      ['PATCH', url],
      ['DELETE', url],
    ] as const) {
      for (const [version, status, message] of [
        [undefined, 412, 'Tus-Resumable Required'],
        ['0.2.2', 400, 'Invalid tus-resumable'],
      ] as const) {
        const res = await t.server.inject({
          method,
          url: target,
          headers: {
            cookie: owner.cookie,
            'content-type': 'application/offset+octet-stream',
            'upload-offset': '0',
            ...(version ? { 'tus-resumable': version } : {}),
          },
          payload: method === 'PATCH' ? Buffer.from('hello') : undefined,
        });
        expect(res.statusCode, `${method} ${version}`).toBe(status);
        expect(res.headers['tus-resumable']).toBe('1.0.0');
        if (method !== 'HEAD') expect(res.json().message).toBe(message);
      }
    }
    // Nothing was written or cancelled by the refused requests.
    const head = await t.server.inject({
      method: 'HEAD',
      url,
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
  });

  it('means what it says: a creation without its length is refused, one with bytes is taken', async () => {
    const owner = await signedInUser(t.server, 'discover');
    const deferred = await t.server.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0', 'upload-defer-length': '1' },
    });
    expect(deferred.statusCode).toBe(400);
    const withBytes = await t.server.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        cookie: owner.cookie,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${Buffer.from('a.mp4').toString('base64')}`,
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from('hello'),
    });
    expect(withBytes.statusCode).toBe(201);
    expect(withBytes.headers['upload-offset']).toBe('5');
  });
});

describe('cross-origin reads of uploads', () => {
  it('follow CORS_ORIGINS, not tus’s default of any origin', async () => {
    const owner = await signedInUser(t.server, 'cors');
    const created = await create(owner.cookie, MIB);
    expect(created.headers['access-control-allow-origin']).toBeUndefined();
    const head = await t.server.inject({
      method: 'HEAD',
      url: created.headers.location as string,
      headers: { cookie: owner.cookie, 'tus-resumable': '1.0.0', origin: 'https://evil.example' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['access-control-allow-origin']).toBeUndefined();
  });
});
