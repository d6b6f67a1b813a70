import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { publish, uploadFields } from './helpers/media.js';
import { call, staffUser, type SignedIn } from './helpers/staff.js';

/**
 * Staff's quotas over the environment's: an account's own quota (PATCH /admin/users/{id}) and
 * the settings' defaults decide what an upload may add, at once, through the uploads' quota seam.
 */
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  // The environment allows 1 GiB each; staff narrow or widen it.
  t = await createTestApp({
    uploads: { ...(await createTestAppDefaults()), quotaBytes: 1024 ** 3 },
  });
  admin = await staffUser(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

/** The test app's upload limits as the environment gives them. */
async function createTestAppDefaults() {
  const probe = await createTestApp();
  try {
    return probe.config.uploads;
  } finally {
    await probe.close();
  }
}

const storage = async (user: SignedIn) =>
  (await call(t, 'GET', '/users/me/storage', { cookie: user.cookie })).json().data as {
    quotaBytes: number | null;
    dailyQuotaBytes: number | null;
  };

describe('quotas set by staff', () => {
  it('an account’s own quota refuses an upload that would pass it, and clearing it lifts that', async () => {
    const user = await signedInUser(t.server, 'quotaed');
    expect((await storage(user)).quotaBytes).toBe(1024 ** 3);
    await call(t, 'PATCH', `/admin/users/${user.user._id}`, {
      cookie: admin.cookie,
      body: { quotaBytes: 1000 },
    });
    expect((await storage(user)).quotaBytes).toBe(1000);
    const refused = await publish(t.server, user.cookie, await uploadFields());
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/storage quota/);

    await call(t, 'PATCH', `/admin/users/${user.user._id}`, {
      cookie: admin.cookie,
      body: { quotaBytes: null },
    });
    const accepted = await publish(t.server, user.cookie, await uploadFields());
    expect(accepted.statusCode).toBe(201);
  });

  it('the settings’ defaults override the environment’s, and an account’s own quota both', async () => {
    const user = await signedInUser(t.server, 'defaulted');
    const saved = await call(t, 'PATCH', '/admin/settings', {
      cookie: admin.cookie,
      body: { defaultQuotaBytes: 1000, defaultDailyQuotaBytes: 5000 },
    });
    expect(saved.statusCode).toBe(200);
    expect(await storage(user)).toMatchObject({ quotaBytes: 1000, dailyQuotaBytes: 5000 });
    expect((await publish(t.server, user.cookie, await uploadFields())).statusCode).toBe(413);

    await call(t, 'PATCH', `/admin/users/${user.user._id}`, {
      cookie: admin.cookie,
      body: { quotaBytes: 1024 ** 3 },
    });
    expect((await storage(user)).quotaBytes).toBe(1024 ** 3);
    // The daily default still applies to them.
    const daily = await publish(t.server, user.cookie, await uploadFields());
    expect(daily.statusCode).toBe(413);
    expect(daily.json().message).toMatch(/daily upload quota/);

    await call(t, 'PATCH', '/admin/settings', {
      cookie: admin.cookie,
      body: { defaultQuotaBytes: null, defaultDailyQuotaBytes: null },
    });
    expect((await publish(t.server, user.cookie, await uploadFields())).statusCode).toBe(201);
  });
});
