import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUT_OF_SPACE } from '../src/lib/storage-errors.js';
import { LocalBlobStore } from '../src/storage/local-blob-store.js';
import { TempFiles } from '../src/storage/temp-files.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { multipart, pngImage, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { publishVideo, uploadFields } from './helpers/media.js';
import { keepAliveExchange } from './helpers/raw-http.js';

/**
 * A write that fails the way a full disk fails: on Linux a real write to /dev/full (the kernel
 * answers ENOSPC); elsewhere the same errno error, built as the kernel's would be.
 */
async function writeToFullDisk(data: Buffer): Promise<never> {
  if (fs.existsSync('/dev/full')) await fsp.writeFile('/dev/full', data);
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
    syscall: 'write',
  });
}

class FullDiskStore extends LocalBlobStore {
  full = false;
  override async putFile(key: string, sourcePath: string): Promise<void> {
    if (this.full) await writeToFullDisk(await fsp.readFile(sourcePath));
    return super.putFile(key, sourcePath);
  }
  override async putBuffer(key: string, data: Buffer): Promise<void> {
    if (this.full) await writeToFullDisk(data);
    return super.putBuffer(key, data);
  }
}

/** Temp files whose directory is on a full disk: every upload write fails with ENOSPC. */
class FullTempFiles extends TempFiles {
  full = false;
  override createWriteStream(filePath: string): Writable {
    if (!this.full) return super.createWriteStream(filePath);
    // The file is created (as on a real disk that filled up mid-upload), its writes fail.
    fs.writeFileSync(filePath, '');
    return fs.existsSync('/dev/full')
      ? fs.createWriteStream('/dev/full', { flags: 'a' })
      : new Writable({
          write: (_chunk, _enc, done) =>
            done(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'EDQUOT' })),
        });
  }
}

let t: TestApp;
let store: FullDiskStore;
let temp: FullTempFiles;
let port: number;
let owner: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {},
    {
      blobs: (dir) => (store = new FullDiskStore(dir)),
      temp: (dir) => (temp = new FullTempFiles(dir)),
    },
  );
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  port = (t.server.server.address() as AddressInfo).port;
  owner = await signedInUser(t.server, 'full');
});
afterAll(async () => {
  await t.close();
});

const tempDir = () => path.join(t.dataDir, 'tmp');
const videoCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A publish request as raw HTTP/1.1 bytes, for a keep-alive connection. */
async function rawPublish(): Promise<Buffer> {
  const body = multipart(await uploadFields());
  const head =
    `POST /api/v1/videos/publishavideo HTTP/1.1\r\nHost: localhost\r\n` +
    `Content-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n` +
    `Cookie: ${owner.cookie}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), body.payload]);
}
const rawList = Buffer.from(
  'GET /api/v1/videos/getallvideos HTTP/1.1\r\nHost: localhost\r\n\r\n',
  'latin1',
);

describe('a full disk answers 507, cleans up, and keeps the connection usable', () => {
  it('when storing the upload fails', async () => {
    const mediaBefore = await listFiles(t.mediaDir);
    const videosBefore = await videoCount();
    store.full = true;
    try {
      const [upload, list] = await keepAliveExchange(port, [await rawPublish(), rawList]);
      expect(upload!.status).toBe(507);
      expect(JSON.parse(upload!.body.toString()).message).toBe(OUT_OF_SPACE);
      expect(list!.status).toBe(200);

      const form = multipart({ ...uniqueUser('nospace'), avatar: await pngImage() });
      const reg = await t.server.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        ...form,
      });
      expect(reg.statusCode).toBe(507);
    } finally {
      store.full = false;
    }
    expect(await videoCount()).toBe(videosBefore);
    expect(await listFiles(t.mediaDir)).toEqual(mediaBefore);
    expect(await listFiles(tempDir())).toEqual([]);
  });

  it('when replacing a thumbnail fails', async () => {
    const v = await publishVideo(t, owner.cookie);
    const mediaBefore = await listFiles(t.mediaDir);
    store.full = true;
    try {
      const body = multipart({ thumbnail: await pngImage(50, 50) });
      const res = await t.server.inject({
        method: 'PATCH',
        url: `/api/v1/videos/${v._id}`,
        payload: body.payload,
        headers: { ...body.headers, cookie: owner.cookie },
      });
      expect(res.statusCode).toBe(507);
    } finally {
      store.full = false;
    }
    expect(await listFiles(t.mediaDir)).toEqual(mediaBefore);
    expect(await listFiles(tempDir())).toEqual([]);
    expect((await t.server.inject({ method: 'GET', url: v.thumbnail })).statusCode).toBe(200);
  });

  it('when writing the upload to the temp folder fails', async () => {
    const videosBefore = await videoCount();
    temp.full = true;
    try {
      const [upload, list] = await keepAliveExchange(port, [await rawPublish(), rawList]);
      expect(upload!.status).toBe(507);
      expect(JSON.parse(upload!.body.toString()).message).toBe(OUT_OF_SPACE);
      expect(list!.status).toBe(200);
    } finally {
      temp.full = false;
    }
    expect(await videoCount()).toBe(videosBefore);
    expect(await listFiles(tempDir())).toEqual([]);
    // And once there is space again, uploads work.
    await publishVideo(t, owner.cookie);
  });
});
