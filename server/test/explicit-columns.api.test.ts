import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Queries name their columns: a statement prepared before another process migrates keeps
 * answering the same columns, and the password hash is read only by the sign-in check.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('explicit columns', () => {
  it('the signed-in user’s row never carries the password hash', async () => {
    const user = await signedInUser(t.server, 'hashless');
    const row = await t.app.services.auth.resolveSession(user.token);
    expect(row?.id).toBe(user.user._id);
    expect(Object.keys(row ?? {})).not.toContain('password_hash');
    expect(JSON.stringify(row)).not.toContain('$argon2');
    const byLogin = await t.app.services.auth.login(
      {
        username: user.username,
        password: user.password,
      },
      { userAgent: 'test', address: '127.0.0.1' },
    );
    expect(Object.keys(byLogin.user)).not.toContain('password_hash');
    expect(Object.keys(byLogin.user)).not.toContain('totp_secret');
  });

  it('no repository selects every column of a table', () => {
    const dir = path.resolve(import.meta.dirname, '../src/repositories');
    const offenders = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(dir, f), 'utf8');
        return /selectAll\(|returningAll\(|select\s+(\w+\.)?\*/i.test(text) ? [f] : [];
      });
    expect(offenders).toEqual([]);
  });
});
