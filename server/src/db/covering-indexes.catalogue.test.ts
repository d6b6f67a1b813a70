import { CompiledQuery, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DAY, NOW, VIEWER, video } from '../../sql/repository-fixtures.js';
import { catalogueStatements } from './catalogue-statements.js';
import type { Database } from './schema.js';
import { withStablePlan } from './stable-plan.js';

const CHANNELS = 40;
const VIDEOS = 4000;

/**
 * Enough rows, and their statistics, for SQLite to plan as it does for a real site: on empty
 * tables it reads whichever index comes first. Channels of 100 videos, one in ten private; the
 * viewer likes, watched and subscribes to some.
 */
async function populate(db: Kysely<Database>): Promise<void> {
  const users = Array.from({ length: CHANNELS }, (_, i) => ({
    id: `c-${i}`,
    username: `channel${i}`,
    email: `channel${i}@example.com`,
    full_name: `Channel ${i}`,
    password_hash: null,
    avatar_key: `images/c-${i}-avatar.png`,
    cover_key: null,
    created_at: NOW - 30 * DAY,
  }));
  await db.insertInto('users').values(users).execute();
  const ids = Array.from({ length: VIDEOS }, (_, i) => `b-${String(i).padStart(5, '0')}`);
  for (let i = 0; i < VIDEOS; i += 200) {
    await db
      .insertInto('videos')
      .values(
        ids.slice(i, i + 200).map((id, j) => ({
          ...video(id, (i + j) % 10 === 0 ? 'private' : 'public'),
          owner_id: `c-${(i + j) % CHANNELS}`,
          created_at: NOW - (i + j) * 60_000,
        })),
      )
      .execute();
  }
  const liked = ids.filter((_, i) => i % 13 === 0);
  await db
    .insertInto('likes')
    .values(
      liked.map((id, i) => ({
        user_id: VIEWER,
        target_type: 'Video' as const,
        target_id: id,
        kind: 'like' as const,
        created_at: NOW - i * 1000,
      })),
    )
    .execute();
  await db
    .insertInto('watch_history')
    .values(liked.map((id, i) => ({ user_id: VIEWER, video_id: id, watched_at: NOW - i * 1000 })))
    .execute();
  await db
    .insertInto('subscriptions')
    .values(
      Array.from({ length: 10 }, (_, i) => ({
        subscriber_id: VIEWER,
        channel_id: `c-${i}`,
        created_at: NOW - DAY,
      })),
    )
    .execute();
  await db.executeQuery(CompiledQuery.raw('analyze'));
}

/** Each step of the plan that reads `videos`, under any of the names the statement gives it. */
async function videoSteps(
  db: Kysely<Database>,
  text: string,
  parameters: readonly unknown[],
): Promise<string[]> {
  const names = [...text.matchAll(/"videos" as "(\w+)"/g)].map((m) => m[1]!);
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${withStablePlan(text)}`, [...parameters]),
  );
  return rows
    .map((r) => r.detail)
    .filter((d) =>
      names.some((name) => d.startsWith(`SEARCH ${name} `) || d.startsWith(`SCAN ${name} `)),
    );
}

/**
 * The lists whose rows come from videos a viewer may see, found by position (the home feed,
 * the subscriptions feed) or by id (liked, history, playlists, trending, kept search matches).
 * A list filtered or ranked by title text, and the studio's and channels' lists sorted by
 * title, read the table by design.
 */
const byText = (s: string) => s.includes('lower(v.title)') || s.includes('lower("v"."title")');
const LISTS: { name: string; matches: (text: string) => boolean }[] = [
  {
    name: 'home feed',
    matches: (s) =>
      /from "videos" as "v" where "v"\."visibility" in \([?, ]+\) order by "v"\."created_at"/.test(
        s,
      ),
  },
  {
    name: 'subscriptions feed',
    matches: (s) => s.includes('"v"."owner_id" in (select "s"."channel_id" from "subscriptions"'),
  },
  { name: 'liked', matches: (s) => s.includes('from "likes" as "l" inner join "videos" as "v"') },
  {
    name: 'history',
    matches: (s) => s.includes('from "watch_history" as "h"'),
  },
  { name: 'playlist', matches: (s) => s.includes('from "playlist_items" as "i" inner join') },
  {
    name: 'public videos by id',
    matches: (s) =>
      /where "v"\."id" in \((\?|select value from json_each).*"v"\."visibility" = \?/.test(s),
  },
];

describe('SQLite lists of video cards', () => {
  it('read what each card needs beside its cache from an index alone', async () => {
    const { handle, sent } = await catalogueStatements();
    try {
      const rows = sent.filter((s) =>
        s.text.startsWith('select "v"."id", "v"."card_version", "v"."views"'),
      );
      await populate(handle.db);
      const throughTable: string[] = [];
      for (const list of LISTS) {
        const statements = rows.filter((s) => list.matches(s.text) && !byText(s.text));
        expect(statements.length, list.name).toBeGreaterThan(0);
        for (const { text, parameters } of statements) {
          const steps = await videoSteps(handle.db, text, parameters);
          expect(steps.length, text).toBeGreaterThan(0);
          const uncovered = steps.filter((s) => !s.includes('USING COVERING INDEX'));
          if (uncovered.length > 0) {
            throughTable.push(`${list.name}: ${text}\n  ${uncovered.join(' | ')}`);
          }
        }
      }
      expect(throughTable).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
