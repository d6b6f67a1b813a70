import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../server/src/db/schema.js';
import { VideoRepository } from '../server/src/repositories/video.repository.js';

/**
 * The home feed's page query at depth, as the server sends it, timed on the seeded SQLite bench
 * database: by offset (a client that knows only page numbers) and after a cursor (the web app's
 * endless list). Times are the query alone, many runs each, so they hold on a busy machine where
 * HTTP load figures swing. Run by `npm run bench`; alone after a bench: `node --import tsx
 * bench/deep-pages.ts`.
 */
export interface DeepPageRow {
  page: number;
  way: 'offset' | 'cursor';
  medianMs: number;
  p99Ms: number;
  plan: string;
}

const LIMIT = 60;
const RUNS = 300;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

export async function deepPages(file: string, pages = [1, 100, 1000]): Promise<DeepPageRow[]> {
  const sqlite = new SQLite(file, { readonly: true });
  const captured: { sql: string; params: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === 'query') {
        captured.push({ sql: event.query.sql, params: event.query.parameters });
      }
    },
  });
  const videos = new VideoRepository(db, 'sqlite');
  const sort = { column: 'created_at', direction: 'desc' } as const;
  const rows: DeepPageRow[] = [];
  try {
    for (const page of pages) {
      const offset = (page - 1) * LIMIT;
      // The cursor of this page: the previous page's last row, as nextCursor names it.
      const last =
        page === 1
          ? undefined
          : (sqlite
              .prepare(
                `select created_at as key, id from videos where visibility = 'public'
                 order by created_at desc, id desc limit 1 offset ?`,
              )
              .get(offset - 1) as { key: number; id: string });
      for (const way of ['offset', 'cursor'] as const) {
        if (page === 1 && way === 'cursor') continue;
        captured.length = 0;
        await videos.page({
          visibilities: ['public'],
          sort,
          limit: LIMIT + 1,
          offset: way === 'offset' ? offset : 0,
          after: way === 'cursor' ? last : undefined,
        });
        // The page's rows; its total is read from a kept count either way.
        const query = captured.find((q) => q.sql.includes('order by'))!;
        const stmt = sqlite.prepare(query.sql);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const t = performance.now();
          stmt.all(...(query.params as unknown[]));
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        const plan = (
          sqlite.prepare(`explain query plan ${query.sql}`).all(...(query.params as unknown[])) as {
            detail: string;
          }[]
        )
          .map((p) => p.detail)
          .join('; ');
        rows.push({
          page,
          way: page === 1 ? 'offset' : way,
          medianMs: percentile(times, 50),
          p99Ms: percentile(times, 99),
          plan,
        });
      }
    }
  } finally {
    await db.destroy();
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = path.resolve(import.meta.dirname, '..', '.tmp/bench-data/sqlite/vidshare.sqlite');
  for (const r of await deepPages(file)) {
    console.log(
      `page ${String(r.page).padStart(4)} ${r.way.padEnd(6)} median ${r.medianMs.toFixed(3)} ms  p99 ${r.p99Ms.toFixed(3)} ms  | ${r.plan}`,
    );
  }
}
