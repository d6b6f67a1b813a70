import type { WatchHeartbeat, WatchProgress } from '@contract';
import { DAY_MS } from '../db/dialect-sql.js';
import { isForeignKeyViolation } from '../db/database.js';
import { badRequest, notFound } from '../lib/errors.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { WatchProgressRepository } from '../repositories/watch-progress.repository.js';
import { VIDEO_NOT_FOUND, type VideoService } from './video.service.js';
import { creditedSeconds, resumePosition } from '../rules/watch-time.js';

// A compare-and-set loses only to a heartbeat for the same viewer and video that committed in
// between, so a few attempts are plenty; the last loser is simply not credited.
const HEARTBEAT_ATTEMPTS = 5;
// A player may report a little past the end (rounding of the duration).
const PAST_END_SECONDS = 1;

/** Heartbeats from the player: watch time for the owner's analytics and where to resume. */
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
    const now = this.now();
    try {
      for (let attempt = 0; attempt < HEARTBEAT_ATTEMPTS; attempt += 1) {
        const previous = await this.deps.progress.find(viewer.id, video.id);
        const seconds = creditedSeconds(
          previous && { position: Number(previous.position), at: Number(previous.updated_at) },
          { position, at: now },
        );
        const watchMs = Math.round(seconds * 1000);
        const applied = await this.deps.progress.recordHeartbeat({
          userId: viewer.id,
          videoId: video.id,
          position,
          now,
          previous,
          watchMs,
          day: Math.floor(now / DAY_MS),
        });
        if (applied) return { position, countedSeconds: watchMs / 1000 };
      }
    } catch (err) {
      // The video was deleted while the heartbeat was on its way.
      if (isForeignKeyViolation(err)) throw notFound(VIDEO_NOT_FOUND);
      throw err;
    }
    return { position, countedSeconds: 0 };
  }

  async resumeAt(videoId: string, viewer: UserRow): Promise<WatchProgress> {
    const video = await this.deps.videos.findVisible(videoId, viewer);
    const row = await this.deps.progress.find(viewer.id, video.id);
    return {
      position: resumePosition(row && Number(row.position), Number(video.duration)),
    };
  }
}
