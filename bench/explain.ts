import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../server/src/db/schema.js';
import { CommentRepository } from '../server/src/repositories/comment.repository.js';
import { LikeRepository } from '../server/src/repositories/like.repository.js';
import { StudioRepository } from '../server/src/repositories/studio.repository.js';
import {
  SearchRepository,
  type SearchOrder,
} from '../server/src/repositories/search.repository.js';
import { SubscriptionFeedRepository } from '../server/src/repositories/subscription-feed.repository.js';
import { VideoRepository } from '../server/src/repositories/video.repository.js';

/**
 * The SQL behind each benchmarked endpoint, captured from the real repositories against the
 * seeded SQLite bench database, with SQLite's query plan and one timed execution each.
 * Run after `npm run bench`: `node --import tsx bench/explain.ts`.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const file = path.join(ROOT, '.tmp', 'bench-data', 'sqlite', 'vidshare.sqlite');
const sqlite = new SQLite(file, { readonly: true });
const captured: { sql: string; params: readonly unknown[] }[] = [];
const db = new Kysely<Database>({
  dialect: new SqliteDialect({ database: sqlite }),
  log: (event) => {
    if (event.level === 'query')
      captured.push({ sql: event.query.sql, params: event.query.parameters });
  },
});

const idOf = (username: string) =>
  (sqlite.prepare('select id from users where username = ?').get(username) as { id: string }).id;
const viewer = idOf('benchviewer');
const studio = idOf('benchstudio');
const hot = (
  sqlite
    .prepare('select video_id from comments group by video_id order by count(*) desc limit 1')
    .get() as {
    video_id: string;
  }
).video_id;

const videos = new VideoRepository(db, 'sqlite');
const searches = new SearchRepository(db, 'sqlite');
const newest = { column: 'created_at', direction: 'desc' } as const;
const search = (q: string, order: SearchOrder = { by: 'createdAt', direction: 'desc' }) =>
  searches.searchPage({ q, order, filters: {}, limit: 20, offset: 0, cap: 1000 });
const cases: [string, () => Promise<unknown>][] = [
  [
    'home feed',
    () => videos.page({ visibilities: ['public'], sort: newest, limit: 60, offset: 0 }),
  ],
  ['single video', () => videos.findForWatch(hot, viewer)],
  [
    'search: title fragment',
    () => Promise.all([search('canyon'), searches.searchCount('canyon', 1000)]),
  ],
  ['search: by views', () => search('canyon', { by: 'views', direction: 'desc' })],
  ['search: by relevance', () => search('canyon', { by: 'relevance' })],
  [
    'search: this week, long',
    () =>
      searches.searchPage({
        q: 'canyon',
        order: { by: 'createdAt', direction: 'desc' },
        filters: { since: Date.now() - 7 * 86_400_000, minDuration: 1200 },
        limit: 20,
        offset: 0,
        cap: 1000,
      }),
  ],
  [
    'search: hashtag',
    () => Promise.all([search('#cooking'), searches.searchCount('#cooking', 1000)]),
  ],
  ['suggestions', () => searches.suggest('cany', 5)],
  ['comments', () => new CommentRepository(db).page(hot, 100, 0)],
  ['liked videos', () => new LikeRepository(db).likedVideos(viewer, 100, 0)],
  ['subscriptions feed', () => new SubscriptionFeedRepository(db, 'sqlite').page(viewer, 60, 0)],
  ['studio content', () => new StudioRepository(db).page(studio, newest, 20, 0)],
];

for (const [name, run] of cases) {
  captured.length = 0;
  await run();
  console.log(`\n### ${name}`);
  for (const q of captured) {
    const plan = sqlite.prepare(`explain query plan ${q.sql}`).all(...(q.params as unknown[])) as {
      detail: string;
    }[];
    const stmt = sqlite.prepare(q.sql);
    const t = performance.now();
    stmt.all(...(q.params as unknown[]));
    const ms = performance.now() - t;
    console.log(`\n${q.sql}\n  params ${JSON.stringify(q.params)}\n  ${ms.toFixed(2)} ms`);
    for (const p of plan) console.log(`  | ${p.detail}`);
  }
}
await db.destroy();
