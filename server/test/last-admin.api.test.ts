import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.js';
import { call, staffUser } from './helpers/staff.js';

/**
 * The last active admin is never demoted, suspended or removed, by staff or by their own
 * account's deletion, and two admins doing it to each other at once leave one admin. Each
 * test builds its own app, so the admins it makes are the only ones there.
 */
describe('the last active admin', () => {
  it('never demotes, suspends or deletes the last active admin', async () => {
    const t2 = await createTestApp();
    try {
      const only = await staffUser(t2, 'admin', 'onlyadmin');
      const second = await staffUser(t2, 'admin', 'secondadmin');
      // Two admins: one may demote the other, and then the one left is protected.
      const demoted = await call(t2, 'PATCH', `/admin/users/${second.user._id}`, {
        cookie: only.cookie,
        body: { role: 'user' },
      });
      expect(demoted.statusCode).toBe(200);
      for (const [method, path, body] of [
        ['PATCH', '', { role: 'moderator' }],
        ['POST', '/suspend', { reason: 'Testing' }],
        ['DELETE', '', { reason: 'Testing' }],
      ] as const) {
        const res = await call(t2, method, `/admin/users/${only.user._id}${path}`, {
          cookie: only.cookie,
          body,
        });
        expect([403, 409], `${method} ${path}`).toContain(res.statusCode);
      }
      const last = await call(t2, 'PATCH', `/admin/users/${only.user._id}`, {
        cookie: only.cookie,
        body: { role: 'user' },
      });
      expect(last.statusCode).toBe(409);
      expect(last.json().message).toBe('The last admin cannot be demoted, suspended or removed.');
      const row = await t2.database.db
        .selectFrom('users')
        .select(['role', 'suspended_at'])
        .where('id', '=', only.user._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ role: 'admin', suspended_at: null });
      // Deleting their own account is the same deletion, with the same rule.
      const own = await call(t2, 'DELETE', '/users/me', {
        cookie: only.cookie,
        body: { password: only.password },
      });
      expect(own.statusCode).toBe(409);
      expect(own.json().message).toBe('The last admin cannot be demoted, suspended or removed.');
      expect(
        await t2.database.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', only.user._id)
          .execute(),
      ).toHaveLength(1);
      // A second admin makes the first one's deletion possible, as anyone's.
      await call(t2, 'PATCH', `/admin/users/${second.user._id}`, {
        cookie: only.cookie,
        body: { role: 'admin' },
      });
      const byStaff = await call(t2, 'DELETE', `/admin/users/${only.user._id}`, {
        cookie: second.cookie,
        body: { reason: 'Leaving' },
      });
      expect(byStaff.statusCode).toBe(200);
      const audit = await t2.database.db
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('target_id', '=', only.user._id)
        .where('action', '=', 'user.delete')
        .execute();
      expect(audit).toEqual([{ action: 'user.delete', actor_id: second.user._id }]);
    } finally {
      await t2.close();
    }
  });

  it('lets exactly one of two admins demoting each other at once succeed', async () => {
    const t2 = await createTestApp();
    try {
      const a = await staffUser(t2, 'admin', 'duela');
      const b = await staffUser(t2, 'admin', 'duelb');
      const [ab, ba] = await Promise.all([
        call(t2, 'PATCH', `/admin/users/${b.user._id}`, {
          cookie: a.cookie,
          body: { role: 'user' },
        }),
        call(t2, 'PATCH', `/admin/users/${a.user._id}`, {
          cookie: b.cookie,
          body: { role: 'user' },
        }),
      ]);
      const codes = [ab.statusCode, ba.statusCode];
      // The loser is refused by the gate (already demoted) or by the last-admin rule.
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 403 || c === 409)).toHaveLength(1);
      const admins = await t2.database.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .execute();
      expect(admins).toHaveLength(1);
    } finally {
      await t2.close();
    }
  });

  it('lets exactly one of two admins deleting each other at once succeed, and one admin stays', async () => {
    const t2 = await createTestApp();
    try {
      const a = await staffUser(t2, 'admin', 'gonea');
      const b = await staffUser(t2, 'admin', 'goneb');
      // Each also leaves by their own account's deletion at the same moment.
      const [ab, ba, aa] = await Promise.all([
        call(t2, 'DELETE', `/admin/users/${b.user._id}`, {
          cookie: a.cookie,
          body: { reason: 'Duel' },
        }),
        call(t2, 'DELETE', `/admin/users/${a.user._id}`, {
          cookie: b.cookie,
          body: { reason: 'Duel' },
        }),
        call(t2, 'DELETE', '/users/me', { cookie: a.cookie, body: { password: a.password } }),
      ]);
      const codes = [ab.statusCode, ba.statusCode, aa.statusCode];
      // Whichever went first, what would remove the other admin too is refused (the last
      // admin, or a session already gone); two deletions of the same account may both pass.
      for (const code of codes) expect([200, 204, 401, 403, 409], codes.join()).toContain(code);
      expect(codes.filter((c) => c >= 400).length, codes.join()).toBeGreaterThanOrEqual(1);
      const admins = await t2.database.db
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .where('suspended_at', 'is', null)
        .execute();
      expect(admins).toHaveLength(1);
      const left = await t2.database.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [a.user._id, b.user._id])
        .execute();
      expect(left).toEqual(admins);
    } finally {
      await t2.close();
    }
  });
});
