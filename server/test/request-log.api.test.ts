import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../src/config.js';
import { signedInUser } from './helpers/fixtures.js';
import { until } from './helpers/processes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** What the log says about requests: one line each, with an id that is never reused. */

type Line = Record<string, unknown>;

function logged(overrides: Partial<AppConfig> = {}) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  return {
    lines,
    app: () => createTestApp(overrides, { logger: { level: 'info', stream } }),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('one line per request', () => {
  const log = logged();
  let t: TestApp;
  beforeAll(async () => {
    t = await log.app();
  });
  afterAll(async () => t.close());

  it('logs method, route, status, time, bytes, request id and user id, once, and echoes the id', async () => {
    const user = await signedInUser(t.server, 'logline');
    log.lines.length = 0;
    const res = await t.server.inject({
      method: 'GET',
      url: `/api/v1/users/c/${user.username}?unused=1`,
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const forRequest = log.lines.filter((l) => l.reqId === id);
    expect(forRequest).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: expect.any(String),
        reqId: id,
        method: 'GET',
        route: '/api/v1/users/c/:username',
        status: 200,
        ms: expect.any(Number),
        bytes: Number(res.headers['content-length']),
        userId: user.user._id,
        msg: 'request',
      },
    ]);
    expect(forRequest[0]!.bytes).toBeGreaterThan(0);
  });

  it('logs visitors with no user id, misses with no route, and refusals with their status', async () => {
    log.lines.length = 0;
    const visitor = await t.server.inject({ method: 'GET', url: '/api/v1/videos/getallvideos' });
    const miss = await t.server.inject({ method: 'GET', url: '/api/v1/no-such-route' });
    const refused = await t.server.inject({ method: 'GET', url: '/api/v1/studio/dashboard' });
    const byId = (res: { headers: Record<string, unknown> }) =>
      log.lines.filter((l) => l.reqId === res.headers['x-request-id']);
    expect(byId(visitor)).toMatchObject([
      { route: '/api/v1/videos/getallvideos', status: 200, userId: null },
    ]);
    expect(byId(miss)).toMatchObject([{ route: null, status: 404, userId: null }]);
    expect(byId(refused)).toMatchObject([{ status: 401, userId: null, msg: 'request' }]);
    // Nothing else at info for three requests: no "incoming request" / "request completed" pairs.
    expect(log.lines).toHaveLength(3);
  });

  it('gives every request a new id, which another process or server cannot repeat', async () => {
    const other = logged();
    const second = await other.app();
    try {
      const ids = new Set<string>();
      for (let i = 0; i < 20; i += 1) {
        for (const app of [t, second]) {
          const res = await app.server.inject({ method: 'GET', url: '/api/v1/health/live' });
          ids.add(String(res.headers['x-request-id']));
        }
      }
      // Counters (`req-1`) start again in every process; random ids do not meet.
      expect(ids.size).toBe(40);
      for (const id of ids) expect(id).toMatch(UUID);
    } finally {
      await second.close();
    }
  });

  it('ignores X-Request-Id from a client that is not a trusted proxy', async () => {
    log.lines.length = 0;
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(log.lines.map((l) => l.reqId)).toEqual([res.headers['x-request-id']]);
  });
});

describe('an id sent by a trusted proxy', () => {
  const log = logged({ trustProxy: ['10.0.0.0/8'] });
  let t: TestApp;
  beforeAll(async () => {
    t = await log.app();
  });
  afterAll(async () => t.close());

  it('is the id the log and the answer carry; from another peer it is replaced', async () => {
    const fromProxy = await t.server.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': '7c1e0b2f9a8d4e31b6f05a2c9d8e7f10' },
    });
    expect(fromProxy.headers['x-request-id']).toBe('7c1e0b2f9a8d4e31b6f05a2c9d8e7f10');
    expect(log.lines.filter((l) => l.reqId === '7c1e0b2f9a8d4e31b6f05a2c9d8e7f10')).toMatchObject([
      { method: 'GET', route: '/api/v1/health/live', status: 200, msg: 'request' },
    ]);

    const fromElsewhere = await t.server.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      remoteAddress: '192.0.2.10',
      headers: { 'x-request-id': '7c1e0b2f9a8d4e31b6f05a2c9d8e7f10' },
    });
    expect(fromElsewhere.headers['x-request-id']).toMatch(UUID);
    // An id a log line should not carry is replaced even from the proxy.
    const odd = await t.server.inject({
      method: 'GET',
      url: '/api/v1/health/live',
      remoteAddress: '10.1.2.3',
      headers: { 'x-request-id': 'two words' },
    });
    expect(odd.headers['x-request-id']).toMatch(UUID);
  });
});

describe('requests cut before their answer', () => {
  const log = logged({ requestTimeoutSeconds: 1 });
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await log.app();
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    port = (t.server.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t.close());

  /** Writes `text` and waits until the server closes the connection; answers what came back. */
  const send = (text: string, opts: { closeAfterMs?: number } = {}) =>
    new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (received += d));
      socket.on('error', () => {});
      socket.on('close', () => resolve(received));
      if (opts.closeAfterMs) setTimeout(() => socket.destroy(), opts.closeAfterMs);
    });

  it('logs a 408 for a request whose body never finished, with its route and id', async () => {
    log.lines.length = 0;
    const answer = await send(
      'POST /api/v1/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
    );
    // The whole-request limit is the app's own for bodies (http/body-deadline.ts): the answer
    // is our envelope, and the connection is closed after it (`send` resolves on the close).
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      statusCode: 408,
      success: false,
    });
    const cut = await until('the cut request to be logged', () =>
      log.lines.find((l) => l.msg === 'request cut'),
    );
    expect(cut).toMatchObject({
      reqId: expect.stringMatching(UUID),
      method: 'POST',
      route: '/api/v1/users/login',
      status: 408,
      cut: 'ERR_HTTP_REQUEST_TIMEOUT',
      userId: null,
    });
    expect(log.lines.filter((l) => l.reqId === cut.reqId)).toHaveLength(1);
  });

  it('logs a 408 for headers that never finished', async () => {
    log.lines.length = 0;
    const answer = await send('GET /api/v1/health/live HTTP/1.1\r\nHost: loc');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const cut = await until('the cut request to be logged', () =>
      log.lines.find((l) => l.msg === 'request cut'),
    );
    expect(cut).toMatchObject({
      reqId: expect.stringMatching(UUID),
      status: 408,
      cut: 'ERR_HTTP_REQUEST_TIMEOUT',
      remoteAddress: '127.0.0.1',
    });
  });

  it('logs a request whose client went away before the answer', async () => {
    log.lines.length = 0;
    await send(
      'POST /api/v1/users/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
      { closeAfterMs: 200 },
    );
    const cut = await until('the cut request to be logged', () =>
      log.lines.find((l) => l.msg === 'request cut'),
    );
    expect(cut).toMatchObject({
      method: 'POST',
      route: '/api/v1/users/login',
      // nginx's "client closed request": nothing was answered.
      status: 499,
      cut: 'HPE_INVALID_EOF_STATE',
    });
  });

  it('counts the bytes written to the connection on a real socket', async () => {
    log.lines.length = 0;
    const answer = await send(
      'GET /api/v1/health/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n',
    );
    const line = await until('the request to be logged', () =>
      log.lines.find((l) => l.msg === 'request'),
    );
    expect(line.bytes).toBe(Buffer.byteLength(answer));
  });
});
