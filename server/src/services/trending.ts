import { LIMITS } from '@contract';
import type { TrendingRepository } from '../repositories/trending.repository.js';
import { HOUR_MS } from '../repositories/trending.repository.js';
import type { VideoRepository } from '../repositories/video.repository.js';
import type { VideoCards } from '../caches/video-cards.js';
import { pageInfo } from '../rules/video-query.js';
import type { VideoPage } from './video.service.js';

/** Trending's rule: views of the last 7 days, each day older weighing half as much. */
export const TRENDING = {
  windowMs: 7 * 24 * HOUR_MS,
  halfLifeMs: 24 * HOUR_MS,
  /** A ranking is reused this long, so new views show within it. */
  refreshMs: 60_000,
} as const;

/** The first hour a ranking at `now` reads. */
export function trendingFromHour(now: number): number {
  return Math.floor((now - TRENDING.windowMs) / HOUR_MS);
}

interface Ranking {
  at: number;
  ids: readonly string[];
}

/**
 * Trending: the public videos with the most views lately, recent views weighing most. The
 * ranking (ids only) is computed at most once a minute per process and shared by every
 * request; who may see each video is decided on every request from its current row, so a
 * video going private leaves trending at once, like every other list.
 */
export class TrendingService {
  private ranking: Ranking | undefined;
  private computing: Promise<Ranking> | undefined;

  constructor(
    private readonly deps: {
      trending: TrendingRepository;
      videos: VideoRepository;
      cards: VideoCards;
      now: () => number;
    },
  ) {}

  async page(page: number, limit: number): Promise<VideoPage> {
    const { ids } = await this.current();
    // The ranked videos a visitor may see, in one statement: when each is kept at the version
    // it read, that statement is the whole answer (no read snapshot).
    const { entries } = await this.deps.cards.readOneStatement(async () => ({
      rows: await this.deps.videos.listedPublic(ids),
    }));
    // Back in ranking order: the ids' query answers in its own.
    const rank = new Map(ids.map((id, i) => [id, i]));
    const ordered = entries.map((e) => e.video).sort((a, b) => rank.get(a._id)! - rank.get(b._id)!);
    const offset = (page - 1) * limit;
    return {
      data: ordered.slice(offset, offset + limit),
      ...pageInfo(ordered.length, page, limit),
      // A ranking moves every minute: no cursor follows it, pages go by number.
      nextCursor: null,
    };
  }

  /** Housekeeping: hours no ranking reads any more. */
  async prune(): Promise<void> {
    await this.deps.trending.prune(trendingFromHour(this.deps.now()));
  }

  private async current(): Promise<Ranking> {
    const now = this.deps.now();
    const kept = this.ranking;
    if (kept && now - kept.at < TRENDING.refreshMs && now >= kept.at) return kept;
    // Requests arriving while it is computed share the one computation.
    this.computing ??= this.compute(now).finally(() => {
      this.computing = undefined;
    });
    return this.computing;
  }

  private async compute(now: number): Promise<Ranking> {
    const rows = await this.deps.trending.ranking({
      now,
      fromHour: trendingFromHour(now),
      halfLifeMs: TRENDING.halfLifeMs,
      limit: LIMITS.trendingMax,
    });
    const ranking = { at: now, ids: rows.map((r) => r.id) };
    this.ranking = ranking;
    return ranking;
  }
}
