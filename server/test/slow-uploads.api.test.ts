import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { multipart, signedInUser } from './helpers/fixtures.js';
import { uploadFields } from './helpers/media.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { paddedMp4 } from './helpers/tus.js';

/**
 * Upload bodies are bounded by a minimum rate, not the whole-request timeout: a body that
 * stalls or trickles below the floor is cut with our JSON envelope (the multipart route's temp
 * files removed, a tus PATCH keeping what arrived), while a slow but steady one completes long
 * after REQUEST_TIMEOUT_SECONDS. The floor here is 8 KiB/s over 5 s (30 s in production).
 */
const WINDOW = 5;
let t: TestApp;
let port: number;
let cookie: string;

beforeAll(async () => {
  const base = loadConfig({});
  t = await createTestApp({
    requestTimeoutSeconds: 2,
    uploads: { ...base.uploads, minBytesPerSecond: 8192, rateWindowSeconds: WINDOW },
  });
  cookie = (await signedInUser(t.server, 'slowlink')).cookie;
  const address = await t.server.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await t.close();
});

interface Sent {
  status: number;
  text: string;
  seconds: number;
}

/**
 * Sends `head` and `body[0]` at once, then the rest of `body` in pieces of `piece` bytes every
 * `everyMs`, and answers what came back (the whole answer, until the server closes).
 */
function send(
  head: string,
  body: Buffer,
  first: number,
  piece: number,
  everyMs: number,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let at = first;
    const timer = setInterval(() => {
      if (!socket.writable || at >= body.length) return;
      socket.write(body.subarray(at, at + piece));
      at += piece;
    }, everyMs);
    const giveUp = setTimeout(() => socket.destroy(new Error('no answer in 60 s')), 60_000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    const done = () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      const all = Buffer.concat(chunks).toString('latin1');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(all)?.[1] ?? 0),
        text: all.slice(all.indexOf('\r\n\r\n') + 4),
        seconds: (Date.now() - started) / 1000,
      });
    };
    socket.on('close', done);
    socket.on('error', (err) => {
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || err.message.includes('EPIPE'))
        done();
      else reject(err);
    });
    socket.write(head);
    socket.write(body.subarray(0, first));
  });
}

async function multipartHead(videoBytes: number) {
  const form = multipart(
    await uploadFields({
      videoFile: {
        filename: 'steady.mp4',
        contentType: 'video/mp4',
        data: await paddedMp4(videoBytes),
      },
    }),
  );
  const head =
    `POST /api/v1/videos/publishavideo HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n` +
    `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\nConnection: close\r\n\r\n`;
  return { head, body: form.payload };
}

async function createUpload(size: number): Promise<string> {
  const res = await t.server.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `filename ${Buffer.from('slow.mp4').toString('base64')}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

const patchHead = (url: string, length: number, offset = 0) =>
  `PATCH ${url} HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\nTus-Resumable: 1.0.0\r\n` +
  `Upload-Offset: ${offset}\r\nContent-Type: application/offset+octet-stream\r\n` +
  `Content-Length: ${length}\r\nConnection: close\r\n\r\n`;

async function offsetOf(url: string): Promise<number> {
  const res = await t.server.inject({
    method: 'HEAD',
    url,
    headers: { cookie, 'tus-resumable': '1.0.0' },
  });
  return Number(res.headers['upload-offset']);
}

describe('a trickling upload', () => {
  it('is cut on the multipart route with our envelope, and leaves no temp file', async () => {
    const { head, body } = await multipartHead(64 * 1024);
    // 1 byte every 500 ms: far below the floor.
    const res = await send(head, body, 2000, 1, 500);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.text)).toMatchObject({
      statusCode: 408,
      success: false,
      message: expect.stringMatching(/too slow/),
    });
    expect(res.seconds).toBeLessThan(WINDOW + 3);
    await expect.poll(() => listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);
  }, 30_000);

  it('is cut on a tus PATCH with our envelope, keeping what arrived for a resume', async () => {
    const url = await createUpload(1024 * 1024);
    const body = Buffer.alloc(1024 * 1024, 7);
    const res = await send(patchHead(url, body.length), body, 50_000, 1, 500);
    expect(res.status).toBe(408);
    expect(JSON.parse(res.text)).toMatchObject({ statusCode: 408, success: false });
    expect(res.seconds).toBeLessThan(WINDOW + 3);
    const offset = await offsetOf(url);
    expect(offset).toBeGreaterThanOrEqual(50_000);
    // The rest, from there, completes it.
    const rest = await t.server.inject({
      method: 'PATCH',
      url,
      headers: {
        cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: body.subarray(offset),
    });
    expect(rest.statusCode, rest.body).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(body.length));
  }, 30_000);
});

describe('a slow but steady upload', () => {
  it('completes on the multipart route long after the request timeout', async () => {
    // 2 Mbit/s (250 KB/s) for about 4 s, with a 2 s request timeout.
    const { head, body } = await multipartHead(1024 * 1024);
    const res = await send(head, body, 0, 25_000, 100);
    expect(res.status, res.text).toBe(201);
    expect(res.seconds).toBeGreaterThan(3);
  }, 30_000);

  it('completes on a tus PATCH long after the request timeout', async () => {
    const url = await createUpload(1024 * 1024);
    const body = Buffer.alloc(1024 * 1024, 9);
    const res = await send(patchHead(url, body.length), body, 0, 25_000, 100);
    expect(res.status, res.text).toBe(204);
    expect(res.seconds).toBeGreaterThan(3);
    expect(await offsetOf(url)).toBe(body.length);
  }, 30_000);
});
