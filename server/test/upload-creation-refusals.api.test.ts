import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataStore } from '@tus/utils';
import { loadConfig } from '../src/config.js';
import { openUploadStorage } from '../src/uploads/upload-storage.js';
import { signedInUser } from './helpers/fixtures.js';
import { until } from './helpers/processes.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';

/**
 * A tus creation (POST /uploads, creation-with-upload) that does not end in its 201 leaves
 * nothing behind: no row in `uploads`, no file in DATA_DIR/uploads, whether it was refused
 * before its body (a limit, a quota, a Content-Length past Upload-Length), after some bytes
 * were written (a chunked body past Upload-Length, a store that failed), or never finished
 * (the client went away, the link was too slow). Against a listening server, so bodies really
 * arrive chunked and connections really drop.
 */
const MIB = 1024 * 1024;
const WINDOW = 2;
let t: TestApp;
let port: number;
/** When set, the upload store's writes keep their first chunk and then fail, as a sick disk. */
let failWrites = false;

const metadata = `filename ${Buffer.from('my.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;

/** A store whose write stores the first chunk it is given, then fails. */
function failingAfterFirstChunk(store: DataStore): DataStore {
  const wrapped = Object.create(store) as DataStore;
  wrapped.write = async (stream, id, offset) => {
    if (!failWrites) return store.write(stream, id, offset);
    const first = (await stream[Symbol.asyncIterator]().next()).value as Buffer;
    await store.write(Readable.from([first]), id, offset);
    throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
  };
  return wrapped;
}

beforeAll(async () => {
  const config = loadConfig({});
  t = await createTestApp(
    {
      uploads: {
        ...config.uploads,
        maxBytes: 2 * MIB,
        quotaBytes: 4 * MIB,
        minBytesPerSecond: 8192,
        rateWindowSeconds: WINDOW,
      },
    },
    {},
    {
      uploadStorage: async (c, blobs) => {
        const real = await openUploadStorage(c, blobs);
        return { ...real, datastore: failingAfterFirstChunk(real.datastore) };
      },
    },
  );
  port = Number(new URL(await t.server.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => {
  await t.close();
});

const uploadsDir = () => path.join(t.dataDir, 'uploads');

/** Every upload file and row: what a refused creation must leave as it found. */
async function stored() {
  const rows = await t.database.db.selectFrom('uploads').select('id').orderBy('id').execute();
  return { files: await listFiles(uploadsDir()), rows: rows.map((r) => r.id) };
}

interface Answer {
  status: number;
  json: { message?: string } | undefined;
  headers: Record<string, string>;
}

/** The first answer in `bytes`, once all of it (its Content-Length) has arrived. */
function parseAnswer(bytes: Buffer): Answer | undefined {
  const all = bytes.toString('latin1');
  const end = all.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = all.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const text = all.slice(end + 4, end + 4 + Number(headers['content-length'] ?? 0));
  if (Buffer.byteLength(text, 'latin1') < Number(headers['content-length'] ?? 0)) return undefined;
  return {
    status: Number(statusLine.split(' ')[1]),
    json: text ? (JSON.parse(text) as Answer['json']) : undefined,
    headers,
  };
}

/**
 * A creation with a body, over a raw socket on a kept-alive connection as curl sends it (so
 * an answer given before the body was read is still seen): chunked unless `contentLength`;
 * `hold` keeps the request open after the body (a stalled link); `socket` hands the socket
 * over, for a client that goes away. Answers the server's answer, or undefined when none came.
 */
function createWithBody(
  cookie: string,
  uploadLength: string,
  body: Buffer,
  opts: { contentLength?: number; hold?: boolean; socket?: (s: net.Socket) => void } = {},
): Promise<Answer | undefined> {
  const chunked = opts.contentLength === undefined;
  const head =
    `POST /api/v1/uploads HTTP/1.1\r\nHost: localhost\r\nCookie: ${cookie}\r\n` +
    `Tus-Resumable: 1.0.0\r\nUpload-Length: ${uploadLength}\r\n` +
    `Upload-Metadata: ${metadata}\r\nContent-Type: application/offset+octet-stream\r\n` +
    (chunked ? 'Transfer-Encoding: chunked\r\n' : `Content-Length: ${opts.contentLength}\r\n`) +
    '\r\n';
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    opts.socket?.(socket);
    let received = Buffer.alloc(0);
    socket.on('data', (d: Buffer) => {
      received = Buffer.concat([received, d]);
      const answer = parseAnswer(received);
      if (answer) {
        resolve(answer);
        socket.destroy();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(parseAnswer(received)));
    socket.write(head);
    void (async () => {
      for (let at = 0; at < body.length && socket.writable; at += 64 * 1024) {
        const piece = body.subarray(at, at + 64 * 1024);
        const frame = chunked
          ? [Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]
          : [piece];
        socket.write(Buffer.concat(frame));
        await new Promise((r) => setTimeout(r, 1));
      }
      if (!opts.hold && chunked && socket.writable) socket.write('0\r\n\r\n');
    })();
  });
}

/** A creation without a body (tus-js-client's default), through inject. */
function createEmpty(cookie: string, size: number) {
  return t.server.inject({
    method: 'POST',
    url: '/api/v1/uploads',
    headers: {
      cookie,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': metadata,
    },
  });
}

describe('a creation refused with 413', () => {
  it('for a chunked body longer than Upload-Length: names the length, stores nothing', async () => {
    const owner = await signedInUser(t.server, 'chunked');
    const before = await stored();
    const res = await createWithBody(owner.cookie, '1000000', Buffer.alloc(1_000_001, 7));
    expect(res?.status).toBe(413);
    expect(await stored()).toEqual(before);
    expect(res?.json?.message).toBe(
      'The request carries more bytes than its Upload-Length of 1000000 bytes.',
    );
  });

  it('for a Content-Length longer than Upload-Length: before any byte is stored', async () => {
    const owner = await signedInUser(t.server, 'length');
    const before = await stored();
    const res = await createWithBody(owner.cookie, '100', Buffer.alloc(200, 7), {
      contentLength: 200,
    });
    expect(res?.status).toBe(413);
    expect(await stored()).toEqual(before);
    expect(res?.json?.message).toBe(
      'The request carries more bytes than its Upload-Length of 100 bytes.',
    );
  });

  it('for a file over UPLOAD_MAX_BYTES, sent with its bytes: names the limit', async () => {
    const owner = await signedInUser(t.server, 'max');
    const before = await stored();
    const res = await createWithBody(owner.cookie, String(3 * MIB), Buffer.alloc(MIB, 7));
    expect(res?.status).toBe(413);
    expect(res?.json?.message).toBe('Video size exceeds 2MB. Please upload a smaller file.');
    expect(await stored()).toEqual(before);
  });

  it('for a file over the quota, sent with its bytes: names the quota', async () => {
    const owner = await signedInUser(t.server, 'quota');
    for (let i = 0; i < 2; i += 1) {
      expect((await createEmpty(owner.cookie, 1.5 * MIB)).statusCode).toBe(201);
    }
    const before = await stored();
    const res = await createWithBody(owner.cookie, String(1.5 * MIB), Buffer.alloc(MIB, 7));
    expect(res?.status).toBe(413);
    expect(res?.json?.message).toMatch(/^This upload would pass your storage quota of 4MB/);
    expect(await stored()).toEqual(before);
  });
});

describe('a creation that fails or never finishes', () => {
  it('removes what was written when the store fails mid-body', async () => {
    const owner = await signedInUser(t.server, 'sick');
    const before = await stored();
    failWrites = true;
    try {
      const res = await createWithBody(owner.cookie, String(MIB), Buffer.alloc(MIB, 7));
      expect(res?.status).toBe(500);
    } finally {
      failWrites = false;
    }
    expect(await stored()).toEqual(before);
  });

  it('removes what arrived when the client goes away mid-body', async () => {
    const owner = await signedInUser(t.server, 'gone');
    const before = await stored();
    let socket: net.Socket | undefined;
    const sent = createWithBody(owner.cookie, String(MIB), Buffer.alloc(256 * 1024, 7), {
      hold: true,
      socket: (s) => (socket = s),
    });
    // Bytes are on disk: then the connection drops.
    await until('bytes on disk', async () => {
      const added = (await listFiles(uploadsDir())).filter(
        (f) => !before.files.includes(f) && !f.endsWith('.json'),
      );
      const sizes = await Promise.all(added.map((f) => fs.stat(path.join(uploadsDir(), f))));
      return sizes.some((st) => st.size > 0);
    });
    socket!.destroy();
    await sent;
    await until(
      'the abandoned creation to be removed',
      async () => JSON.stringify(await stored()) === JSON.stringify(before),
      { timeoutMs: 5_000 },
    );
  });

  it('removes what arrived when the body is cut as too slow (408, no Location)', async () => {
    const owner = await signedInUser(t.server, 'slow');
    const before = await stored();
    const res = await createWithBody(owner.cookie, String(MIB), Buffer.alloc(64 * 1024, 7), {
      hold: true,
    });
    expect(res?.status).toBe(408);
    expect(res?.headers.location).toBeUndefined();
    expect(await stored()).toEqual(before);
  }, 15_000);

  it('keeps a creation that succeeds: its row, its file and its bytes', async () => {
    const owner = await signedInUser(t.server, 'fine');
    const res = await createWithBody(owner.cookie, String(MIB), Buffer.alloc(300_000, 7));
    expect(res?.status).toBe(201);
    expect(res?.headers['upload-offset']).toBe('300000');
    const id = String(res?.headers.location).split('/').pop()!;
    const now = await stored();
    expect(now.rows).toContain(id);
    expect(now.files).toEqual(expect.arrayContaining([id, `${id}.json`]));
  });
});

describe('messages that say what is wrong', () => {
  it('a creation whose Upload-Length is not a size', async () => {
    const owner = await signedInUser(t.server, 'badlength');
    for (const length of ['-1', '99999999999999999', '1e6', '']) {
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/v1/uploads',
        headers: {
          cookie: owner.cookie,
          'tus-resumable': '1.0.0',
          'upload-length': length,
          'upload-metadata': metadata,
        },
      });
      expect(res.statusCode, length).toBe(400);
      expect(res.json().message, length).toBe(
        'Upload-Length is not a valid size: a whole number of bytes, at most 16 digits.',
      );
    }
  });

  it('a PATCH that carries Upload-Length', async () => {
    const owner = await signedInUser(t.server, 'patchlength');
    const created = await createEmpty(owner.cookie, 10);
    const res = await t.server.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: {
        cookie: owner.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'upload-length': '10',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.from('hello'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Upload-Length is not allowed on a PATCH: the size was set when the upload was created.',
    );
  });

  it('a PATCH with more bytes than the upload has left', async () => {
    const owner = await signedInUser(t.server, 'patchpast');
    const created = await createEmpty(owner.cookie, 10);
    const res = await t.server.inject({
      method: 'PATCH',
      url: created.headers.location as string,
      headers: {
        cookie: owner.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(11, 7),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      'The request carries more bytes than the upload has left: 10 of its 10 bytes.',
    );
  });
});
