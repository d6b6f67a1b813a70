import { LIMITS, type Video } from '@contract';
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
  /** The ranked ids as computed, public when they were. */
  ids: readonly string[];
  /** Each ranked id's place, to put a statement's rows (in its own order) in ranking order. */
  rank: ReadonlyMap<string, number>;
  /**
   * Those of `ids` that are public at a search generation, in ranking order: every ranked id
   * when the ranking is computed, then what the last read of every ranked row found. The
   * generation moves with any video's visibility, so a statement that reads the same one
   * finds exactly these public.
   */
  visible?: { generation: number; ids: readonly string[] };
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
    const ranking = await this.current();
    const offset = (page - 1) * limit;
    const { total, shown } =
      (await this.pageOfVisible(ranking, offset, limit)) ??
      (await this.everyRanked(ranking, offset, limit));
    return {
      data: shown,
      ...pageInfo(total, page, limit),
      // A ranking moves every minute: no cursor follows it, pages go by number.
      nextCursor: null,
    };
  }

  /**
   * The page's videos alone, in one statement, when it reads the generation the ranking's
   * public ids were found at: then those ids are still exactly the ranked videos a visitor may
   * see, and the statement's rows are the page. Undefined when a visibility moved since (or
   * the page is past the end): the caller reads every ranked row instead.
   */
  private async pageOfVisible(
    ranking: Ranking,
    offset: number,
    limit: number,
  ): Promise<{ total: number; shown: Video[] } | undefined> {
    const visible = ranking.visible;
    const wanted = visible?.ids.slice(offset, offset + limit) ?? [];
    if (!visible || wanted.length === 0) return undefined;
    const { page: read, entries } = await this.deps.cards.readOneStatement(async () => ({
      rows: await this.deps.videos.listedPublic(wanted),
    }));
    const generation = read.rows[0]?.search_generation;
    if (read.rows.length !== wanted.length || Number(generation) !== visible.generation) {
      return undefined;
    }
    return { total: visible.ids.length, shown: inOrder(entries, ranking.rank) };
  }

  /**
   * Every ranked video a visitor may see, in ranking order, in one statement; what it found
   * public becomes the ranking's visible ids at the generation it read.
   */
  private async everyRanked(
    ranking: Ranking,
    offset: number,
    limit: number,
  ): Promise<{ total: number; shown: Video[] }> {
    const { page: read, entries } = await this.deps.cards.readOneStatement(async () => ({
      rows: await this.deps.videos.listedPublic(ranking.ids),
    }));
    const videos = inOrder(entries, ranking.rank);
    const generation = read.rows[0]?.search_generation;
    // With nothing public there is no generation to go by: every request reads every row.
    ranking.visible =
      generation == null
        ? undefined
        : { generation: Number(generation), ids: videos.map((v) => v._id) };
    return { total: videos.length, shown: videos.slice(offset, offset + limit) };
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
    const generation = rows[0]?.search_generation;
    const ids = rows.map((r) => r.id);
    // The statement found these public: at its generation they are the visible ranking.
    const ranking: Ranking = {
      at: now,
      ids,
      rank: new Map(ids.map((id, i) => [id, i])),
      visible: generation == null ? undefined : { generation: Number(generation), ids },
    };
    this.ranking = ranking;
    return ranking;
  }
}

/** The entries' videos in ranking order (a statement answers in its own). */
function inOrder(entries: readonly { video: Video }[], rank: ReadonlyMap<string, number>): Video[] {
  return entries.map((e) => e.video).sort((a, b) => rank.get(a._id)! - rank.get(b._id)!);
}
