import type { WatchHeartbeat, WatchProgress } from '@contract';
import { DAY_MS } from '../db/dialect-sql.js';
import { isForeignKeyViolation } from '../db/database.js';
import { badRequest, notFound } from '../lib/errors.js';
import type { UserRow } from '../repositories/user.repository.js';
import type {
  BaselineWrite,
  BaselineOutcome,
  WatchProgressRepository,
} from '../repositories/watch-progress.repository.js';
import { VIDEO_NOT_FOUND, type VideoService } from './video.service.js';
import { creditedSeconds, resumePosition, type Heartbeat } from '../rules/watch-time.js';

// A compare-and-set loses only to a heartbeat for the same viewer and video that committed in
// between, so a few attempts are plenty; the last loser is simply not credited.
const HEARTBEAT_ATTEMPTS = 5;
// A player may report a little past the end (rounding of the duration).
const PAST_END_SECONDS = 1;
// A paused viewer's baseline only ever credits the next heartbeat, seconds later; one a day old
// credits nothing a fresh start would not, so housekeeping drops it.
const PAUSED_BASELINE_MAX_AGE_MS = DAY_MS;

/**
 * Heartbeats from the player: watch time for the owner's analytics and where to resume. While
 * the viewer's history is paused nothing about what they watch is kept for them: no position is
 * stored or moved, so no red bar or resume point comes of it, then or after they resume it. The
 * owner's watch time still counts (an aggregate per video and day, not the viewer's history),
 * measured from a baseline kept apart (`paused_watch_heartbeats`) that nothing serves.
 */
export class WatchProgressService {
  constructor(
    private readonly deps: {
      progress: WatchProgressRepository;
      videos: VideoService;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  async heartbeat(videoId: string, viewer: UserRow, position: number): Promise<WatchHeartbeat> {
    const video = await this.deps.videos.findVisible(videoId, viewer);
    const duration = Number(video.duration);
    if (position > duration + PAST_END_SECONDS) {
      const message = 'position is past the end of the video.';
      throw badRequest(message, [{ field: 'position', message }]);
    }
    const next = { position, at: this.now() };
    try {
      let history = await this.deps.progress.historyState(viewer.id);
      if (history.paused) {
        const seconds = await this.creditPaused(viewer.id, video.id, next);
        if (seconds !== undefined) return { position, countedSeconds: seconds };
        // Resumed since the read above: this heartbeat is kept as any other, after that time.
        history = await this.deps.progress.historyState(viewer.id);
      }
      const counted = await this.record(viewer.id, video.id, next, history.resumedAt);
      return { position, countedSeconds: counted };
    } catch (err) {
      // The video was deleted while the heartbeat was on its way.
      if (isForeignKeyViolation(err)) throw notFound(VIDEO_NOT_FOUND);
      throw err;
    }
  }

  /**
   * Moves the stored position on, crediting the time since the previous one. A position stored
   * before the history was last resumed credits nothing: the time since it was paused time,
   * already credited against the paused baseline (`creditPaused`).
   */
  private async record(
    userId: string,
    videoId: string,
    next: Heartbeat,
    resumedAt: number | null,
  ): Promise<number> {
    const { progress } = this.deps;
    const seconds = await this.credit(
      { userId, videoId, next },
      () => progress.find(userId, videoId),
      (row) =>
        resumedAt !== null && Number(row.updated_at) < resumedAt
          ? undefined
          : { position: Number(row.position), at: Number(row.updated_at) },
      async (write) => ((await progress.recordHeartbeat(write)) ? 'applied' : 'lost'),
    );
    return seconds ?? 0;
  }

  /**
   * The same for a viewer whose history is paused, against their paused baseline: the seconds
   * credited, or undefined when the history was resumed meanwhile (nothing written).
   */
  private creditPaused(userId: string, videoId: string, next: Heartbeat) {
    const { progress } = this.deps;
    return this.credit(
      { userId, videoId, next },
      () => progress.findPaused(userId, videoId),
      (row) => ({ position: Number(row.position), at: Number(row.heard_at) }),
      (write) => progress.recordPausedHeartbeat(write),
    );
  }

  /**
   * One heartbeat against a baseline row, as a compare-and-set: read the baseline, credit the
   * time since it, and write both only if the baseline is still the one read; retried when
   * another heartbeat moved it first. Undefined when the write found history resumed.
   */
  private async credit<Row>(
    { userId, videoId, next }: { userId: string; videoId: string; next: Heartbeat },
    read: () => Promise<Row | undefined>,
    baseline: (row: Row) => Heartbeat | undefined,
    write: (w: BaselineWrite<Row>) => Promise<BaselineOutcome>,
  ): Promise<number | undefined> {
    for (let attempt = 0; attempt < HEARTBEAT_ATTEMPTS; attempt += 1) {
      const previous = await read();
      const watchMs = creditedMs(previous && baseline(previous), next);
      const outcome = await write({
        userId,
        videoId,
        position: next.position,
        now: next.at,
        previous,
        watchMs,
        day: Math.floor(next.at / DAY_MS),
      });
      if (outcome === 'resumed') return undefined;
      if (outcome === 'applied') return watchMs / 1000;
    }
    return 0;
  }

  async resumeAt(videoId: string, viewer: UserRow): Promise<WatchProgress> {
    const video = await this.deps.videos.findVisible(videoId, viewer);
    const row = await this.deps.progress.find(viewer.id, video.id);
    return {
      position: resumePosition(row && Number(row.position), Number(video.duration)),
    };
  }

  /** Housekeeping: paused baselines no heartbeat has moved for a day. */
  prune(): Promise<unknown> {
    return this.deps.progress.prunePausedHeartbeats(this.now() - PAUSED_BASELINE_MAX_AGE_MS);
  }
}

/** Whole milliseconds of `creditedSeconds`, the one rule, as watch time is stored. */
function creditedMs(previous: Heartbeat | undefined, next: Heartbeat): number {
  return Math.round(creditedSeconds(previous, next) * 1000);
}
