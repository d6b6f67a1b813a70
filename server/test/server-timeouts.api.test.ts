import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, serverEnv } from './helpers/processes.js';

/**
 * The real server process (`server/src/main.ts`, one process) with a 2-second request timeout:
 * clients that trickle their headers or body are cut off by the server within the limit, and
 * temp files a crash left are gone once it has started. Runs on SQLite in both suites: neither
 * depends on the database.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const LIMIT_SECONDS = 2;

function ready(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/v1/health/live', agent: false });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
  });
}

let server: ChildProcess;
let port: number;
let dataDir: string;
const leftovers = ['1700000000000-aaaaaaaaaaaaaaaa', `${Date.now()}-bbbbbbbbbbbbbbbb.partial`];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-timeouts-'));
  // What a crash mid-upload leaves: old and fresh temp files.
  fs.mkdirSync(path.join(dataDir, 'tmp'));
  for (const name of leftovers) fs.writeFileSync(path.join(dataDir, 'tmp', name), 'partial');
  port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverEnv(
      { port, dataDir },
      { SERVER_PROCESSES: '1', REQUEST_TIMEOUT_SECONDS: String(LIMIT_SECONDS) },
    ),
  });
  const deadline = Date.now() + 60_000;
  while (!(await ready(port))) {
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}, 90_000);

afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Opens a connection, sends `head` at once, then one byte of `drip` every 200 ms, and answers
 * how long the server took to answer and close, and what it said.
 */
function trickle(head: string, drip: string): Promise<{ seconds: number; answer: string }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (!socket.writable || drip === '') return;
      socket.write(drip[i % drip.length]!);
      i += 1;
    }, 200);
    const giveUp = setTimeout(() => socket.destroy(new Error('still open after 20 s')), 20_000);
    socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
    socket.on('error', (err) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      if ((err as NodeJS.ErrnoException).code === 'ECONNRESET' || err.message.includes('EPIPE')) {
        resolve({ seconds: (Date.now() - started) / 1000, answer });
      } else reject(err);
    });
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ seconds: (Date.now() - started) / 1000, answer });
    });
    socket.write(head);
  });
}

describe('request timeouts', () => {
  it('cuts off a client that trickles its headers', async () => {
    const res = await trickle(
      'GET /api/v1/videos/getallvideos HTTP/1.1\r\nHost: x\r\nX-Slow: ',
      'a',
    );
    expect(res.seconds).toBeLessThan(LIMIT_SECONDS + 1.5);
    expect(res.answer).toMatch(/^$|^HTTP\/1\.1 408/);
  });

  it('cuts off a client that trickles a JSON body', async () => {
    const res = await trickle(
      'POST /api/v1/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"username":"',
      'a',
    );
    expect(res.seconds).toBeLessThan(LIMIT_SECONDS + 1.5);
    expect(res.answer).toMatch(/^$|^HTTP\/1\.1 408/);
  });

  it('cuts off a trickled upload and removes its temp file', async () => {
    const boundary = 'trickleBoundary';
    const res = await trickle(
      `POST /api/v1/users/register HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      'x',
    );
    expect(res.seconds).toBeLessThan(LIMIT_SECONDS + 1.5);
    const deadline = Date.now() + 5_000;
    while (fs.readdirSync(path.join(dataDir, 'tmp')).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
  });

  it('cuts off a client that drips the rest of a body after its answer', async () => {
    // Refused before its body is read: a type no JSON route takes, and an upload signed out
    // (the upload routes have no whole-request limit of their own).
    for (const head of [
      'POST /api/v1/users/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/xml\r\nContent-Length: 4000\r\n\r\n<a>',
      'POST /api/v1/uploads HTTP/1.1\r\nHost: x\r\nTus-Resumable: 1.0.0\r\nUpload-Length: 4000\r\nContent-Type: application/offset+octet-stream\r\nContent-Length: 4000\r\n\r\nab',
    ]) {
      const res = await trickle(head, 'a');
      expect(res.answer, head).toMatch(/^HTTP\/1\.1 4(15|01)/);
      expect(res.seconds, head).toBeLessThan(LIMIT_SECONDS + 1.5);
    }
  });

  it('closes idle keep-alive connections after the limit', async () => {
    const res = await trickle('GET /api/v1/health/live HTTP/1.1\r\nHost: x\r\n\r\n', '');
    expect(res.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(res.seconds).toBeLessThan(LIMIT_SECONDS + 1.5);
  });
});

describe('temp files at start-up', () => {
  it('are all removed by the first start: no upload can be in flight yet', () => {
    for (const name of leftovers)
      expect(fs.existsSync(path.join(dataDir, 'tmp', name))).toBe(false);
  });
});
