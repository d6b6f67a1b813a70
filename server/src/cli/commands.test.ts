import { describe, expect, it } from 'vitest';
import type { OrphanSweepReport } from '../storage/orphan-sweep.js';
import { counted, sweepLines } from './commands.js';

const report = (over: Partial<OrphanSweepReport>): OrphanSweepReport => ({
  apply: false,
  scanned: 10,
  videos: 3,
  orphans: [],
  removed: 0,
  removedBytes: 0,
  young: 0,
  unrecognised: 0,
  lost: [],
  unchecked: 0,
  refused: undefined,
  errors: [],
  ...over,
});

const orphan = {
  key: 'videos/x/t/video.mp4',
  size: 2_097_152,
  modifiedAt: 0,
  why: 'no-row' as const,
};
const lost = { videoId: 'v1', ownerId: 'u1', missing: ['videos/v1/t/video.mp4'], failedNow: false };

describe('storage:prune output', () => {
  it('lists what a report-only run found and says how to act on it', () => {
    expect(sweepLines(report({ orphans: [orphan], lost: [lost], young: 2 }))).toEqual([
      'Looked at 10 files and 3 videos.',
      '1 file with no row (2.0 MiB) and 1 video whose files are gone.',
      '  file videos/x/t/video.mp4 (no-row)',
      '  video v1: missing videos/v1/t/video.mp4',
      '2 newer files with no row are left for a later run (ORPHAN_GRACE_SECONDS).',
      'Nothing changed yet: run again with --apply to remove them.',
    ]);
  });

  it('says what an applied run removed, and nothing more to do', () => {
    const lines = sweepLines(
      report({ apply: true, orphans: [orphan], removed: 1, removedBytes: 2_097_152 }),
    );
    expect(lines[1]).toBe(
      'Removed 1 file with no row (2.0 MiB); 0 videos whose files are gone are marked failed.',
    );
    expect(lines.some((l) => l.includes('--apply'))).toBe(false);
  });

  it('counts one as one: a file, a video, a newer file', () => {
    const lines = sweepLines(
      report({ apply: true, removed: 1, lost: [lost], young: 1, scanned: 1, videos: 1 }),
    );
    expect(lines[0]).toBe('Looked at 1 file and 1 video.');
    expect(lines[1]).toBe(
      'Removed 1 file with no row (0.0 MiB); 1 video whose files are gone is marked failed.',
    );
    expect(lines).toContain(
      '1 newer file with no row is left for a later run (ORPHAN_GRACE_SECONDS).',
    );
    expect([0, 1, 2].map((n) => counted(n, 'file'))).toEqual(['0 files', '1 file', '2 files']);
  });

  it('says why a run that looks like the wrong store changed nothing', () => {
    const lines = sweepLines(
      report({ apply: true, refused: '90 of 100 objects belong to no row' }),
    );
    expect(lines[1]).toMatch(/^0 files with no row/);
    expect(lines.at(-1)).toMatch(/^Nothing changed: 90 of 100 objects belong to no row\..*--force/);
  });

  it('counts the videos a refused run found without files, without listing them', () => {
    const lines = sweepLines(
      report({ apply: true, unchecked: 90, refused: '90 of 100 videos have no files' }),
    );
    expect(lines).toContain('90 videos without their files in this store, not checked one by one.');
    expect(lines.filter((l) => l.startsWith('  video'))).toEqual([]);
    expect(sweepLines(report({ unchecked: 1 }))).toContain(
      '1 video without its files in this store, not checked one by one.',
    );
  });
});
