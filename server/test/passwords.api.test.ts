import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '@contract';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { pngImage, register, uniqueUser } from './helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('POST /users/register: password rules', () => {
  it('refuses common, repetitive, sequential and personal passwords with the reason', async () => {
    const cases: [Partial<ReturnType<typeof uniqueUser>>, string][] = [
      [{ password: 'password' }, PASSWORD_MESSAGES.common],
      [{ password: 'Iloveyou1' }, PASSWORD_MESSAGES.common],
      [{ password: 'aaaaaaaa' }, PASSWORD_MESSAGES.repeated],
      [{ password: '12121212' }, PASSWORD_MESSAGES.repeated],
      [{ password: '23456789' }, PASSWORD_MESSAGES.sequence],
      [{ password: 'qwertyuiop' }, PASSWORD_MESSAGES.sequence],
    ];
    for (const [override, message] of cases) {
      const res = await register(t.server, {
        ...uniqueUser('pw'),
        ...override,
        avatar: await pngImage(),
      });
      expect(res.statusCode, override.password).toBe(400);
      expect(res.json().errors).toEqual([{ field: 'password', message }]);
    }
    const fields = uniqueUser('samepw');
    for (const password of [fields.username.toUpperCase(), fields.email]) {
      const res = await register(t.server, { ...fields, password, avatar: await pngImage() });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: PASSWORD_MESSAGES.personal,
        errors: [{ field: 'password', message: PASSWORD_MESSAGES.personal }],
      });
    }
    // Nothing was written for any of them.
    expect(await t.database.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await listFiles(t.mediaDir)).toEqual([]);
  });

  it('accepts a password that is none of these', async () => {
    const res = await register(t.server, { ...uniqueUser('goodpw'), avatar: await pngImage() });
    expect(res.statusCode).toBe(201);
  });
});
