import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_MESSAGES } from '../src/http/client-errors.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipart } from './helpers/fixtures.js';
import { rawRequest } from './helpers/raw-http.js';

/**
 * The answers Node gives before any route (a request too slow to arrive, headers too large) are
 * in the error envelope, and no answer to a HEAD request carries a body, those included. And a
 * field that is missing or of the wrong type is named in the message, unless the product words
 * that check itself. On the app listening on loopback, with a one-second request timeout.
 */
let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ requestTimeoutSeconds: 1 });
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  port = (t.server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

/** Everything the server sends on one connection until it closes it, after writing `head`. */
function exchange(
  text: string,
  { keepSending = false, then }: { keepSending?: boolean; then?: string } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let drip: NodeJS.Timeout | undefined;
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (d) => {
      received += d.toString('latin1');
      // A second request once the first is answered, on the same connection.
      if (then !== undefined && received.includes('\r\n\r\n')) {
        socket.write(then);
        then = undefined;
      }
    });
    socket.on('error', (err) => (received ? resolve(received) : reject(err)));
    socket.on('close', () => {
      clearInterval(drip);
      resolve(received);
    });
    socket.write(text);
    // A header line a byte at a time, never finished: the request never arrives whole.
    if (keepSending) drip = setInterval(() => socket.write('a'), 200);
  });
}

const split = (answer: string) => {
  const end = answer.indexOf('\r\n\r\n');
  return { head: answer.slice(0, end), body: answer.slice(end + 4) };
};

describe('answers given before any route', () => {
  it('408: a request too slow to arrive, in the error envelope', async () => {
    const started = Date.now();
    const answer = await exchange('GET /api/v1/health/live HTTP/1.1\r\nHost: x\r\nX-Slow: ', {
      keepSending: true,
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { head, body } = split(answer);
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toContain('content-type: application/json; charset=utf-8');
    expect(JSON.parse(body)).toEqual({
      statusCode: 408,
      success: false,
      message: CLIENT_ERROR_MESSAGES.timeout,
      errors: [],
    });
  });

  it('408 for a body that stops arriving too', async () => {
    const answer = await exchange(
      'POST /api/v1/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"user',
    );
    const { head, body } = split(answer);
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(body)).toMatchObject({ statusCode: 408, success: false });
  });

  it('431: headers too large, in the envelope, and without a body for HEAD', async () => {
    const big = `X-Big: ${'a'.repeat(20_000)}\r\n`;
    const get = split(await exchange(`GET /api/v1/health/live HTTP/1.1\r\nHost: x\r\n${big}\r\n`));
    expect(get.head).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(get.body)).toEqual({
      statusCode: 431,
      success: false,
      message: CLIENT_ERROR_MESSAGES.headersTooLarge,
      errors: [],
    });
    const head = split(
      await exchange(`HEAD /api/v1/health/live HTTP/1.1\r\nHost: x\r\n${big}\r\n`),
    );
    expect(head.head).toMatch(/^HTTP\/1\.1 431 /);
    // The length a GET would get, and no bytes of it.
    expect(head.head).toContain(`content-length: ${Buffer.byteLength(get.body)}`);
    expect(head.body).toBe('');
  });

  it('414, not 431, when the address is what is too large; HEAD without a body', async () => {
    const target = `/api/v1/videos/getallvideos?page=${'1'.repeat(20_000)}`;
    const get = split(await exchange(`GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(get.head).toMatch(/^HTTP\/1\.1 414 URI Too Long\r\n/);
    expect(JSON.parse(get.body)).toEqual({
      statusCode: 414,
      success: false,
      message: CLIENT_ERROR_MESSAGES.addressTooLong,
      errors: [],
    });
    const head = split(await exchange(`HEAD ${target} HTTP/1.1\r\nHost: x\r\n\r\n`));
    expect(head.head).toMatch(/^HTTP\/1\.1 414 /);
    expect(head.body).toBe('');
    // The second request on a kept-alive connection.
    const both = await exchange('GET /api/v1/health/live HTTP/1.1\r\nHost: x\r\n\r\n', {
      then: `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`,
    });
    expect(both).toMatch(/^HTTP\/1\.1 200 /);
    expect(both).toMatch(/\r\n\r\n[^]*HTTP\/1\.1 414 /);
    // A long header after a short address is still 431, however long the line before it.
    const header = split(
      await exchange(
        `GET /api/v1/health/live?x=${'2'.repeat(8_000)} HTTP/1.1\r\nHost: x\r\n` +
          `X-Big: ${'a'.repeat(10_000)}\r\n\r\n`,
      ),
    );
    expect(header.head).toMatch(/^HTTP\/1\.1 431 /);
  });

  it('400 for bytes that are not HTTP, in the envelope', async () => {
    const { head, body } = split(await exchange('NOT HTTP AT ALL\r\n\r\n'));
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toMatchObject({
      statusCode: 400,
      message: CLIENT_ERROR_MESSAGES.malformed,
    });
  });
});

describe('paths the router refuses', () => {
  it('400 for a malformed percent-encoding, in the envelope, on every kind of path', async () => {
    for (const target of [
      '/api/v1/videos/vid-id/%E0%A4%A',
      '/api/v1/no-such-route/%zz',
      '/watch/%E0%A4%A',
      '/media/videos/%ff%fe.mp4',
    ]) {
      const res = await rawRequest(port, target);
      expect(res.status, target).toBe(400);
      expect(JSON.parse(res.body.toString()), target).toEqual({
        statusCode: 400,
        success: false,
        message: CLIENT_ERROR_MESSAGES.badPath,
        errors: [],
      });
    }
  });

  it('414 for a path parameter past its length, in the envelope', async () => {
    const res = await rawRequest(port, `/api/v1/videos/vid-id/${'a'.repeat(300)}`);
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body.toString())).toEqual({
      statusCode: 414,
      success: false,
      message: CLIENT_ERROR_MESSAGES.pathPartTooLong,
      errors: [],
    });
  });

  it('answers HEAD with no body, and the server goes on answering', async () => {
    const head = await rawRequest(port, '/api/v1/videos/vid-id/%zz', {}, 'HEAD');
    expect(head.status).toBe(400);
    expect(head.body.length).toBe(0);
    const after = await rawRequest(port, '/api/v1/health/live');
    expect(after.status).toBe(200);
  });
});

describe('HEAD answers', () => {
  it('carry headers and no body, whatever the status', async () => {
    for (const target of [
      '/api/v1/health/live',
      '/api/v1/videos/getallvideos',
      '/api/v1/no-such-route',
      '/api/v1/videos/vid-id/not-an-id',
      '/media/videos/nothing.mp4',
    ]) {
      const res = await rawRequest(port, target, {}, 'HEAD');
      expect(res.status, target).toBeGreaterThanOrEqual(200);
      expect(res.body.length, `${target} (${res.status})`).toBe(0);
    }
  });
});

describe('validation messages', () => {
  it('name a missing field, and one of the wrong type', async () => {
    const login = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: {},
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toEqual({
      statusCode: 400,
      success: false,
      message: 'Username is required.',
      errors: [
        { field: 'username', message: 'Username is required.' },
        { field: 'password', message: 'Password is required.' },
      ],
    });
    const page = await t.server.inject({
      method: 'GET',
      url: '/api/v1/videos/getallvideos?page=abc',
    });
    expect(page.json().errors).toEqual([{ field: 'page', message: 'Page must be a number.' }]);
    const form = multipart({ email: 'someone@example.com' });
    const register = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: form.payload,
      headers: form.headers,
    });
    expect(register.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'username', message: 'Username is required.' },
        { field: 'fullName', message: 'Full name is required.' },
        // Worded by the product, kept.
        { field: 'avatar', message: 'Avatar is required.' },
      ]),
    );
    expect(JSON.stringify(register.json())).not.toMatch(/expected \w+, received/);
  });

  it('keep the product’s own wording where it has one', async () => {
    const empty = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: '', password: 'x' },
    });
    expect(empty.json().message).toBe('Email or username is required.');
  });
});
