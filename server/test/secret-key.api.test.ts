import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { SecretBox, SecretKeyMismatch } from '../src/lib/secret-box.js';
import { SECRET_KEY_FILE } from '../src/lib/secret-key.js';
import { totpCode } from '../src/lib/totp.js';
import { apiCall } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { manualClock } from './helpers/mail-app.js';
import { freePort, serverEnv } from './helpers/processes.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Two-factor secrets are kept sealed under the server's key (SECRET_KEY, or DATA_DIR/secret.key
 * made at the first start), never in the clear: a dump of the database holds none. Secrets
 * stored before sealing are sealed at start, and a start with a key that does not open the
 * sealed ones stops with one line, rather than serve sign-ins that all fail.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
let t: TestApp;
const clock = manualClock(Date.UTC(2026, 0, 15, 12, 0, 5));
const STEP_MS = 30_000;

beforeAll(async () => {
  t = await createTestApp({}, { now: clock.now });
});
afterAll(async () => {
  await t.close();
});

const storedSecrets = (userId: string) =>
  t.database.db
    .selectFrom('users')
    .select(['totp_secret', 'totp_pending_secret'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

/** A user with two-factor sign-in on; answers the secret the set-up showed. */
async function withTotp(name: string) {
  const user = await signedInUser(t.server, name);
  const setup = await apiCall(t, 'POST', '/users/me/totp', { cookie: user.cookie });
  const { secret } = setup.json().data as { secret: string };
  const pending = (await storedSecrets(user.user._id)).totp_pending_secret!;
  const confirmed = await apiCall(t, 'POST', '/users/me/totp/confirm', {
    cookie: user.cookie,
    payload: { code: totpCode(secret, clock.now()) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { user, secret, pending };
}

const signIn = (user: { username: string; password: string }, code: string, server = t.server) =>
  server.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username: user.username, password: user.password, code },
  });

describe('two-factor secrets at rest', () => {
  it('are sealed under the data directory key, from set-up on, and still sign in', async () => {
    const { user, secret, pending } = await withTotp('sealed');
    const key = fs.readFileSync(path.join(t.dataDir, SECRET_KEY_FILE), 'utf8').trim();
    const box = new SecretBox(key);
    expect(pending).toMatch(/^v1\./);
    expect(box.open(pending)).toBe(secret);
    const stored = await storedSecrets(user.user._id);
    expect(stored.totp_pending_secret).toBeNull();
    expect(stored.totp_secret).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(box.open(stored.totp_secret!)).toBe(secret);

    clock.advance(STEP_MS);
    expect((await signIn(user, totpCode(secret, clock.now()))).statusCode).toBe(200);
  });

  it('are sealed at start when stored before sealing, and keep working', async () => {
    const { user, secret } = await withTotp('legacy');
    await t.database.db
      .updateTable('users')
      .set({ totp_secret: secret })
      .where('id', '=', user.user._id)
      .execute();
    clock.advance(STEP_MS);
    expect((await signIn(user, totpCode(secret, clock.now()))).statusCode).toBe(200);

    await t.app.services.totp.prepareSecrets();
    const stored = (await storedSecrets(user.user._id)).totp_secret!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    clock.advance(STEP_MS);
    expect((await signIn(user, totpCode(secret, clock.now()))).statusCode).toBe(200);
  });

  it('do not open under another key: the start is refused, and no sign-in passes', async () => {
    const { user, secret } = await withTotp('otherkey');
    const database = t.reopen();
    const other = await buildApp({
      config: { ...t.config, secretKey: 'another key, not the one that sealed them' },
      database,
      blobs: t.blobs,
      now: clock.now,
    });
    try {
      await expect(other.services.totp.prepareSecrets()).rejects.toBeInstanceOf(SecretKeyMismatch);
      clock.advance(STEP_MS);
      const res = await signIn(user, totpCode(secret, clock.now()), other.server);
      expect(res.statusCode).toBe(500);
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    } finally {
      await other.server.close();
      await database.close();
    }
    // The right key still signs in with the same code's step untouched.
    expect((await signIn(user, totpCode(secret, clock.now()))).statusCode).toBe(200);
  });

  it('stop a server started with another SECRET_KEY, with one line saying what to do', async () => {
    await withTotp('process');
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: serverEnv(
        { port: await freePort() },
        {
          ...t.processEnv,
          SECRET_KEY: 'x'.repeat(32),
          SERVER_PROCESSES: '1',
          EMBEDDED_WORKER: 'false',
        },
      ),
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines.at(-1)).toBe(
      `A sealed secret does not open with this SECRET_KEY: it was sealed with another key. Set SECRET_KEY to the key the database's secrets were sealed with, or put that ${SECRET_KEY_FILE} back in ${t.dataDir}.`,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr).not.toContain('x'.repeat(32));
  }, 60_000);
});
