import type {
  OrphanSweepRepository,
  SweepVideoRow,
} from '../repositories/orphan-sweep.repository.js';
import type { BlobEntry } from './blob-store.js';
import type { Orphan, OrphanSweepDeps, OrphanSweepReport } from './orphan-report.js';
import {
  isPastGrace,
  isReferenced,
  isUnfinishedWrite,
  requiredKeys,
  videoIdOfKey,
} from './orphan-rules.js';

const ROW_PAGE = 500;
const IMAGE_BATCH = 500;

/** What the scan found, for the judging (orphan-judge.ts) to act on. */
export interface OrphanFindings {
  /** Files of no video row and images no user refers to, past the grace period. */
  noRow: Orphan[];
  /** Per video with all its files: the old files its row (as scanned) does not refer to. */
  strays: Map<string, { row: SweepVideoRow; entries: BlobEntry[] }>;
  /** Ids only: against the wrong store every video is one, and whole rows would fill the heap. */
  suspects: string[];
}

/**
 * The first step of a sweep, changing nothing: the store's `videos/` groups beside the rows,
 * both in video-id order, then `images/` in batches. Counts what it looks at into `report`
 * (scanned, videos, young, unrecognised).
 */
export async function findOrphans(
  deps: Pick<OrphanSweepDeps, 'blobs' | 'rows'>,
  report: OrphanSweepReport,
  options: { now: number; graceMs: number },
): Promise<OrphanFindings> {
  const past = (e: BlobEntry) => isPastGrace(e.modifiedAt, options.now, options.graceMs);
  const whyOf = (e: BlobEntry): Orphan['why'] =>
    isUnfinishedWrite(e.key) ? 'unfinished' : 'no-row';

  const noRow: Orphan[] = [];
  const strays = new Map<string, { row: SweepVideoRow; entries: BlobEntry[] }>();
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

  return { noRow, strays, suspects };
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
