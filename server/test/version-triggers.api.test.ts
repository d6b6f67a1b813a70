import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@contract';
import {
  CARD_VERSION,
  COMMENTS_VERSION,
  SEARCH_GENERATION,
  type VersionCoverage,
} from '../src/caches/version-coverage.js';
import { apiCall } from './helpers/api-client.js';
import { signedInUser } from './helpers/fixtures.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { insertVideo } from './helpers/video-rows.js';

/**
 * The database's triggers against `version-coverage.ts`: a change to each column a version is
 * declared to cover, and each insert and delete it covers, must move that version. The triggers
 * are generated from the same lists (db/derived/); this checks what the database really does.
 */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let videoId: string;
let commentId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'versions');
  videoId = await insertVideo(t, owner.user._id, { title: 'Versioned', hashtag: '#versions' });
  const res = await apiCall(t, 'POST', API_PATHS.createComment(videoId), {
    cookie: owner.cookie,
    payload: { content: 'A comment' },
  });
  expect(res.statusCode).toBe(201);
  commentId = res.json().data._id;
});
afterAll(async () => {
  await t.close();
});

async function versionOf(coverage: VersionCoverage): Promise<number> {
  const [table, column] = coverage.version.split('.') as [string, string];
  const where = table === 'videos' ? sql`id = ${videoId}` : sql`id = 1`;
  const { rows } = await sql<{ v: number }>`select ${sql.ref(column)} as v from ${sql.table(
    table,
  )} where ${where}`.execute(t.database.db);
  return Number(rows[0]!.v);
}

/** The row of `table` whose change the video's versions must follow. */
function rowOf(table: string): string {
  if (table === 'videos') return videoId;
  if (table === 'users') return owner.user._id;
  if (table === 'comments') return commentId;
  throw new Error(`no row for ${table}`);
}

const ENUM_COLUMNS: Record<string, [string, string]> = {
  visibility: ['public', 'unlisted'],
  comments_mode: ['open', 'held'],
};

/**
 * Another text of the same length when there is one (a fixed-width column such as a media
 * token takes no more characters), else one character more.
 */
function changedText(current: unknown): string {
  const text = String(current ?? '');
  if (text.length === 0) return 'x';
  const last = text.at(-1) === 'a' ? 'b' : 'a';
  return `${text.slice(0, -1)}${last}`;
}

/** Changes one column of the test's row of `table` to a new value of its kind. */
async function change(table: string, column: string): Promise<void> {
  const id = rowOf(table);
  const { rows } = await sql<{ v: unknown }>`select ${sql.ref(column)} as v from ${sql.table(
    table,
  )} where id = ${id}`.execute(t.database.db);
  const current = rows[0]!.v;
  // Columns whose CHECK allows a few words only flip between two of them.
  const words = ENUM_COLUMNS[column];
  const next = words
    ? current === words[0]
      ? words[1]
      : words[0]
    : typeof current === 'number' || typeof current === 'bigint'
      ? Number(current) + 1
      : changedText(current);
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${next} where id = ${id}`.execute(
    t.database.db,
  );
}

async function insertAndDelete(table: string): Promise<() => Promise<void>> {
  if (table === 'videos') {
    const id = await insertVideo(t, owner.user._id, { title: 'Passing through' });
    return async () => {
      await t.database.db.deleteFrom('videos').where('id', '=', id).execute();
    };
  }
  if (table === 'comments') {
    const res = await apiCall(t, 'POST', API_PATHS.createComment(videoId), {
      cookie: owner.cookie,
      payload: { content: 'Another comment' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data._id as string;
    return async () => {
      await t.database.db.deleteFrom('comments').where('id', '=', id).execute();
    };
  }
  throw new Error(`no insert for ${table}`);
}

const VERSIONS: VersionCoverage[] = [CARD_VERSION, COMMENTS_VERSION, SEARCH_GENERATION];

describe.each(VERSIONS)('$version', (coverage) => {
  const columns = Object.entries(coverage.moves).flatMap(([table, names]) =>
    names.map((name) => [table, name] as const),
  );

  it.each(columns)('moves when %s.%s changes', async (table, column) => {
    const before = await versionOf(coverage);
    await change(table, column);
    expect(await versionOf(coverage)).toBeGreaterThan(before);
  });

  for (const table of coverage.insertsAndDeletes) {
    it(`moves when a row of ${table} is inserted or deleted`, async () => {
      const before = await versionOf(coverage);
      const remove = await insertAndDelete(table);
      const inserted = await versionOf(coverage);
      expect(inserted, `insert into ${table}`).toBeGreaterThan(before);
      await remove();
      expect(await versionOf(coverage), `delete from ${table}`).toBeGreaterThan(inserted);
    });
  }
});
