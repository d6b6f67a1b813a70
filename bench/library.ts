import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { migrateToLatest } from '../server/src/db/migrate.js';
import type { Database } from '../server/src/db/schema.js';
import { NOTIFICATION_KINDS } from '@contract';
import { newId } from '../server/src/lib/ids.js';
import { NotificationRepository } from '../server/src/repositories/notification.repository.js';
import { hashToken, newSessionToken } from '../server/src/lib/tokens.js';
import { newMediaToken, thumbnailKey, videoFileKey } from '../server/src/storage/media-keys.js';
import { freePort, load, settle, startProcess, type LoadResult } from './load.js';
import { bulkInsert, dropBenchDatabase, freshDatabase } from './seed-database.js';

/**
 * `npm run bench:library`: notifications at scale. Seeds 100,000 users who each subscribe to
 * 10 of 1,000 channels (1,000,000 subscriptions; 20,000 videos published in the last 30 days)
 * and have 10 notification rows each (1,000,000 replies to their comments), plus one channel
 * with 10,000 subscribers. Measures what a new video of that channel costs the statement that
 * publishes it (the fan-out), what writing a row per subscriber would have cost instead, and
 * GET /notifications and the bell's unread count under load. Writes the "Library:
 * notifications" section of docs/performance.md and leaves the rest of it as it is.
 *
 * BENCH_SECONDS (default 10) is each load; BENCH_SKIP_BUILD=1 reuses server/dist;
 * DATABASE_URL adds a PostgreSQL pass.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const USERS = 100_000;
const CHANNELS = 1_000;
const SUBSCRIPTIONS_EACH = 10;
const VIDEOS_PER_CHANNEL = 20;
const ROWS_EACH = 10;
const BIG_CHANNEL_SUBSCRIBERS = 10_000;
const PUBLISH_SAMPLES = 30;
const DAY = 86_400_000;

const log = (line: string) => console.log(line);

interface Pass {
  dialect: 'sqlite' | 'postgres';
  /** The list's two queries (its page and its unread count), in this process, per user. */
  queryMs: { name: string; median: number; p99: number }[];
  seedSeconds: number;
  rows: Record<string, number>;
  publishMs: { median: number; p99: number };
  rowFanOutMs: { median: number; p99: number };
  loads: LoadResult[];
}

function quantiles(samples: number[]): { median: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p99: at(0.99) };
}

export async function seedLibrary(db: Kysely<Database>): Promise<{
  users: { typical: string; bigFan: string };
  tokens: { typical: string; bigFan: string };
  bigChannel: string;
  pending: string[];
  rows: Record<string, number>;
}> {
  const now = Date.now();
  const t0 = now - 400 * DAY;
  const userIds = Array.from({ length: USERS }, (_, i) => newId(t0 + i));
  await bulkInsert(db, 'users', USERS, (i) => ({
    id: userIds[i]!,
    username: `lib${i}`,
    email: `lib${i}@example.com`,
    full_name: `Library user ${i}`,
    password_hash: null,
    avatar_key: `images/lib${i}.webp`,
    cover_key: null,
    created_at: t0 + i,
  }));
  log('  users');
  // Users 0..CHANNELS-1 are the channels; user CHANNELS is the 10,000-subscriber channel.
  const big = userIds[CHANNELS]!;
  const subscribedAt = now - 60 * DAY;
  await bulkInsert(db, 'subscriptions', USERS * SUBSCRIPTIONS_EACH, (n) => {
    const u = Math.floor(n / SUBSCRIPTIONS_EACH);
    const k = n % SUBSCRIPTIONS_EACH;
    // Ten distinct channels per user, never themselves.
    let c = (u * 7 + k * 97) % CHANNELS;
    if (c === u) c = (c + 1) % CHANNELS;
    return { subscriber_id: userIds[u]!, channel_id: userIds[c]!, created_at: subscribedAt };
  });
  // The big channel's subscribers: 10,000 users beyond the channels.
  await bulkInsert(db, 'subscriptions', BIG_CHANNEL_SUBSCRIBERS, (n) => ({
    subscriber_id: userIds[CHANNELS + 1 + n]!,
    channel_id: big,
    created_at: subscribedAt,
  }));
  log('  subscriptions');
  const videos = CHANNELS * VIDEOS_PER_CHANNEL;
  const videoIds = Array.from({ length: videos }, (_, i) =>
    newId(now - 30 * DAY + Math.floor((i * 30 * DAY) / videos)),
  );
  // Public on insert: each one's publication row is written by the trigger, as in production.
  await bulkInsert(db, 'videos', videos, (i) => {
    const at = now - 30 * DAY + Math.floor((i * 30 * DAY) / videos);
    return {
      id: videoIds[i]!,
      owner_id: userIds[i % CHANNELS]!,
      title: `Library video ${i}`,
      description: 'A video for the notifications bench.',
      hashtag: '#bench',
      visibility: 'public' as const,
      duration: 60,
      ...mediaKeys(videoIds[i]!),
      created_at: at,
      updated_at: at,
    };
  });
  log('  videos and their publications');
  // One comment per user, on some channel's video; ten replies to it each, as notifications.
  const commentIds = Array.from({ length: USERS }, (_, i) => newId(now - 20 * DAY + i));
  await bulkInsert(db, 'comments', USERS, (u) => ({
    id: commentIds[u]!,
    video_id: videoIds[u % videos]!,
    owner_id: userIds[u]!,
    parent_id: null,
    content: `Comment ${u} on a library video`,
    created_at: now - 20 * DAY,
    updated_at: now - 20 * DAY,
  }));
  await bulkInsert(db, 'notifications', USERS * ROWS_EACH, (n) => {
    const u = Math.floor(n / ROWS_EACH);
    const at = now - 20 * DAY + n * 1000;
    return {
      id: newId(at),
      user_id: userIds[u]!,
      kind: 'comment_reply' as const,
      video_id: videoIds[u % videos]!,
      comment_id: commentIds[u]!,
      actor_id: userIds[(u + 1) % USERS]!,
      created_at: at,
      read_at: n % 3 === 0 ? at : null,
    };
  });
  log('  notifications');
  // The big channel's uploads waiting to be published, one per sample.
  const pending = Array.from({ length: PUBLISH_SAMPLES }, (_, i) => newId(now + i));
  await bulkInsert(db, 'videos', PUBLISH_SAMPLES, (i) => ({
    id: pending[i]!,
    owner_id: big,
    title: `Big channel upload ${i}`,
    description: 'Processed and about to be published.',
    hashtag: '#bench',
    visibility: 'private' as const,
    pending_visibility: 'public' as const,
    playable: 0,
    duration: 60,
    ...mediaKeys(pending[i]!),
    created_at: now,
    updated_at: now,
  }));
  const session = async (userId: string) => {
    const token = newSessionToken();
    await db
      .insertInto('sessions')
      .values({
        token_hash: hashToken(token),
        id: newId(now),
        user_agent: 'bench',
        address: '127.0.0.1',
        user_id: userId,
        created_at: now,
        expires_at: now + 30 * DAY,
        last_seen_at: now,
      })
      .execute();
    return token;
  };
  const count = async (table: keyof Database) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rows = {
    users: await count('users'),
    subscriptions: await count('subscriptions'),
    videos: await count('videos'),
    video_publications: await count('video_publications'),
    notifications: await count('notifications'),
  };
  return {
    users: { typical: userIds[4242]!, bigFan: userIds[CHANNELS + 1]! },
    tokens: {
      typical: await session(userIds[4242]!),
      bigFan: await session(userIds[CHANNELS + 1]!),
    },
    bigChannel: big,
    pending,
    rows,
  };
}

/**
 * What publishing one of the big channel's uploads costs: the statement processing runs when
 * a video becomes playable (its visibility becomes the owner's choice), whose trigger writes
 * the one publication row every subscriber's notifications join.
 */
async function publishTimes(db: Kysely<Database>, pending: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const id of pending) {
    const started = performance.now();
    await db
      .updateTable('videos')
      .set({
        playable: 1,
        visibility: sql`coalesce(pending_visibility, visibility)`,
        pending_visibility: null,
      })
      .where('id', '=', id)
      .where('playable', '=', 0)
      .execute();
    times.push(performance.now() - started);
  }
  return times;
}

/** The list's page and its unread count for one user, 200 times each, in this process. */
async function queryTimes(
  db: Kysely<Database>,
  users: { typical: string; bigFan: string },
): Promise<Pass['queryMs']> {
  const repo = new NotificationRepository(db);
  const out: Pass['queryMs'] = [];
  for (const [who, userId] of [
    ['10 channels, 10 rows', users.typical],
    ['subscriber of the 10,000', users.bigFan],
  ] as const) {
    const scope = {
      userId,
      kinds: NOTIFICATION_KINDS,
      readBefore: 0,
      since: Date.now() - 90 * DAY,
    };
    const times: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const started = performance.now();
      await repo.page(scope, 21, 0);
      await repo.unreadCount(scope, 100);
      times.push(performance.now() - started);
    }
    out.push({ name: who, ...quantiles(times) });
  }
  return out;
}

/** For comparison: a row per subscriber, written in the publishing transaction. */
async function rowFanOutTimes(db: Kysely<Database>, channelId: string): Promise<number[]> {
  await sql`create temporary table fan_out_probe (user_id varchar(24), video_id varchar(24), created_at bigint)`.execute(
    db,
  );
  const times: number[] = [];
  try {
    for (let i = 0; i < 10; i += 1) {
      const started = performance.now();
      await db.transaction().execute(async (trx) => {
        await sql`insert into fan_out_probe (user_id, video_id, created_at)
          select subscriber_id, ${`probe${i}`}, ${Date.now()} from subscriptions
          where channel_id = ${channelId}`.execute(trx);
      });
      times.push(performance.now() - started);
    }
  } finally {
    await sql`drop table fan_out_probe`.execute(db);
  }
  return times;
}

async function pass(dialect: 'sqlite' | 'postgres'): Promise<Pass> {
  const dataDir = path.join(ROOT, '.tmp', 'bench-data', `library-${dialect}`);
  log(`\n== ${dialect}: seeding into ${dataDir}`);
  const started = performance.now();
  const { handle, url } = await freshDatabase(
    dataDir,
    dialect === 'postgres' ? process.env.DATABASE_URL : undefined,
  );
  let seeded: Awaited<ReturnType<typeof seedLibrary>>;
  let publishMs: Pass['publishMs'];
  let rowFanOutMs: Pass['rowFanOutMs'];
  let queryMs: Pass['queryMs'];
  try {
    await migrateToLatest(handle.db);
    seeded = await seedLibrary(handle.db);
    if (dialect === 'postgres') await sql`analyze`.execute(handle.db);
    else await sql`pragma optimize`.execute(handle.db);
    publishMs = quantiles(await publishTimes(handle.db, seeded.pending));
    queryMs = await queryTimes(handle.db, seeded.users);
    rowFanOutMs = quantiles(await rowFanOutTimes(handle.db, seeded.bigChannel));
  } finally {
    await handle.close();
  }
  const seedSeconds = (performance.now() - started) / 1000;
  log(`  seeded in ${seedSeconds.toFixed(1)} s; publish ${publishMs.median.toFixed(2)} ms`);

  const port = await freePort();
  const server = await startProcess(
    process.execPath,
    [path.join(ROOT, 'server', 'dist', 'main.js')],
    {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      EMBEDDED_WORKER: 'false',
      WEB_DIST_DIR: path.join(ROOT, 'web', 'dist'),
      ...(url ? { DATABASE_URL: url } : {}),
    },
    port,
    '/api/v1/users/check-session',
  );
  const loads: LoadResult[] = [];
  try {
    await settle(server.url);
    const targets = [
      {
        name: 'GET /notifications (10 channels, 10 rows)',
        token: seeded.tokens.typical,
        path: '/api/v1/notifications',
      },
      {
        name: 'GET /notifications (subscriber of the 10,000)',
        token: seeded.tokens.bigFan,
        path: '/api/v1/notifications',
      },
      {
        name: 'GET /notifications/unread-count',
        token: seeded.tokens.typical,
        path: '/api/v1/notifications/unread-count',
      },
    ];
    for (const target of targets) {
      const headers = { cookie: `sid=${target.token}` };
      await settle(server.url);
      await load({
        name: target.name,
        url: server.url,
        path: target.path,
        connections: CONNECTIONS,
        seconds: 3,
        headers,
      });
      const result = await load({
        name: target.name,
        url: server.url,
        path: target.path,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers,
        serverPid: server.pid,
      });
      log(
        `  ${target.name}: ${result.requestsPerSec.toFixed(0)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
      );
      loads.push(result);
      // One request at a time: what a request costs, without the queue of the loaded run.
      await settle(server.url);
      const alone = await load({
        name: `${target.name}, 1 connection`,
        url: server.url,
        path: target.path,
        connections: 1,
        seconds: Math.min(5, SECONDS),
        headers,
        serverPid: server.pid,
      });
      log(
        `  ${alone.name}: ${alone.requestsPerSec.toFixed(0)} req/s, p50 ${alone.p50} ms, p99 ${alone.p99} ms`,
      );
      loads.push(alone);
    }
  } finally {
    await server.stop();
    if (dialect === 'postgres' && process.env.DATABASE_URL)
      await dropBenchDatabase(process.env.DATABASE_URL);
  }
  return { dialect, seedSeconds, rows: seeded.rows, publishMs, rowFanOutMs, queryMs, loads };
}

function section(passes: Pass[]): string {
  const fmt = (n: number) => n.toLocaleString('en-US');
  const lines = [
    '## Library: notifications',
    '',
    `Measured by \`npm run bench:library\` (bench/library.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} when written: the machine is shared), ${CONNECTIONS} connections for ${SECONDS} s after a 3 s warm-up, then 1 connection for up to 5 s. Seeded: ${fmt(USERS)} users, each subscribed to ${SUBSCRIPTIONS_EACH} of ${fmt(CHANNELS)} channels that published ${VIDEOS_PER_CHANNEL} videos each in the last 30 days, each with ${ROWS_EACH} notification rows (replies to their comment, a third of them read), and one channel with ${fmt(BIG_CHANNEL_SUBSCRIBERS)} subscribers.`,
    '',
    'A new video is not written to its subscribers: the statement that publishes it (processing making it playable, or an edit making it public) writes one `video_publications` row by trigger, and each subscriber’s list joins it when read. "Publish" is that statement for a video of the 10,000-subscriber channel; "a row per subscriber" is what the same transaction would cost if it wrote 10,000 notification rows instead (measured on a temporary table, for comparison only).',
    '',
    '| Database | seed s | rows (users / subscriptions / publications / notifications) | publish ms, median (p99) | a row per subscriber ms, median (p99) |',
    '| --- | ---: | --- | ---: | ---: |',
  ];
  for (const p of passes) {
    lines.push(
      `| ${p.dialect} | ${p.seedSeconds.toFixed(1)} | ${fmt(p.rows.users!)} / ${fmt(p.rows.subscriptions!)} / ${fmt(p.rows.video_publications!)} / ${fmt(p.rows.notifications!)} | ${p.publishMs.median.toFixed(2)} (${p.publishMs.p99.toFixed(2)}) | ${p.rowFanOutMs.median.toFixed(1)} (${p.rowFanOutMs.p99.toFixed(1)}) |`,
    );
  }
  lines.push(
    '',
    'The list’s two queries (its page of 20 and its unread count) for one user, 200 times in the bench process on the seeded database:',
    '',
    '| Database | user | median ms | p99 ms |',
    '| --- | --- | ---: | ---: |',
  );
  for (const p of passes) {
    for (const q of p.queryMs) {
      lines.push(`| ${p.dialect} | ${q.name} | ${q.median.toFixed(2)} | ${q.p99.toFixed(2)} |`);
    }
  }
  lines.push(
    '',
    '| Database | Endpoint | req/s | p50 ms | p99 ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  );
  for (const p of passes) {
    for (const l of p.loads) {
      lines.push(
        `| ${p.dialect} | ${l.name} | ${l.requestsPerSec.toFixed(0)} | ${l.p50} | ${l.p99} | ${l.errors} |`,
      );
    }
  }
  lines.push('');
  return lines.join('\n');
}

/** Replaces (or adds, before "## Findings") this section of the report. */
function withSection(doc: string, text: string): string {
  const start = doc.indexOf('\n## Library: notifications\n');
  if (start >= 0) {
    const next = doc.indexOf('\n## ', start + 1);
    return doc.slice(0, start + 1) + text + (next >= 0 ? doc.slice(next) : '');
  }
  const findings = doc.indexOf('\n## Findings');
  return findings >= 0
    ? `${doc.slice(0, findings + 1)}${text}\n${doc.slice(findings + 1)}`
    : `${doc}\n${text}`;
}

async function main(): Promise<void> {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const passes = [await pass('sqlite')];
  if (process.env.DATABASE_URL) passes.push(await pass('postgres'));
  const out = path.join(ROOT, 'docs', 'performance.md');
  const doc = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : '# Performance\n';
  fs.writeFileSync(out, withSection(doc, section(passes)));
  spawnSync('npx', ['prettier', '--write', out], { cwd: ROOT, stdio: 'ignore' });
  log(`\nwrote ${path.relative(ROOT, out)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });

/** The keys of a processed upload, under a prefix of the video's own. */
function mediaKeys(videoId: string) {
  const token = newMediaToken();
  return {
    media_token: token,
    video_key: videoFileKey(videoId, token, 'mp4'),
    thumbnail_key: thumbnailKey(videoId, token),
  };
}
