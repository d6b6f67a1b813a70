import os from 'node:os';
import type { LoadResult } from './load.js';
import type { QueryTiming, Quantiles } from './library-measures.js';
import {
  BIG_CHANNEL_SUBSCRIBERS,
  CHANNELS,
  ROWS_EACH,
  SUBSCRIPTIONS_EACH,
  USERS,
  VIDEOS_PER_CHANNEL,
} from './library-seed.js';

/**
 * The "Library: notifications" section of docs/performance.md, written from what the
 * notifications bench measured on each database.
 */

/** What one database's pass measured. */
export interface LibraryPass {
  dialect: 'sqlite' | 'postgres';
  /** The list's two queries (its page and its unread count), in this process, per user. */
  queryMs: QueryTiming[];
  seedSeconds: number;
  rows: Record<string, number>;
  publishMs: Quantiles;
  rowFanOutMs: Quantiles;
  loads: LoadResult[];
}

/** How the loads ran, for the section's first paragraph. */
export interface LoadSettings {
  connections: number;
  seconds: number;
}

export function section(passes: LibraryPass[], settings: LoadSettings): string {
  const fmt = (n: number) => n.toLocaleString('en-US');
  const lines = [
    '## Library: notifications',
    '',
    `Measured by \`npm run bench:library\` (bench/library.ts) on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${os.cpus().length} cores (load average ${os.loadavg()[0]!.toFixed(1)} when written: the machine is shared), ${settings.connections} connections for ${settings.seconds} s after a 3 s warm-up, then 1 connection for up to 5 s. Seeded: ${fmt(USERS)} users, each subscribed to ${SUBSCRIPTIONS_EACH} of ${fmt(CHANNELS)} channels that published ${VIDEOS_PER_CHANNEL} videos each in the last 30 days, each with ${ROWS_EACH} notification rows (replies to their comment, a third of them read), and one channel with ${fmt(BIG_CHANNEL_SUBSCRIBERS)} subscribers.`,
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
export function withSection(doc: string, text: string): string {
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
