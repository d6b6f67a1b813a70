import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { multipart, pngImage, uniqueUser } from './fixtures.js';
import { uploadFields } from './media.js';
import { freePort, json, request, until } from './processes.js';
import { freshDatabase } from './test-app.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/**
 * A real server process on a fresh database (one process, as `npm start` runs it with
 * SERVER_PROCESSES=1), with a signed-in user who has published one video: what the
 * multipart fuzz suite sends its bodies to.
 */
export interface MultipartServer {
  child: ChildProcess;
  port: number;
  dataDir: string;
  cookie: string;
  videoId: string;
  /** A small PNG, for the bodies' file parts. */
  png: Buffer;
  /** What the process wrote to stdout and stderr so far. */
  output(): string;
  /** Stops the process and removes its database and data directory. */
  stop(): Promise<void>;
}

export async function startMultipartServer(): Promise<MultipartServer> {
  let output = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-mpfuzz-'));
  const database = await freshDatabase(dataDir);
  await database.handle.close();
  const drop = database.drop;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      SERVER_PROCESSES: '1',
      EMBEDDED_WORKER: 'false',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: '',
      LOG_LEVEL: 'warn',
      REGISTER_RATE_LIMIT: '0',
      LOGIN_RATE_LIMIT: '0',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    },
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  async function stop() {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  let png: Buffer;
  let cookie: string;
  let videoId: string;
  try {
    await until(
      'the server ready',
      () =>
        request(port, { path: '/api/v1/health/ready' }).then(
          (r) => r.status === 200,
          () => false,
        ),
      { timeoutMs: 80_000, alive: [child] },
    );
    png = (await pngImage(16, 16)).data;
    const fields = uniqueUser('mpfuzz');
    const reg = multipart({ ...fields, avatar: await pngImage() });
    const registered = await request(port, {
      method: 'POST',
      path: '/api/v1/users/register',
      headers: reg.headers,
      body: reg.payload,
    });
    expect(registered.status).toBe(201);
    const login = await request(port, {
      method: 'POST',
      path: '/api/v1/users/login',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ username: fields.username, password: fields.password })),
    });
    cookie = String(login.headers['set-cookie']?.[0]).split(';')[0]!;
    const upload = multipart(await uploadFields());
    const published = await request(port, {
      method: 'POST',
      path: '/api/v1/videos/publishavideo',
      headers: { ...upload.headers, cookie },
      body: upload.payload,
    });
    expect(published.status).toBe(201);
    videoId = json(published).data._id;
  } catch (error) {
    // Nothing is left running or on disk when the setup fails half way.
    await stop();
    throw error;
  }
  return {
    child,
    port,
    dataDir,
    cookie,
    videoId,
    png,
    output: () => output,
    stop,
  };
}
