import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { apiCall } from './helpers/api-client.js';
import { runCli } from './helpers/cli.js';
import { signedInUser } from './helpers/fixtures.js';
import { turnOnTwoFactor } from './helpers/two-factor.js';
import { insertVideo } from './helpers/video-rows.js';

/** The operator's command line, run as its own process against this file's database. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'a long enough password';

async function login(username: string, password: string) {
  return t.server.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username, password },
  });
}

async function auditActions(targetId: string) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'reason'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// Each command is a process of its own, started from source: seconds each on a busy machine.
describe('npm run cli', { timeout: 120_000 }, () => {
  it('users:create makes the first admin, who signs in with role admin; logged with no actor', async () => {
    const run = await runCli(t, [
      'users:create',
      '--username',
      'FirstAdmin',
      '--email=first@example.com',
      '--password',
      PASSWORD,
      '--role',
      'admin',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Created admin firstadmin \([0-9a-f]{24}\)\.\n$/);
    const res = await login('firstadmin', PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.role).toBe('admin');
    const id = res.json().data.user._id as string;
    expect(await auditActions(id)).toEqual([
      { action: 'user.create', actor_id: null, reason: 'role admin' },
    ]);
    // Its avatar is a real file the media route serves.
    const avatar = await t.server.inject({ method: 'GET', url: res.json().data.user.avatar });
    expect(avatar.statusCode).toBe(200);
  });

  it('refuses bad input with one line and a non-zero exit, changing nothing', async () => {
    const before = await t.database.db.selectFrom('users').select('id').execute();
    const cases: [string[], RegExp][] = [
      [
        ['users:create', '--username', 'xavier', '--email', 'nope', '--password', PASSWORD],
        /email/i,
      ],
      [['users:create', '--username', 'bob'], /^users:create: --email is required/],
      [
        [
          'users:create',
          '--username',
          'firstadmin',
          '--email',
          'o@example.com',
          '--password',
          PASSWORD,
        ],
        /already taken/,
      ],
      [
        [
          'users:create',
          '--username',
          'role1',
          '--email',
          'r@example.com',
          '--password',
          PASSWORD,
          '--role',
          'king',
        ],
        /--role must be admin, moderator, user/,
      ],
      [['users:role', '--username', 'nobody', '--role', 'user'], /No user is named nobody/],
      [['users:frobnicate'], /Unknown command "users:frobnicate"/],
      [['users:role', '--username', 'a', '--color', 'red'], /unknown flag --color/],
    ];
    const runs = await Promise.all(cases.map(([args]) => runCli(t, args)));
    runs.forEach((run, i) => {
      const [args, pattern] = cases[i]!;
      expect(run.code, args.join(' ')).not.toBe(0);
      expect(run.stdout, args.join(' ')).toBe('');
      expect(run.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(run.stderr, args.join(' ')).toMatch(pattern);
    });
    expect(await t.database.db.selectFrom('users').select('id').execute()).toEqual(before);
  });

  it('users:reset-password ends the account’s sessions, the new password signs in, and the address is told', async () => {
    const user = await signedInUser(t.server, 'resetme');
    // Mail is only queued by the command; a server's sender would deliver it.
    const run = await runCli(
      t,
      ['users:reset-password', '--username', user.username, '--password', 'another long password'],
      { SMTP_URL: 'smtp://127.0.0.1:9' },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`New password set for ${user.username}`);
    const check = await apiCall(t, 'GET', '/users/check-session', { cookie: user.cookie });
    expect(check.json().isAuthenticated).toBe(false);
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'another long password')).statusCode).toBe(200);
    expect(await auditActions(user.user._id)).toEqual([
      { action: 'user.password', actor_id: null, reason: null },
    ]);
    const queued = await t.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', user.email)
      .execute();
    expect(queued).toMatchObject([
      { subject: expect.stringMatching(/^Your password was changed/) },
    ]);

    const weak = await runCli(t, [
      'users:reset-password',
      '--username',
      user.username,
      '--password',
      'password',
    ]);
    expect(weak.code).toBe(2);
    expect(weak.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('users:two-factor-off lets the password alone sign in again, once', async () => {
    const user = await signedInUser(t.server, 'lostphone');
    await turnOnTwoFactor(t, user.cookie);
    expect((await login(user.username, user.password)).json()).toMatchObject({
      totpRequired: true,
    });

    const run = await runCli(t, ['users:two-factor-off', '--username', user.username]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Two-factor sign-in is off for ${user.username}: the password alone signs in.\n`,
    );
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    const codes = await t.database.db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.user._id)
      .execute();
    expect(codes).toEqual([]);
    expect(await auditActions(user.user._id)).toEqual([
      { action: 'user.two_factor_off', actor_id: null, reason: null },
    ]);

    const again = await runCli(t, ['users:two-factor-off', '--username', user.username]);
    expect(again.code).not.toBe(0);
    expect(again.stderr.trim()).toBe(`Two-factor sign-in is not on for ${user.username}.`);
    expect(await auditActions(user.user._id)).toHaveLength(1);
  });

  it('users:role changes a role, and never demotes the last admin', async () => {
    const user = await signedInUser(t.server, 'promote');
    const up = await runCli(t, ['users:role', '--username', user.username, '--role', 'moderator']);
    expect(up.code).toBe(0);
    expect(up.stdout).toBe(`${user.username} is now a moderator.\n`);
    const check = await apiCall(t, 'GET', '/users/check-session', { cookie: user.cookie });
    expect(check.json().user.role).toBe('moderator');
    expect(await auditActions(user.user._id)).toEqual([
      { action: 'user.role', actor_id: null, reason: 'user → moderator' },
    ]);

    const last = await runCli(t, ['users:role', '--username', 'firstadmin', '--role', 'user']);
    expect(last.code).toBe(1);
    expect(last.stderr).toBe('The last admin cannot be demoted, suspended or removed.\n');
    const admin = await t.database.db
      .selectFrom('users')
      .select('role')
      .where('username', '=', 'firstadmin')
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe('admin');
  });

  it('users:suspend hides the account at once while the server runs; users:unsuspend lifts it', async () => {
    const user = await signedInUser(t.server, 'cliquiet');
    const video = await insertVideo(t, user.user._id, { title: 'Loud video' });
    const missing = await runCli(t, ['users:suspend', '--username', user.username]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('users:suspend: --reason is required (why, for the audit log).\n');

    const run = await runCli(t, ['users:suspend', '--username', user.username, '--reason', 'Spam']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(
      (await apiCall(t, 'GET', '/users/check-session', { cookie: user.cookie })).json()
        .isAuthenticated,
    ).toBe(false);
    expect((await apiCall(t, 'GET', `/videos/vid-id/${video}`)).statusCode).toBe(404);
    expect((await login(user.username, user.password)).statusCode).toBe(403);

    const twice = await runCli(t, [
      'users:suspend',
      '--username',
      user.username,
      '--reason',
      'Spam',
    ]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe('This account is suspended already.\n');

    const lift = await runCli(t, ['users:unsuspend', '--username', user.username]);
    expect(lift.code).toBe(0);
    expect((await apiCall(t, 'GET', `/videos/vid-id/${video}`)).statusCode).toBe(200);
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    expect(await auditActions(user.user._id)).toEqual([
      { action: 'user.suspend', actor_id: null, reason: 'Spam' },
      { action: 'user.unsuspend', actor_id: null, reason: null },
    ]);
  });

  it('storage:prune lists files with no row, and removes them only with --apply', async () => {
    // An instance of its own: the rows other tests insert have no files, which it would fail.
    const own = await createTestApp();
    try {
      const stray = `videos/${newId(Date.now())}/0123456789abcdef/video.mp4`;
      const file = path.join(own.mediaDir, stray);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'left behind');
      const env = { ORPHAN_GRACE_SECONDS: '0' };
      const listed = await runCli(own, ['storage:prune'], env);
      expect(listed.stderr).toBe('');
      expect(listed.code).toBe(0);
      expect(listed.stdout).toContain(`file ${stray} (no-row)`);
      expect(listed.stdout).toContain('run again with --apply');
      expect(fs.existsSync(file)).toBe(true);

      const applied = await runCli(own, ['storage:prune', '--apply'], env);
      expect(applied.code).toBe(0);
      expect(applied.stdout).toContain('Removed 1 file with no row');
      expect(fs.existsSync(file)).toBe(false);

      const unknown = await runCli(own, ['storage:prune', '--now']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
