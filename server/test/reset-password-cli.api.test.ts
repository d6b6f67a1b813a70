import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './helpers/api-client.js';
import { commandEnv } from './helpers/processes.js';
import { signedInUser } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

// `npm run reset-password -- <username or email>`, run as an administrator would: a process of
// its own on the app's database (SQLite file or PostgreSQL), with no mail needed.
const ROOT = path.resolve(import.meta.dirname, '..', '..');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function resetPassword(
  args: string[],
  stdin: string | undefined,
  env: Record<string, string> = {},
  /** The command line's entry with its subcommand, or the alias `npm run reset-password` runs. */
  entry: string[] = ['server/src/reset-password.ts'],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...entry, ...args], {
      cwd: ROOT,
      env: commandEnv({ ...t.processEnv, LOG_LEVEL: 'warn', ...env }),
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin!.end(stdin);
  });
}

const login = (username: string, password: string) =>
  apiCall(t, 'POST', '/users/login', { payload: { username, password } });
const signedIn = async (cookie: string) =>
  (await apiCall(t, 'GET', '/users/check-session', { cookie })).json().isAuthenticated as boolean;

// Each run starts Node and TypeScript from source: slow on a busy machine.
const RUNS = { timeout: 90_000 };

describe('reset-password from the command line', () => {
  it('sets the password read from stdin and signs the account out everywhere', RUNS, async () => {
    const user = await signedInUser(t.server, 'operator');
    const run = await resetPassword([user.email.toUpperCase()], 'set by the operator\n');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`The password of @${user.username} (${user.email}) was changed.`);
    expect(run.stdout).not.toContain('set by the operator');
    expect(await signedIn(user.cookie)).toBe(false);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'set by the operator')).statusCode).toBe(200);
    // The command line's own subcommand: in the audit log with no actor, like the others.
    expect(
      await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('target_id', '=', user.user._id)
        .execute(),
    ).toEqual([{ action: 'user.password', actor_id: null }]);
  });

  it('is the command line’s reset-password subcommand', RUNS, async () => {
    const user = await signedInUser(t.server, 'subcommand');
    const run = await resetPassword([user.username], 'through the command line\n', {}, [
      'server/src/cli/main.ts',
      'reset-password',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect((await login(user.username, 'through the command line')).statusCode).toBe(200);
  });

  it(
    'makes and prints a password when none is piped in, and tells the address with mail on',
    RUNS,
    async () => {
      const user = await signedInUser(t.server, 'forgetter');
      // Mail is only queued by the command; a server's sender would deliver it.
      const run = await resetPassword([user.username], undefined, {
        SMTP_URL: 'smtp://127.0.0.1:9',
      });
      expect(run.code).toBe(0);
      const made = /New password: (\S+)/.exec(run.stdout)?.[1];
      expect(made).toMatch(/^([a-z2-9]{5}-){3}[a-z2-9]{5}$/);
      expect((await login(user.username, made!)).statusCode).toBe(200);
      const queued = await t.database.db
        .selectFrom('mail_outbox')
        .select(['to_address', 'subject'])
        .where('to_address', '=', user.email)
        .execute();
      expect(queued).toMatchObject([
        { subject: expect.stringMatching(/^Your password was changed/) },
      ]);
    },
  );

  it(
    'refuses an unknown account, a password the rules refuse, and no account named',
    RUNS,
    async () => {
      const user = await signedInUser(t.server, 'keepsit');
      const unknown = await resetPassword(['nobody-by-that-name'], 'a perfectly fine one\n');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain(
        'No account has the username or email “nobody-by-that-name”.',
      );
      // A password the rules refuse is input the command refuses, as a missing flag is.
      const weak = await resetPassword([user.username], 'password123\n');
      expect(weak.code).toBe(2);
      expect(weak.stderr).toMatch(/common/);
      expect(await signedIn(user.cookie)).toBe(true);
      expect((await login(user.username, user.password)).statusCode).toBe(200);
      const usage = await resetPassword([], undefined);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('usage: npm run reset-password');
    },
  );
});
