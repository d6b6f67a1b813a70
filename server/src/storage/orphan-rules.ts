import type { SweepVideoRow } from '../repositories/orphan-sweep.repository.js';
import { videoPrefix } from './media-keys.js';

/**
 * The rules of the orphan sweep (orphan-sweep.ts), as pure functions: which files a video row
 * refers to, which it cannot do without, and which video a key belongs to.
 */

/** The video id a key under `videos/` belongs to (`videos/{id}/…`). */
export function videoIdOfKey(key: string): string | undefined {
  return /^videos\/([0-9a-f]{24})\//.exec(key)?.[1];
}

/** A write that never finished: a disk's temporary name beside the file it was to become. */
export function isUnfinishedWrite(key: string): boolean {
  return key.endsWith('.partial');
}

/** Where a video's caption files are, under its prefix (services/captions.service.ts). */
const CAPTIONS_FOLDER = 'captions/';

/**
 * Whether the row refers to the key: a file it names (its video file or thumbnail), a caption
 * file one of its caption rows names, any other finished file under
 * its current prefix (what processing made), or a finished file under the prefix a pending
 * reprocess is filling. A caption file no row names is left over from a replacement whose old
 * file could not be removed.
 */
export function isReferenced(row: SweepVideoRow, key: string): boolean {
  if (key === row.video_key || key === row.thumbnail_key) return true;
  if (isUnfinishedWrite(key)) return false;
  if (row.reprocess_token && key.startsWith(videoPrefix(row.id, row.reprocess_token))) {
    return true;
  }
  if (!row.media_token) return false;
  const prefix = videoPrefix(row.id, row.media_token);
  if (!key.startsWith(prefix)) return false;
  const rest = key.slice(prefix.length);
  if (rest.startsWith(CAPTIONS_FOLDER)) {
    return row.caption_files.includes(rest.slice(CAPTIONS_FOLDER.length));
  }
  return true;
}

/**
 * The files the video cannot do without: the video file once it plays, and the original while
 * it waits for processing or a retry of it (its playable job, then its ladder job; with
 * KEEP_ORIGINALS=false the original goes once the video is ready, and the row stops naming
 * it). Not the thumbnail (the video plays without it, and its owner can choose another), nor
 * captions (it plays without them), nor outputs processing has yet to write.
 */
export function requiredKeys(row: SweepVideoRow): string[] {
  const keys: string[] = [];
  if (row.playable) keys.push(row.video_key);
  const original = originalKeyOf(row);
  if (row.status !== 'ready' && original) keys.push(original);
  return [...new Set(keys)];
}

/** The original upload's key, for rows made since processing began keeping it (021). */
export function originalKeyOf(row: SweepVideoRow): string | undefined {
  return row.media_token && row.original_name
    ? `${videoPrefix(row.id, row.media_token)}${row.original_name}`
    : undefined;
}

/** What the owner of a video whose files are gone reads in the studio. */
export const LOST_FILES_REASONS = {
  /** The original upload is still there: processing can make the rest again. */
  retry:
    'This video’s files are missing from storage, so it cannot play. Retry to make them again from the original upload.',
  /** Nothing to make them again from. */
  reupload:
    'This video’s files are missing from storage, so it cannot play. Delete it and upload it again.',
} as const;

/** The reason for a video whose files are gone: Retry helps only while its original is there. */
export function lostFilesReason(originalThere: boolean): string {
  return originalThere ? LOST_FILES_REASONS.retry : LOST_FILES_REASONS.reupload;
}

/** Whether an object no row refers to is old enough to be an orphan, not a write in progress. */
export function isPastGrace(modifiedAt: number, now: number, graceMs: number): boolean {
  // Compared in whole milliseconds: a disk's modification time has a fraction of one, and
  // the clock's `now` none, so a file written in this very millisecond would otherwise look
  // younger than a grace period of zero.
  return now - Math.floor(modifiedAt) >= graceMs;
}
