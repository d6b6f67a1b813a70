import { newId } from '../lib/ids.js';
import { Semaphore } from '../lib/semaphore.js';
import type { MediaRepository } from '../repositories/media.repository.js';
import type {
  OrphanSweepRepository,
  SweepVideoRow,
} from '../repositories/orphan-sweep.repository.js';
import { VIDEO_PLAYABLE } from '../processing/video-jobs.js';
import type { BlobEntry, BlobStore } from './blob-store.js';
import { videoPrefix } from './media-keys.js';
import {
  isPastGrace,
  isReferenced,
  isUnfinishedWrite,
  lostFilesReason,
  originalKeyOf,
  requiredKeys,
  videoIdOfKey,
} from './orphan-rules.js';

/**
 * The orphan sweep: files and objects no row refers to are removed once older than a grace
 * period, and videos whose files are gone are reported and failed, with a reason their owner
 * reads in the studio. It runs in the leader at start and hourly (process/serve.ts), and serves
 * any other caller (a command line) the same way: report mode changes nothing.
 *
 * It walks the store's `videos/` keys in video-id order beside the `videos` rows in id order
 * (a merge of two sorted streams: no key list or row list is ever held whole), then `images/`
 * in batches against the users' avatars and covers. Nothing else is looked at: the
 * resumable uploads' area (`uploads/`, which expires by its own rule), processing scratch and
 * temp files live outside these prefixes (and DATA_DIR/processing and DATA_DIR/tmp outside the
 * media directory), as do keys it cannot attribute to a video, which it counts and leaves.
 *
 * A run first finds, changing nothing, then judges. Safety: an object younger than the grace
 * period is never an orphan (an upload stores its files before its row). A video missing files
 * it needs keeps every file it has (a move to a new prefix that failed half-way leaves its files
 * under the other prefix: they must not be swept as strays), and is checked again under its row
 * lock before it is failed. Files of an existing video are removed under its row lock too,
 * against the row as it is then, since a prefix move holds that lock for its whole length. And
 * findings that look like a database and a store that do not belong together (most objects
 * unreferenced, or most videos without files: a wrong DATABASE_URL, DATA_DIR or bucket) change
 * nothing unless forced (`looksMismatched`).
 */

export interface OrphanSweepDeps {
  blobs: BlobStore;
  rows: OrphanSweepRepository;
  /** For the row lock (`withLockedVideo`) that prefix moves hold. */
  media: MediaRepository;
  now?: () => number;
}

export interface OrphanSweepOptions {
  /** Remove orphans and fail videos whose files are gone; false: report only. */
  apply: boolean;
  /** Objects younger than this are left alone (`ORPHAN_GRACE_SECONDS`). */
  graceMs: number;
  /**
   * Apply even what looks like a database and a store that do not belong together (see
   * `looksMismatched`); for an operator who has checked, from a command line.
   */
  force?: boolean;
}

export interface Orphan extends BlobEntry {
  /** No row for its video or image; its video's row does not refer to it; a write left unfinished. */
  why: 'no-row' | 'not-referenced' | 'unfinished';
}

export interface LostFiles {
  videoId: string;
  ownerId: string;
  /** The keys it needs that the store does not have. */
  missing: string[];
  /** Failed by this run (apply), rather than found failed for this reason already. */
  failedNow: boolean;
}

export interface OrphanSweepReport {
  apply: boolean;
  /** Objects looked at. */
  scanned: number;
  /** Video rows looked at. */
  videos: number;
  /** Unreferenced and past the grace period: removed when applied. */
  orphans: Orphan[];
  removed: number;
  removedBytes: number;
  /** Unreferenced but younger than the grace period: left for a later run. */
  young: number;
  /** Keys under `videos/` that name no video id: left alone. */
  unrecognised: number;
  /** Videos whose files are gone. */
  lost: LostFiles[];
  /**
   * Videos the scan found without their files but did not check one by one, because the sweep
   * refused (`refused`): on a store that is not the database's, that is every video.
   */
  unchecked: number;
  /** Why nothing was changed although `apply` was asked for (see `looksMismatched`). */
  refused: string | undefined;
  /** What could not be done (a removal the store refused), one line each. */
  errors: string[];
}

const ROW_PAGE = 500;
const IMAGE_BATCH = 500;

/**
 * Whether the findings look like a database and a store that do not belong together (a new,
 * empty database in front of the old bucket; the wrong bucket or DATA_DIR behind the old
 * database) rather than leftovers of crashes: then sweeping would delete every file, or fail
 * every video. Half or more of many objects unreferenced, or of many videos without their files,
 * stops an applied sweep; a small instance is swept whatever the share.
 */
export function looksMismatched(found: {
  scanned: number;
  orphans: number;
  videos: number;
  lost: number;
}): string | undefined {
  if (found.scanned >= 100 && found.orphans * 2 >= found.scanned) {
    return `${found.orphans} of ${found.scanned} objects belong to no row`;
  }
  if (found.videos >= 20 && found.lost * 2 >= found.videos) {
    return `${found.lost} of ${found.videos} videos have no files`;
  }
  return undefined;
}

/** Runs one sweep; see the module comment. Throws only when the store or database cannot be read. */
export async function sweepOrphans(
  deps: OrphanSweepDeps,
  options: OrphanSweepOptions,
): Promise<OrphanSweepReport> {
  const now = (deps.now ?? Date.now)();
  const report: OrphanSweepReport = {
    apply: options.apply,
    scanned: 0,
    videos: 0,
    orphans: [],
    removed: 0,
    removedBytes: 0,
    young: 0,
    unrecognised: 0,
    lost: [],
    unchecked: 0,
    refused: undefined,
    errors: [],
  };
  const past = (e: BlobEntry) => isPastGrace(e.modifiedAt, now, options.graceMs);
  const whyOf = (e: BlobEntry): Orphan['why'] =>
    isUnfinishedWrite(e.key) ? 'unfinished' : 'no-row';

  // 1. Find, changing nothing: the store's groups beside the rows, both in video-id order.
  const noRow: Orphan[] = [];
  const strays = new Map<string, { row: SweepVideoRow; entries: BlobEntry[] }>();
  // Ids only: against the wrong store every video is one, and whole rows would fill the heap.
  const suspects: string[] = [];

  const unreferencedOld = (entries: BlobEntry[]) => {
    const old = entries.filter(past);
    report.young += entries.length - old.length;
    return old;
  };
  const withRow = (row: SweepVideoRow, entries: BlobEntry[]) => {
    const keys = new Set(entries.map((e) => e.key));
    // A video missing files keeps every file it has: they may be its own under another prefix.
    if (requiredKeys(row).some((key) => !keys.has(key))) return suspects.push(row.id);
    const old = unreferencedOld(entries.filter((e) => !isReferenced(row, e.key)));
    if (old.length > 0) strays.set(row.id, { row, entries: old });
  };
  const withoutFiles = (row: SweepVideoRow) => {
    report.videos += 1;
    suspects.push(row.id);
  };

  const rows = rowsInIdOrder(deps.rows);
  let row = await rows.next();
  for await (const group of videoGroups(deps.blobs.scan('videos/'))) {
    report.scanned += group.entries.length;
    if (group.id === undefined) {
      report.unrecognised += group.entries.length;
      continue;
    }
    while (!row.done && row.value.id < group.id) {
      withoutFiles(row.value);
      row = await rows.next();
    }
    if (!row.done && row.value.id === group.id) {
      report.videos += 1;
      withRow(row.value, group.entries);
      row = await rows.next();
    } else {
      for (const e of unreferencedOld(group.entries)) noRow.push({ ...e, why: whyOf(e) });
    }
  }
  while (!row.done) {
    withoutFiles(row.value);
    row = await rows.next();
  }

  // Images: avatars and covers, a batch at a time.
  let batch: BlobEntry[] = [];
  const flush = async () => {
    const referenced = await deps.rows.referencedImages(batch.map((e) => e.key));
    for (const e of unreferencedOld(batch.filter((e) => !referenced.has(e.key)))) {
      noRow.push({ ...e, why: whyOf(e) });
    }
    batch = [];
  };
  for await (const entry of deps.blobs.scan('images/')) {
    report.scanned += 1;
    batch.push(entry);
    if (batch.length >= IMAGE_BATCH) await flush();
  }
  if (batch.length > 0) await flush();

  // 2. Judge, and change what is to be changed.
  const strayCount = [...strays.values()].reduce((n, s) => n + s.entries.length, 0);
  let apply = options.apply;
  if (apply && !options.force) {
    report.refused = looksMismatched({
      scanned: report.scanned,
      orphans: noRow.length + strayCount,
      videos: report.videos,
      lost: suspects.length,
    });
    if (report.refused) apply = false;
  }

  const gate = new Semaphore(Math.max(1, deps.blobs.moveConcurrency));
  const remove = (orphans: Orphan[]) =>
    Promise.all(
      orphans.map((orphan) =>
        gate.run(async () => {
          report.orphans.push(orphan);
          if (!apply) return;
          try {
            await deps.blobs.delete(orphan.key);
            report.removed += 1;
            report.removedBytes += orphan.size;
          } catch (err) {
            report.errors.push(`remove ${orphan.key}: ${(err as Error).message}`);
          }
        }),
      ),
    );

  await remove(noRow);

  // A video's own strays, judged again against its row under its lock: a prefix move holds it.
  for (const { row: seen, entries } of strays.values()) {
    const judge = async (fresh: SweepVideoRow | undefined) => {
      const due = entries.filter((e) => !fresh || !isReferenced(fresh, e.key));
      await remove(
        due.map((e) => ({ ...e, why: isUnfinishedWrite(e.key) ? 'unfinished' : 'not-referenced' })),
      );
    };
    if (!apply) await judge(seen);
    else
      await deps.media.withLockedVideo(seen.id, async (trx) =>
        judge(await deps.rows.lockedVideo(trx, seen.id)),
      );
  }

  // Videos missing files: each checked again against the store (under its lock when applying).
  const missingOf = async (fresh: SweepVideoRow) => {
    const missing: string[] = [];
    for (const key of requiredKeys(fresh)) {
      if (!(await deps.blobs.exists(key))) missing.push(key);
    }
    return missing;
  };
  // A refused sweep changes nothing, so looking for each video's files again would only cost
  // a look per video; it says how many it found.
  if (report.refused) report.unchecked = suspects.length;
  for (const id of report.refused ? [] : suspects) {
    if (!apply) {
      const seen = await deps.rows.video(id);
      const missing = seen ? await missingOf(seen) : [];
      if (seen && missing.length > 0) {
        report.lost.push({ videoId: seen.id, ownerId: seen.owner_id, missing, failedNow: false });
      }
      continue;
    }
    await deps.media.withLockedVideo(id, async (trx) => {
      const fresh = await deps.rows.lockedVideo(trx, id);
      if (!fresh) return;
      const missing = await missingOf(fresh);
      if (missing.length === 0) return;
      const original = originalKeyOf(fresh);
      const retryable =
        original !== undefined &&
        !missing.includes(original) &&
        (await deps.blobs.exists(original));
      const reason = lostFilesReason(retryable);
      const already = fresh.status === 'failed' && fresh.processing_error === reason;
      if (!already) {
        await deps.rows.markFilesLost(trx, fresh, reason, now, {
          retryable,
          jobId: newId(now),
          // Retry starts a failed video over from its first job.
          jobKind: VIDEO_PLAYABLE,
          storedBytes: await bytesKept(deps.blobs, fresh),
        });
      }
      report.lost.push({
        videoId: fresh.id,
        ownerId: fresh.owner_id,
        missing,
        failedNow: !already,
      });
    });
  }
  return report;
}

/**
 * What a video whose files went missing still keeps in the store (the files under its prefix
 * that its row refers to), so its owner's usage stays that of the store.
 */
async function bytesKept(blobs: BlobStore, row: SweepVideoRow): Promise<number> {
  let total = 0;
  if (!row.media_token) return total;
  for await (const entry of blobs.scan(videoPrefix(row.id, row.media_token))) {
    if (isReferenced(row, entry.key)) total += entry.size;
  }
  return total;
}

/** Every video row in id order, a page at a time. */
async function* rowsInIdOrder(repo: OrphanSweepRepository): AsyncGenerator<SweepVideoRow> {
  let after: string | undefined;
  for (;;) {
    const page = await repo.videosAfter(after, ROW_PAGE);
    yield* page;
    if (page.length < ROW_PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

/** Consecutive entries of one video, together; keys naming no video come one by one. */
async function* videoGroups(
  entries: AsyncIterable<BlobEntry>,
): AsyncGenerator<{ id: string | undefined; entries: BlobEntry[] }> {
  let current: { id: string | undefined; entries: BlobEntry[] } | undefined;
  for await (const entry of entries) {
    const id = videoIdOfKey(entry.key);
    if (current && id !== undefined && current.id === id) {
      current.entries.push(entry);
      continue;
    }
    if (current) yield current;
    current = { id, entries: [entry] };
  }
  if (current) yield current;
}

/** Totals across runs, for metrics, and the last run's findings. */
export interface OrphanSweepTotals {
  runs: number;
  removed: number;
  removedBytes: number;
  /** Videos failed because their files were gone. */
  failedVideos: number;
  lastRunAt: number | undefined;
  lastOrphans: number;
  lastLost: number;
}

/**
 * The sweep as the server runs it: applied, with the configured grace period, logged, and
 * counted for /metrics. A run already under way is not started twice.
 */
export class OrphanSweeper {
  readonly totals: OrphanSweepTotals = {
    runs: 0,
    removed: 0,
    removedBytes: 0,
    failedVideos: 0,
    lastRunAt: undefined,
    lastOrphans: 0,
    lastLost: 0,
  };
  private running: Promise<OrphanSweepReport> | undefined;

  constructor(
    private readonly deps: OrphanSweepDeps & {
      graceMs: number;
      log: (level: 'info' | 'warn', message: string) => void;
    },
  ) {}

  run(options: Partial<OrphanSweepOptions> = {}): Promise<OrphanSweepReport> {
    this.running ??= this.once({ apply: true, graceMs: this.deps.graceMs, ...options }).finally(
      () => (this.running = undefined),
    );
    return this.running;
  }

  private async once(options: OrphanSweepOptions): Promise<OrphanSweepReport> {
    const report = await sweepOrphans(this.deps, options);
    if (options.apply) {
      const t = this.totals;
      t.runs += 1;
      t.removed += report.removed;
      t.removedBytes += report.removedBytes;
      t.failedVideos += report.lost.filter((l) => l.failedNow).length;
      t.lastRunAt = (this.deps.now ?? Date.now)();
      t.lastOrphans = report.orphans.length;
      t.lastLost = report.lost.length + report.unchecked;
    }
    for (const lost of report.lost.filter((l) => l.failedNow)) {
      this.deps.log(
        'warn',
        `orphan sweep: video ${lost.videoId} of user ${lost.ownerId} lost its files (${lost.missing.join(', ')}): marked failed`,
      );
    }
    for (const error of report.errors) this.deps.log('warn', `orphan sweep: ${error}`);
    if (report.refused) {
      this.deps.log(
        'warn',
        `orphan sweep: changed nothing, since ${report.refused}: the database and the media ` +
          'store look like they do not belong together (check DATABASE_URL, DATA_DIR, S3_BUCKET)',
      );
    }
    const removed = options.apply && !report.refused;
    this.deps.log(
      'info',
      `orphan sweep: ${count(report.scanned, 'object')} looked at, ` +
        `${count(report.orphans.length, 'orphan')}` +
        (removed ? ` (${report.removed} removed, ${report.removedBytes} bytes)` : '') +
        `, ${report.young} unreferenced but within the grace period, ` +
        `${count(report.lost.length + report.unchecked, 'video')} missing files`,
    );
    return report;
  }
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
