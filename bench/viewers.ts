import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase } from '../server/src/db/database.js';
import { newId } from '../server/src/lib/ids.js';
import { hashToken } from '../server/src/lib/tokens.js';
import type { SeedResult } from './seed.js';

/**
 * Session tokens for `count` different signed-in viewers: the seeded viewer and bulk users who
 * subscribe and like as the seed made them. A signed-in list (liked videos, the subscriptions
 * feed) is a question of one viewer's, and a crowd is many viewers asking each their own: the
 * loads give each connection a viewer of its own, so one viewer's identical requests at once
 * never stand for a crowd's. Sessions are written directly, as a sign-in would write them.
 */
export async function viewerTokens(seeded: SeedResult, count: number): Promise<string[]> {
  const handle = openDatabase({
    databaseUrl: seeded.databaseUrl,
    sqlitePath: path.join(seeded.dataDir, 'vidshare.sqlite'),
  });
  try {
    const db = handle.db;
    const others = await db
      .selectFrom('subscriptions')
      .select('subscriber_id')
      .where('subscriber_id', 'not in', [seeded.viewer.id, seeded.studio.id])
      .groupBy('subscriber_id')
      .orderBy('subscriber_id')
      .limit(count - 1)
      .execute();
    if (others.length < count - 1) throw new Error(`the seed has fewer than ${count} viewers`);
    const now = Date.now();
    const tokens = others.map(() => randomBytes(32).toString('base64url'));
    await db
      .insertInto('sessions')
      .values(
        others.map((o, i) => ({
          token_hash: hashToken(tokens[i]!),
          id: newId(now),
          user_id: o.subscriber_id,
          created_at: now,
          expires_at: now + 86_400_000,
          last_seen_at: now,
          user_agent: 'bench',
          address: '127.0.0.1',
        })),
      )
      .execute();
    return [seeded.viewer.token, ...tokens];
  } finally {
    await handle.close();
  }
}
