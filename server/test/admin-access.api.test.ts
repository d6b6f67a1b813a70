import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@contract';
import {
  operationKey,
  secureByDefault,
  STAFF_OPERATIONS,
  type StaffRule,
} from '../src/http/plugins/access.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * The authorisation matrix, generated from the app's route table: every route under /admin ×
 * a visitor, a user, a moderator, an admin, and a moderator acting on an admin's (or another
 * moderator's) account or content. A route under /admin without a rule cannot register.
 */
let t: TestApp;
let user: SignedIn;
let moderator: SignedIn;
let admin: SignedIn;
let otherAdmin: SignedIn;
let otherModerator: SignedIn;
const targets: Record<'admin' | 'moderator', Record<'user' | 'video' | 'comment', string>> = {
  admin: { user: '', video: '', comment: '' },
  moderator: { user: '', video: '', comment: '' },
};

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.server, 'plain');
  moderator = await staffUser(t, 'moderator');
  admin = await staffUser(t, 'admin');
  otherAdmin = await staffUser(t, 'admin', 'admintwo');
  otherModerator = await staffUser(t, 'moderator', 'modtwo');
  for (const [role, owner] of [
    ['admin', otherAdmin],
    ['moderator', otherModerator],
  ] as const) {
    const video = await insertVideo(t, owner.user._id, { title: `A ${role}'s video` });
    const comment = await call(t, 'POST', `/comments/createcomments/u/${video}`, {
      cookie: owner.cookie,
      body: { content: `A ${role}'s comment` },
    });
    targets[role] = { user: owner.user._id, video, comment: comment.json().data._id };
  }
});
afterAll(async () => {
  await t.close();
});

const ANY_ID = '0123456789abcdef01234567';

function staffRoutes() {
  return t.app.routes.filter((r) => r.url.startsWith(`${API_BASE}/admin/`) && r.method !== 'HEAD');
}

function url(route: { url: string }, rule: StaffRule, owner: 'admin' | 'moderator'): string {
  const id = rule.target ? targets[owner][rule.target] : ANY_ID;
  return route.url.replace(':id', id);
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('the admin API’s authorisation matrix', () => {
  it('has a rule for every route under /admin, and a route for every rule', () => {
    const keys = staffRoutes().map((r) => operationKey(r.method, r.url));
    expect(keys.length).toBeGreaterThanOrEqual(15);
    expect(keys.filter((k) => !STAFF_OPERATIONS[k])).toEqual([]);
    expect(Object.keys(STAFF_OPERATIONS).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('refuses visitors 401 and users 403 on every admin route, before reading the body', async () => {
    for (const route of staffRoutes()) {
      const rule = STAFF_OPERATIONS[operationKey(route.method, route.url)]!;
      const target = url(route, rule, 'admin');
      const visitor = await call(t, route.method as Method, target.slice(API_BASE.length));
      expect(visitor.statusCode, `visitor ${route.key}`).toBe(401);
      const plain = await call(t, route.method as Method, target.slice(API_BASE.length), {
        cookie: user.cookie,
      });
      expect(plain.statusCode, `user ${route.key}`).toBe(403);
      expect(plain.json().success, `user ${route.key}`).toBe(false);
    }
  });

  it('lets moderators through moderator routes, and refuses them admin routes', async () => {
    for (const route of staffRoutes()) {
      const rule = STAFF_OPERATIONS[operationKey(route.method, route.url)]!;
      if (rule.target) continue;
      // An unknown id and an empty body: past the gate, the service or the schema answers.
      const res = await call(
        t,
        route.method as Method,
        url(route, rule, 'admin').slice(API_BASE.length),
        {
          cookie: moderator.cookie,
          body: route.method === 'GET' ? undefined : {},
        },
      );
      if (rule.role === 'admin') {
        expect(res.statusCode, `moderator ${route.key}`).toBe(403);
        expect(res.json().message).toBe('Only an admin can do this.');
      } else {
        expect([401, 403], `moderator ${route.key}: ${res.body}`).not.toContain(res.statusCode);
      }
    }
  });

  it('refuses a moderator acting on an admin’s, or another moderator’s, account or content', async () => {
    let checked = 0;
    for (const route of staffRoutes()) {
      const rule = STAFF_OPERATIONS[operationKey(route.method, route.url)]!;
      // Admin-only routes refuse a moderator whatever the target (the case before).
      if (!rule.target || rule.role !== 'moderator') continue;
      for (const owner of ['admin', 'moderator'] as const) {
        const res = await call(
          t,
          route.method as Method,
          url(route, rule, owner).slice(API_BASE.length),
          {
            cookie: moderator.cookie,
            // A body the route accepts, so the refusal is the rule's and not the schema's.
            body: { reason: 'Checked by the matrix', quotaBytes: 1024 },
          },
        );
        expect(res.statusCode, `moderator on ${owner}: ${route.key}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe('Moderators can act on users only, not on other staff.');
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(16);
    // Nothing was changed by the refused calls.
    const rows = await t.database.db
      .selectFrom('users')
      .select(['role', 'suspended_at', 'quota_bytes'])
      .where('id', 'in', [targets.admin.user, targets.moderator.user])
      .execute();
    expect(rows.every((r) => r.suspended_at === null && r.quota_bytes === null)).toBe(true);
    const blocked = await t.database.db
      .selectFrom('videos')
      .select('blocked_at')
      .where('id', 'in', [targets.admin.video, targets.moderator.video])
      .execute();
    expect(blocked.every((v) => v.blocked_at === null)).toBe(true);
  });

  it('lets admins through every route', async () => {
    for (const route of staffRoutes()) {
      const rule = STAFF_OPERATIONS[operationKey(route.method, route.url)]!;
      // An empty body: past the gate, nothing destructive can be accepted.
      const res = await call(
        t,
        route.method as Method,
        url(route, rule, 'admin').slice(API_BASE.length),
        {
          cookie: admin.cookie,
          body: route.method === 'GET' ? undefined : {},
        },
      );
      expect([401, 403], `admin ${route.key}: ${res.body}`).not.toContain(res.statusCode);
    }
  });

  it('refuses to register a route under /admin that has no rule', async () => {
    const app = Fastify();
    secureByDefault(app);
    await expect(
      app.register(
        async (api) => {
          api.get('/admin/new-thing', async () => ({}));
        },
        { prefix: API_BASE },
      ),
    ).rejects.toThrow(/has no rule in STAFF_OPERATIONS/);
    await app.close().catch(() => undefined);
  });
});
