import type { MediaRepository } from '../repositories/media.repository.js';
import type { OrphanSweepRepository } from '../repositories/orphan-sweep.repository.js';
import type { BlobEntry, BlobStore } from './blob-store.js';

/** What a sweep reads and changes (see orphan-sweep.ts). */
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
