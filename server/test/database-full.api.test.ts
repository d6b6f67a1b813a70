import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_MESSAGES } from '../src/http/plugins/errors.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';

/**
 * The database's disk fills up: a sign-in that must write is answered 507 with a plain message,
 * not 500, and works again once there is room. On SQLite the file really cannot grow (the
 * connection's `max_page_count` at its size, its last pages filled); on PostgreSQL the server
 * raises its own disk_full error (SQLSTATE 53100) from a trigger.
 */
let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.server, 'diskfull');
});
afterAll(async () => {
  await t.close();
});

/** Makes writes of sign-in state fail as on a full disk; answers the undo. */
async function fillTheDisk(): Promise<() => Promise<void>> {
  const db = t.database.db;
  if (t.database.dialect === 'postgres') {
    await sql`create function disk_is_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
      db,
    );
    await sql`create trigger disk_is_full before insert or update on login_failures
      for each row execute function disk_is_full()`.execute(db);
    return async () => {
      await sql`drop trigger disk_is_full on login_failures`.execute(db);
      await sql`drop function disk_is_full()`.execute(db);
    };
  }
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await sql.raw(`pragma max_page_count = ${rows[0]!.page_count + 20}`).execute(db);
  // Rows in key order fill the table's and its indexes' last pages until the file may not
  // grow, large rows first, then ever smaller ones down to below a sign-in's own row: that row
  // (a later key, a later time) then needs a page it cannot have.
  let i = 0;
  for (const padding of [200, 40, 8, 0]) {
    for (;;) {
      i += 1;
      const account = `login:a${String(i).padStart(8, '0')}${'x'.repeat(padding)}`;
      try {
        await sql`insert into login_failures (account, failures, locked_until, updated_at)
          values (${account}, 1, 0, ${i})`.execute(db);
      } catch (err) {
        expect((err as { code?: string }).code).toBe('SQLITE_FULL');
        break;
      }
    }
  }
  return async () => {
    await sql.raw('pragma max_page_count = 1073741823').execute(db);
    await sql`delete from login_failures where account like 'login:a%'`.execute(db);
  };
}

describe('a full database disk', () => {
  it('answers a sign-in 507 with a plain message, and serves again once there is room', async () => {
    const login = (username: string) =>
      t.server.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { username, password: 'not the password' },
      });
    const undo = await fillTheDisk();
    try {
      const full = await login('zzzz-no-such-user');
      expect(full.statusCode).toBe(507);
      expect(full.json()).toEqual({
        statusCode: 507,
        success: false,
        message: DATABASE_MESSAGES.full,
        errors: [],
      });
    } finally {
      await undo();
    }
    expect((await login('zzzz-no-such-user')).statusCode).toBe(401);
    const ok = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: user.username, password: 'correct horse battery' },
    });
    expect(ok.statusCode).toBe(200);
  });
});
