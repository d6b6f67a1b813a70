import { judgeOrphans } from './orphan-judge.js';
import type { OrphanSweepOptions, OrphanSweepReport, OrphanSweepDeps } from './orphan-report.js';
import { findOrphans } from './orphan-scan.js';

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
 *
 * The scan is orphan-scan.ts, the judging orphan-judge.ts, the rules both apply
 * orphan-rules.ts; this module runs the two in turn, and schedules and reports (`OrphanSweeper`).
 */

export type {
  LostFiles,
  Orphan,
  OrphanSweepDeps,
  OrphanSweepOptions,
  OrphanSweepReport,
} from './orphan-report.js';
export { looksMismatched } from './orphan-judge.js';

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
  // 1. Find, changing nothing: the store's groups beside the rows, both in video-id order.
  const findings = await findOrphans(deps, report, { now, graceMs: options.graceMs });
  // 2. Judge, and change what is to be changed.
  await judgeOrphans(deps, options, findings, report, now);
  return report;
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
