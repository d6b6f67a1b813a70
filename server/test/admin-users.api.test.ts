import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { turnOnTwoFactor } from './helpers/two-factor.js';

/** Staff and accounts: the list, roles, quotas, approval, suspension rules, settings, audit. */
let t: TestApp;
let admin: SignedIn;
let moderator: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffUser(t, 'admin', 'headadmin');
  moderator = await staffUser(t, 'moderator', 'headmod');
});
afterAll(async () => {
  await t.close();
});

const users = (query: string, cookie = admin.cookie) =>
  call(t, 'GET', `/admin/users${query}`, { cookie });

async function audit(targetId: string) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'actor_username', 'reason'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

describe('GET /admin/users', () => {
  it('searches, filters by state and role, pages newest first, and counts pending sign-ups', async () => {
    const made: SignedIn[] = [];
    for (let i = 0; i < 3; i += 1) made.push(await signedInUser(t.server, 'pagerfind'));
    await t.database.db
      .updateTable('users')
      .set({ awaiting_approval: 1 })
      .where('id', '=', made[0]!.user._id)
      .execute();
    const found = await users('?query=pagerfind&limit=2');
    expect(found.statusCode).toBe(200);
    const body = found.json();
    expect(body.total).toBe(3);
    expect(body.totalPages).toBe(2);
    expect(body.pendingCount).toBe(1);
    expect(body.data.map((u: { _id: string }) => u._id)).toEqual([
      made[2]!.user._id,
      made[1]!.user._id,
    ]);
    expect(body.data[0]).toMatchObject({
      username: made[2]!.username,
      email: made[2]!.email,
      role: 'user',
      state: 'active',
      quotaBytes: null,
      suspendedAt: null,
    });
    const second = (await users('?query=PAGERFIND&limit=2&page=2')).json();
    expect(second.data.map((u: { _id: string }) => u._id)).toEqual([made[0]!.user._id]);
    expect(second.data[0].state).toBe('pending');
    const pending = (await users('?state=pending')).json();
    expect(pending.data.map((u: { _id: string }) => u._id)).toEqual([made[0]!.user._id]);
    const staff = (await users('?role=moderator')).json();
    expect(staff.data.map((u: { username: string }) => u.username)).toEqual([moderator.username]);
    const none = (await users('?query=nobody-is-called-this')).json();
    expect(none).toMatchObject({ data: [], total: 0, totalPages: 0 });
    // Wildcards in the search are literal.
    expect((await users('?query=%25')).json().total).toBe(0);
    expect((await users('?state=frozen')).statusCode).toBe(400);
  });
});

describe('PATCH /admin/users/:id', () => {
  it('lets an admin change a role, and refuses a moderator any role change', async () => {
    const target = await signedInUser(t.server, 'rolechange');
    const refused = await call(t, 'PATCH', `/admin/users/${target.user._id}`, {
      cookie: moderator.cookie,
      body: { role: 'moderator' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an admin can do this.');
    const res = await call(t, 'PATCH', `/admin/users/${target.user._id}`, {
      cookie: admin.cookie,
      body: { role: 'moderator' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('moderator');
    const session = await call(t, 'GET', '/users/check-session', { cookie: target.cookie });
    expect(session.json().user.role).toBe('moderator');
    expect(await audit(target.user._id)).toEqual([
      {
        action: 'user.role',
        actor_id: admin.user._id,
        actor_username: admin.username,
        reason: 'user → moderator',
      },
    ]);
  });

  it('sets and clears a user’s quota (moderators may, for users)', async () => {
    const target = await signedInUser(t.server, 'quotaed');
    const set = await call(t, 'PATCH', `/admin/users/${target.user._id}`, {
      cookie: moderator.cookie,
      body: { quotaBytes: 5_000_000 },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.quotaBytes).toBe(5_000_000);
    const cleared = await call(t, 'PATCH', `/admin/users/${target.user._id}`, {
      cookie: moderator.cookie,
      body: { quotaBytes: null },
    });
    expect(cleared.json().data.quotaBytes).toBeNull();
    for (const body of [{}, { quotaBytes: -1 }, { quotaBytes: 1.5 }, { role: 'owner' }]) {
      const bad = await call(t, 'PATCH', `/admin/users/${target.user._id}`, {
        cookie: admin.cookie,
        body,
      });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const unknown = await call(t, 'PATCH', '/admin/users/0123456789abcdef01234567', {
      cookie: admin.cookie,
      body: { quotaBytes: 1 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('suspension and approval rules', () => {
  it('refuses suspending yourself, a suspended account again, and a missing reason', async () => {
    const target = await signedInUser(t.server, 'suspendrules');
    const self = await call(t, 'POST', `/admin/users/${moderator.user._id}/suspend`, {
      cookie: moderator.cookie,
      body: { reason: 'Me' },
    });
    expect(self.statusCode).toBe(403);
    const noReason = await call(t, 'POST', `/admin/users/${target.user._id}/suspend`, {
      cookie: moderator.cookie,
      body: { reason: '   ' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('A reason is required.');
    const once = await call(t, 'POST', `/admin/users/${target.user._id}/suspend`, {
      cookie: moderator.cookie,
      body: { reason: 'Abuse' },
    });
    expect(once.statusCode).toBe(200);
    const twice = await call(t, 'POST', `/admin/users/${target.user._id}/suspend`, {
      cookie: moderator.cookie,
      body: { reason: 'Abuse' },
    });
    expect(twice.statusCode).toBe(409);
    expect(
      (await users('?state=suspended')).json().data.map((u: { _id: string }) => u._id),
    ).toContain(target.user._id);
    const lift = await call(t, 'POST', `/admin/users/${target.user._id}/unsuspend`, {
      cookie: moderator.cookie,
    });
    expect(lift.statusCode).toBe(200);
    const again = await call(t, 'POST', `/admin/users/${target.user._id}/unsuspend`, {
      cookie: moderator.cookie,
    });
    expect(again.statusCode).toBe(409);
    expect((await audit(target.user._id)).map((e) => e.action)).toEqual([
      'user.suspend',
      'user.unsuspend',
    ]);
  });

  it('approves a held sign-up once; approving an active account is a 409', async () => {
    const held = await signedInUser(t.server, 'heldsignup');
    await t.database.db
      .updateTable('users')
      .set({ awaiting_approval: 1 })
      .where('id', '=', held.user._id)
      .execute();
    const approved = await call(t, 'POST', `/admin/users/${held.user._id}/approve`, {
      cookie: moderator.cookie,
      body: {},
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.state).toBe('active');
    const again = await call(t, 'POST', `/admin/users/${held.user._id}/approve`, {
      cookie: moderator.cookie,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('POST /admin/users/:id/two-factor-off', () => {
  const signIn = (username: string, password: string) =>
    t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username, password },
    });
  const turnOff = (id: string, cookie: string, body?: unknown) =>
    call(t, 'POST', `/admin/users/${id}/two-factor-off`, { cookie, body });

  it('lets an admin turn it off, once, with the reason logged: the password alone signs in', async () => {
    const locked = await signedInUser(t.server, 'lostauth');
    const plain = await signedInUser(t.server, 'lostauthnot');
    await turnOnTwoFactor(t, locked.cookie);
    expect((await signIn(locked.username, locked.password)).json()).toMatchObject({
      totpRequired: true,
    });
    const listed = (await users('?query=lostauth')).json().data as {
      username: string;
      twoFactor: boolean;
    }[];
    expect(Object.fromEntries(listed.map((u) => [u.username, u.twoFactor]))).toEqual({
      [locked.username]: true,
      [plain.username]: false,
    });

    const off = await turnOff(locked.user._id, admin.cookie, { reason: 'Lost phone, ID checked' });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Two-factor sign-in is off.',
      data: { _id: locked.user._id, twoFactor: false },
    });
    const again = await signIn(locked.username, locked.password);
    expect(again.statusCode).toBe(200);
    expect(again.json().totpRequired).toBeUndefined();
    const codes = await t.database.db
      .selectFrom('totp_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', locked.user._id)
      .execute();
    expect(codes).toEqual([]);
    expect(await audit(locked.user._id)).toEqual([
      {
        action: 'user.two_factor_off',
        actor_id: admin.user._id,
        actor_username: admin.username,
        reason: 'Lost phone, ID checked',
      },
    ]);

    const twice = await turnOff(locked.user._id, admin.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Two-factor sign-in is not on for ${locked.username}.`);
    const never = await turnOff(plain.user._id, admin.cookie, {});
    expect(never.statusCode).toBe(409);
    expect(await audit(locked.user._id)).toHaveLength(1);
    expect(await audit(plain.user._id)).toEqual([]);
  });

  it('is refused to moderators, users, visitors and on the admin’s own account; unknown ids are a 404', async () => {
    const target = await signedInUser(t.server, 'keepsauth');
    const other = await signedInUser(t.server, 'keepsauthother');
    await turnOnTwoFactor(t, target.cookie);
    await turnOnTwoFactor(t, admin.cookie);
    const refusals = [
      await turnOff(target.user._id, moderator.cookie),
      await turnOff(target.user._id, other.cookie),
      await turnOff(admin.user._id, admin.cookie),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    expect(refusals[2]!.json().message).toBe('Turn off your own two-factor sign-in in Settings.');
    expect(
      (await call(t, 'POST', `/admin/users/${target.user._id}/two-factor-off`)).statusCode,
    ).toBe(401);
    expect((await turnOff('000000000000000000000000', admin.cookie)).statusCode).toBe(404);
    expect((await turnOff('not an id', admin.cookie)).statusCode).toBe(404);
    const tooLong = await turnOff(target.user._id, admin.cookie, { reason: 'x'.repeat(5_000) });
    expect(tooLong.statusCode).toBe(400);
    // Nothing was turned off by any of them.
    expect((await signIn(target.username, target.password)).json().totpRequired).toBe(true);
    expect((await signIn(admin.username, admin.password)).json().totpRequired).toBe(true);
    expect(await audit(target.user._id)).toEqual([]);
  });
});

describe('settings and the audit log', () => {
  it('changes settings for admins only, applied at once, and logs it', async () => {
    const before = await call(t, 'GET', '/admin/settings', { cookie: admin.cookie });
    expect(before.json().data).toEqual({
      registration: 'open',
      instanceName: 'Vidshare',
      instanceDescription: '',
      defaultQuotaBytes: null,
      defaultDailyQuotaBytes: null,
    });
    const refused = await call(t, 'PATCH', '/admin/settings', {
      cookie: moderator.cookie,
      body: { instanceName: 'Mine now' },
    });
    expect(refused.statusCode).toBe(403);
    const saved = await call(t, 'PATCH', '/admin/settings', {
      cookie: admin.cookie,
      body: {
        instanceName: '  Tube Town ',
        instanceDescription: 'Trains, mostly.',
        defaultQuotaBytes: 1e9,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      instanceName: 'Tube Town',
      instanceDescription: 'Trains, mostly.',
      defaultQuotaBytes: 1e9,
    });
    // Anyone reads the instance's name; another connection (another process) reads it too.
    const info = await call(t, 'GET', '/instance');
    expect(info.json().data).toMatchObject({
      name: 'Tube Town',
      description: 'Trains, mostly.',
      registration: 'open',
    });
    for (const body of [{}, { registration: 'invite' }, { instanceName: '' }]) {
      const bad = await call(t, 'PATCH', '/admin/settings', { cookie: admin.cookie, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const log = await call(t, 'GET', '/admin/audit?action=settings.update', {
      cookie: moderator.cookie,
    });
    expect(log.json().data[0]).toMatchObject({
      action: 'settings.update',
      actor: { _id: admin.user._id, username: admin.username },
      targetType: 'settings',
      targetId: 'instance',
    });
    expect(log.json().data[0].reason).toContain('instanceName="Tube Town"');
  });

  it('reads the audit log newest first, paged, and offers no way to change it', async () => {
    const page = (
      await call(t, 'GET', '/admin/audit?limit=2', { cookie: moderator.cookie })
    ).json();
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThan(4);
    const times = page.data.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const res = await call(t, method, '/admin/audit', { cookie: admin.cookie, body: {} });
      expect(res.statusCode, method).toBe(404);
    }
  });
});

describe('DELETE /admin/users/:id', () => {
  it('removes the account’s unfinished resumable uploads, their bytes too, at once', async () => {
    const leaver = await signedInUser(t.server, 'halfway');
    const begun = await t.server.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      headers: {
        cookie: leaver.cookie,
        'tus-resumable': '1.0.0',
        'upload-length': String(4096),
        'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
      },
    });
    expect(begun.statusCode, begun.body).toBe(201);
    const location = begun.headers.location as string;
    const sent = await t.server.inject({
      method: 'PATCH',
      url: location,
      headers: {
        cookie: leaver.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(1024, 1),
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const id = location.split('/').pop()!;
    const bytes = fs.readdirSync(path.join(t.dataDir, 'uploads')).filter((f) => f.startsWith(id));
    expect(bytes.length).toBeGreaterThan(0);

    const res = await call(t, 'DELETE', `/admin/users/${leaver.user._id}`, {
      cookie: admin.cookie,
      body: { reason: 'Spam account' },
    });
    expect(res.statusCode).toBe(200);
    expect(
      await t.database.db.selectFrom('uploads').select('id').where('id', '=', id).execute(),
    ).toEqual([]);
    expect(fs.readdirSync(path.join(t.dataDir, 'uploads')).filter((f) => f.startsWith(id))).toEqual(
      [],
    );
  });
});
