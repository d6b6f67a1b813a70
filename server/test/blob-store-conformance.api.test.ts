import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../src/storage/blob-store.js';
import { LocalBlobStore } from '../src/storage/local-blob-store.js';
import { S3BlobStore } from '../src/storage/s3-blob-store.js';
import { startS3Server, type S3TestServer } from './helpers/s3-server.js';

/**
 * The BlobStore contract, the same cases against every implementation: local disk and a real
 * S3-protocol server (s3rver on loopback, started here). The S3 store lists in pages of 2 so
 * that listing a prefix must follow continuation tokens.
 */
let s3: S3TestServer;
let scratch: string;
const agent = new http.Agent({ keepAlive: true });
const stores: Record<string, BlobStore> = {};
let bucket: string;

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-blobs-'));
  s3 = await startS3Server();
  const options = await s3.bucket();
  bucket = options.bucket;
  stores.local = new LocalBlobStore(path.join(scratch, 'media'));
  stores.s3 = new S3BlobStore(options, { httpAgent: agent, listPageSize: 2 });
});
afterAll(async () => {
  (stores.s3 as S3BlobStore | undefined)?.close();
  await s3?.stop();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function tempFile(data: Buffer): Promise<string> {
  const file = path.join(scratch, `upload-${randomBytes(4).toString('hex')}`);
  await fs.writeFile(file, data);
  return file;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** A fresh prefix per case, so cases never see each other's keys. */
const fresh = () => `videos/${randomBytes(4).toString('hex')}/${randomBytes(8).toString('hex')}/`;

describe.each(['local', 's3'])('BlobStore contract: %s', (name) => {
  const store = () => stores[name]!;

  it('stores a buffer and answers its size, time and bytes, whole or by range', async () => {
    const key = `${fresh()}thumbnail-a.webp`;
    const data = Buffer.from('0123456789abcdef');
    const before = Date.now();
    await store().putBuffer(key, data);
    const stat = await store().stat(key);
    expect(stat?.size).toBe(16);
    // S3 keeps whole seconds.
    expect(stat!.modifiedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(await store().exists(key)).toBe(true);

    const whole = await store().open(key);
    expect(whole?.size).toBe(16);
    expect((await read(whole!.stream)).toString()).toBe('0123456789abcdef');
    const part = await store().open(key, { start: 3, end: 6 });
    expect(part?.size).toBe(16);
    expect((await read(part!.stream)).toString()).toBe('3456');
    const last = await store().open(key, { start: 15, end: 15 });
    expect((await read(last!.stream)).toString()).toBe('f');
  });

  it('answers a missing key as missing, never as an error', async () => {
    const key = `${fresh()}video.mp4`;
    expect(await store().stat(key)).toBeUndefined();
    expect(await store().exists(key)).toBe(false);
    expect(await store().open(key)).toBeUndefined();
    expect(await store().open(key, { start: 0, end: 3 })).toBeUndefined();
    await expect(store().delete(key)).resolves.toBeUndefined();
    const target = `${fresh()}video.mp4`;
    expect(await store().move(key, target)).toBe(false);
    expect(await store().exists(target)).toBe(false);
    expect(await store().list(fresh())).toEqual([]);
  });

  it('moves a finished file in (the source is gone), small or in several parts', async () => {
    const prefix = fresh();
    const small = Buffer.from('#EXTM3U\n');
    const smallFile = await tempFile(small);
    await store().putFile(`${prefix}hls/master.m3u8`, smallFile);
    expect(await exists(smallFile)).toBe(false);
    expect(
      (await read((await store().open(`${prefix}hls/master.m3u8`))!.stream)).equals(small),
    ).toBe(true);

    // Over the S3 store's part size: a multipart upload.
    const big = randomBytes(9 * 1024 * 1024 + 123);
    const bigFile = await tempFile(big);
    await store().putFile(`${prefix}video.mp4`, bigFile);
    expect(await exists(bigFile)).toBe(false);
    expect((await store().stat(`${prefix}video.mp4`))?.size).toBe(big.length);
    const tail = await store().open(`${prefix}video.mp4`, {
      start: big.length - 1000,
      end: big.length - 1,
    });
    expect((await read(tail!.stream)).equals(big.subarray(big.length - 1000))).toBe(true);
    const all = await store().open(`${prefix}video.mp4`);
    expect((await read(all!.stream)).equals(big)).toBe(true);
  });

  it('lists every key under a prefix, nested ones too, and nothing beside it', async () => {
    const prefix = fresh();
    const names = ['video.mp4', 'poster.jpg', 'hls/master.m3u8', 'hls/360p/index.m3u8'];
    for (let i = 0; i < 5; i += 1) names.push(`hls/360p/segment-${i}.ts`);
    for (const n of names) await store().putBuffer(`${prefix}${n}`, Buffer.from(n));
    // A sibling whose name starts like the prefix is not under it.
    const sibling = `${prefix.slice(0, -1)}0/video.mp4`;
    await store().putBuffer(sibling, Buffer.from('x'));
    const listed = await store().list(prefix);
    expect(listed.sort()).toEqual(names.map((n) => `${prefix}${n}`).sort());
    await expect(store().list(prefix.slice(0, -1))).rejects.toThrow(/Unsafe/);
  });

  it('moves a key, replacing what was there; the old key is gone', async () => {
    const from = `${fresh()}hls/360p/index.m3u8`;
    const to = `${fresh()}hls/360p/index.m3u8`;
    await store().putBuffer(from, Buffer.from('new'));
    await store().putBuffer(to, Buffer.from('old bytes'));
    expect(await store().move(from, to)).toBe(true);
    expect(await store().exists(from)).toBe(false);
    expect((await read((await store().open(to))!.stream)).toString()).toBe('new');
  });

  it('deletes a key, and deleting it again is fine', async () => {
    const key = `${fresh()}poster.jpg`;
    await store().putBuffer(key, Buffer.from('jpg'));
    await store().delete(key);
    await store().delete(key);
    expect(await store().stat(key)).toBeUndefined();
  });

  it('refuses keys that are not canonical', async () => {
    await expect(store().putBuffer('videos/../etc/passwd', Buffer.from('x'))).rejects.toThrow(
      /Unsafe/,
    );
    await expect(store().stat('/videos/a/b')).rejects.toThrow(/Unsafe/);
    await expect(store().open('videos//a')).rejects.toThrow(/Unsafe/);
  });

  it('probes that it can write, and leaves no probe behind', async () => {
    await expect(store().checkWritable()).resolves.toBeUndefined();
    if (name === 's3') {
      expect((await s3.keys(bucket)).filter((k) => k.startsWith('.'))).toEqual([]);
    } else {
      const names = await fs.readdir(path.join(scratch, 'media'));
      expect(names.filter((n) => n.startsWith('.'))).toEqual([]);
    }
  });
});

describe('the S3 store in particular', () => {
  const store = () => stores.s3 as S3BlobStore;

  it('stores each object with the Content-Type of its name', async () => {
    const prefix = fresh();
    const cases: Record<string, string> = {
      'video.mp4': 'video/mp4',
      'hls/master.m3u8': 'application/vnd.apple.mpegurl',
      'hls/360p/segment-0.ts': 'video/mp2t',
      'storyboard.vtt': 'text/vtt',
      'thumbnail-a.webp': 'image/webp',
    };
    for (const name of Object.keys(cases)) {
      const file = await tempFile(Buffer.from(name));
      await store().putFile(`${prefix}${name}`, file);
    }
    for (const [name, type] of Object.entries(cases)) {
      expect(await s3.contentType(bucket, `${prefix}${name}`), name).toMatch(
        new RegExp(`^${type.replace('.', '\\.')}`),
      );
    }
    // A move keeps it.
    await store().move(`${prefix}video.mp4`, `${prefix}moved.mp4`);
    expect(await s3.contentType(bucket, `${prefix}moved.mp4`)).toMatch(/^video\/mp4/);
  });

  it('frees the connection of a read that is abandoned half-way', async () => {
    const key = `${fresh()}video.mp4`;
    const file = await tempFile(randomBytes(6 * 1024 * 1024));
    await store().putFile(key, file);
    const opened = await store().open(key);
    const inUse = () => Object.values(agent.sockets).flat().length;
    expect(inUse()).toBe(1);
    // What the media route's reply does when the client goes away: destroy the stream.
    await new Promise<void>((resolve) => opened!.stream.once('data', () => resolve()));
    opened!.stream.destroy();
    await expect.poll(inUse).toBe(0);
  });

  it('throws what is not a missing key (here: a bucket that does not exist)', async () => {
    const lost = new S3BlobStore({ ...(await s3.bucket()), bucket: 'no-such-bucket' });
    try {
      await expect(lost.open('videos/a/b/video.mp4')).rejects.toThrow(/bucket/i);
      await expect(lost.checkWritable()).rejects.toThrow(/bucket/i);
      await expect(lost.list('videos/abc/')).rejects.toThrow(/bucket/i);
    } finally {
      lost.close();
    }
  });
});
