import { newId } from '../lib/ids.js';
import { Semaphore } from '../lib/semaphore.js';
import type { SweepVideoRow } from '../repositories/orphan-sweep.repository.js';
import { VIDEO_PLAYABLE } from '../processing/video-jobs.js';
import type { BlobStore } from './blob-store.js';
import { videoPrefix } from './media-keys.js';
import type {
  Orphan,
  OrphanSweepDeps,
  OrphanSweepOptions,
  OrphanSweepReport,
} from './orphan-report.js';
import {
  isReferenced,
  isUnfinishedWrite,
  lostFilesReason,
  originalKeyOf,
  requiredKeys,
} from './orphan-rules.js';
import type { OrphanFindings } from './orphan-scan.js';

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

/**
 * The second step of a sweep: judges what the scan found (findOrphans) and, when applying and
 * not refused, changes what is to be changed. Strays of a video are judged again against its
 * row under its lock, and each suspect is checked against the store again (under its lock when
 * applying) before it is failed. Fills `report` (orphans, removed, lost, unchecked, refused,
 * errors).
 */
export async function judgeOrphans(
  deps: OrphanSweepDeps,
  options: OrphanSweepOptions,
  findings: OrphanFindings,
  report: OrphanSweepReport,
  now: number,
): Promise<void> {
  const { noRow, strays, suspects } = findings;
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
