import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import type { DatabaseHandle } from '../server/src/db/database.js';
import { newId } from '../server/src/lib/ids.js';
import { hashPassword } from '../server/src/lib/password.js';
import { LocalBlobStore } from '../server/src/storage/local-blob-store.js';
import { multipart, pngImage } from '../server/test/helpers/fixtures.js';
import { bulkInsert } from './seed-database.js';

/**
 * The bench's users: the two accounts the load signs in with, made through the real register
 * and login endpoints, and the bulk channels, inserted directly.
 */

/** A signed-in account the load uses; everything else is bulk rows. */
export interface SeedAccount {
  id: string;
  username: string;
  /** Session token, sent as the `sid` cookie. */
  token: string;
}

const PASSWORD = 'bench password 1';

/** The viewer and the studio account, and the viewer's stored avatar (the bulk users share it). */
export async function seedAccounts(
  handle: DatabaseHandle,
  dataDir: string,
  mediaDir: string,
): Promise<{ viewer: SeedAccount; studio: SeedAccount; avatarKey: string }> {
  const db = handle.db;
  const base = loadConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: '' });
  const config = {
    ...base,
    rateLimits: {
      login: { max: 1000, windowSeconds: 60 },
      register: { max: 1000, windowSeconds: 3600 },
    },
  };
  const app = await buildApp({ config, database: handle, blobs: new LocalBlobStore(mediaDir) });
  await app.server.ready();

  // The two signed-in accounts go through the real register and login endpoints.
  const avatar = await pngImage();
  const account = async (username: string): Promise<SeedAccount> => {
    const form = multipart({
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      fullName: `Bench ${username}`,
      avatar,
    });
    const reg = await app.server.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...form,
    });
    if (reg.statusCode !== 201) throw new Error(`register ${username} failed: ${reg.body}`);
    const login = await app.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username, password: PASSWORD },
    });
    const sid = login.cookies.find((c) => c.name === 'sid');
    if (!sid) throw new Error(`login ${username} failed: ${login.body}`);
    return {
      id: (reg.json() as { data: { user: { _id: string } } }).data.user._id,
      username,
      token: sid.value,
    };
  };
  const viewer = await account('benchviewer');
  const studio = await account('benchstudio');
  await app.server.close();
  const viewerRow = await db
    .selectFrom('users')
    .select('avatar_key')
    .where('id', '=', viewer.id)
    .executeTakeFirstOrThrow();
  return { viewer, studio, avatarKey: viewerRow.avatar_key };
}

/**
 * The bulk users, one per channel but the studio account's (channel 0): their ids, the studio
 * account's first. Created a second apart from `t0`.
 */
export async function seedUsers(
  db: DatabaseHandle['db'],
  channels: number,
  studioId: string,
  avatarKey: string,
  t0: number,
): Promise<string[]> {
  // Everyone else shares one real hash and the viewer's stored avatar.
  const sharedHash = await hashPassword(PASSWORD);
  // Channel 0 is the studio account; the rest are bulk users.
  const userIds: string[] = [studioId];
  for (let i = 1; i < channels; i += 1) userIds.push(newId(t0 + i * 1000));
  await bulkInsert(db, 'users', channels - 1, (i) => ({
    id: userIds[i + 1]!,
    username: `bench${i + 1}`,
    email: `bench${i + 1}@example.com`,
    full_name: `Bench Channel ${i + 1}`,
    password_hash: sharedHash,
    avatar_key: avatarKey,
    cover_key: null,
    created_at: t0 + i * 1000,
  }));
  return userIds;
}
