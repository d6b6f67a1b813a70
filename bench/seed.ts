import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { migrateToLatest } from '../server/src/db/migrate.js';
import { seedComments, seedLikes, seedSubscriptions, seedViews } from './seed-activity.js';
import { seedAccounts, seedUsers, type SeedAccount } from './seed-accounts.js';
import { freshDatabase } from './seed-database.js';
import { seedCounts, type SeedCounts } from './seed-scale.js';
import { seedVideos, writeHotVideoFile } from './seed-videos.js';

/**
 * The database `npm run bench` measures, seeded at BENCH_SCALE (seed-scale.ts): the accounts
 * the load signs in with and the bulk channels (seed-accounts.ts), videos (seed-videos.ts),
 * and what their users did (seed-activity.ts), each phase timed.
 */
export { FULL_SCALE } from './seed-scale.js';
export type { SeedAccount } from './seed-accounts.js';

export interface SeedResult {
  dataDir: string;
  scale: number;
  /** Set for PostgreSQL: the bench database the server must use. */
  databaseUrl: string | undefined;
  counts: SeedCounts;
  /** Signed-in viewer: has likes and subscriptions, and likes the hot video. */
  viewer: SeedAccount;
  /** The channel with 1,000 videos (scaled), signed in to read its studio list. */
  studio: SeedAccount;
  /** A public video with the 20 MB file and 100 top-level comments, each with a reply. */
  hotVideoId: string;
  /** The hot video's media key (`/media/{videoKey}`), and its file on disk. */
  videoKey: string;
  videoFile: string;
  titleFragment: string;
  hashtag: string;
  seconds: number;
  phases: { name: string; seconds: number }[];
}

const SEED_FILE = 'seed.json';

export async function seed(opts: {
  dataDir: string;
  scale: number;
  databaseUrl?: string;
  log?: (line: string) => void;
}): Promise<SeedResult> {
  const log = opts.log ?? (() => {});
  const s = opts.scale;
  const counts = seedCounts(s);
  const started = performance.now();
  const phases: { name: string; seconds: number }[] = [];
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases.push({ name, seconds: (now - mark) / 1000 });
    log(`  seeded ${name} in ${((now - mark) / 1000).toFixed(1)} s`);
    mark = now;
  };

  const { handle, url } = await freshDatabase(opts.dataDir, opts.databaseUrl);
  const db = handle.db;
  await migrateToLatest(db);
  const mediaDir = path.join(opts.dataDir, 'media');
  const { viewer, studio, avatarKey } = await seedAccounts(handle, opts.dataDir, mediaDir);
  phase('accounts (register + login)');

  const t0 = Date.now() - 365 * 86_400_000;
  const userIds = await seedUsers(db, counts.channels, studio.id, avatarKey, t0);
  phase(`users (${counts.channels})`);

  const videos = await seedVideos(db, counts, userIds, studio.id, t0);
  phase(`videos (${counts.videos}, search index kept by the database)`);

  const activity = { db, counts, userIds, videos, viewer, now: Date.now() };
  await seedLikes(activity);
  phase(`likes (${counts.likes})`);
  const subscriptions = await seedSubscriptions(activity);
  phase(`subscriptions (${subscriptions} + events)`);
  await seedComments(activity);
  phase(`comments (${counts.comments})`);
  const views = await seedViews(activity, s);
  phase(`views (${views}, last 7 days)`);

  const { videoKey, videoFile } = await writeHotVideoFile(mediaDir, videos);
  // Fresh statistics and, on SQLite, a merged search index: what the server's hourly
  // housekeeping keeps on a long-running database. On PostgreSQL also the visibility map that
  // autovacuum keeps there, without which no index-only scan can skip the table.
  await (url ? sql`vacuum analyze` : sql`analyze`).execute(db);
  if (!url) await sql`insert into videos_fts (videos_fts) values ('optimize')`.execute(db);
  phase('video file + analyze');
  await handle.close();

  const result: SeedResult = {
    dataDir: opts.dataDir,
    scale: s,
    databaseUrl: url,
    counts: { ...counts, subscriptions },
    viewer,
    studio,
    hotVideoId: videos.hotVideoId,
    videoKey,
    videoFile,
    titleFragment: 'canyon',
    hashtag: '#cooking',
    seconds: (performance.now() - started) / 1000,
    phases,
  };
  // Lets BENCH_REUSE=1 measure again without seeding again.
  await fs.writeFile(path.join(opts.dataDir, SEED_FILE), JSON.stringify(result, null, 2));
  return result;
}

/** The result of an earlier seed of `dataDir` at this scale, if its database is still there. */
export async function previousSeed(
  dataDir: string,
  scale: number,
): Promise<SeedResult | undefined> {
  try {
    const saved = JSON.parse(
      await fs.readFile(path.join(dataDir, SEED_FILE), 'utf8'),
    ) as SeedResult;
    return saved.scale === scale && !saved.databaseUrl && saved.videoKey ? saved : undefined;
  } catch {
    return undefined;
  }
}
