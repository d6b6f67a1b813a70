import type { Video } from '@contract';
import type { ReadSnapshot } from '../db/read-snapshot.js';
import { BoundedCache } from '../lib/bounded-cache.js';
import { keep, keptWith } from '../lib/kept-objects.js';
import type { VideoListRow, VideoRepository } from '../repositories/video.repository.js';
import { cardRowOf, toVideo } from '../mappers/video.mapper.js';
import { RELATIVE_MEDIA_URLS, type MediaUrls } from '../services/media-urls.js';

interface Entry {
  version: number;
  video: Video;
}

/** What a list read: its rows (id, version, views, and whatever else the list adds). */
export interface ListRead<R extends VideoListRow> {
  rows: readonly R[];
}

/** A test's seam between a list's two reads, to land a write exactly there. */
export interface VideoCardsHooks {
  betweenReads?: () => Promise<void> | void;
}

/**
 * Videos as lists show them, kept between requests: a list query reads only each video's id,
 * `card_version` and views (migration 013), and the rest of the entry (title, description,
 * keys, owner) is built once per version instead of read and mapped on every request. Videos
 * not kept at the version the list read are fetched together in one query, in the same read
 * snapshot as the list: the list decides which videos a viewer may see, and an entry read
 * after an edit that the list did not see could show what the viewer may not (a title from
 * while the video was private). An entry holds nothing but how one video looks at one version.
 * Bounded by the text held; entries not listed lately go first.
 */
export class VideoCards {
  private readonly entries: BoundedCache<Entry>;

  constructor(
    private readonly videos: Pick<VideoRepository, 'withOwners'>,
    private readonly snapshot: ReadSnapshot,
    maxWeight = 4_000_000,
    private readonly hooks: VideoCardsHooks = {},
    private readonly urls: MediaUrls = RELATIVE_MEDIA_URLS,
  ) {
    this.entries = new BoundedCache(maxWeight);
  }

  /** Runs `list` and builds its entries in one snapshot: each row with its video, in order. */
  async read<P extends ListRead<VideoListRow>>(
    list: () => Promise<P>,
  ): Promise<{ page: P; entries: { row: P['rows'][number]; video: Video }[] }> {
    return this.snapshot(async () => {
      const page = await list();
      await this.hooks.betweenReads?.();
      return { page, entries: await this.entriesOf(page.rows) };
    });
  }

  /**
   * `read` for a list made by exactly one statement. One statement is one consistent read on
   * both databases, so when every video it lists is kept at the version it read, its answer
   * needs nothing more: no read transaction and no second query. A list with a video not kept
   * at its version, or one `complete` finds wanting (a count not kept), is read again, whole,
   * as `read` reads it (with `whole`, when the full read differs from the one statement).
   */
  async readOneStatement<P extends ListRead<VideoListRow>>(
    list: () => Promise<P>,
    options: { complete?: (page: P) => boolean; whole?: () => Promise<P> } = {},
  ): Promise<{ page: P; entries: { row: P['rows'][number]; video: Video }[] }> {
    const page = await list();
    const kept = options.complete?.(page) === false ? undefined : this.keptEntries(page.rows);
    if (!kept) return this.read(options.whole ?? list);
    // Whatever lands now is after the statement: the answer is the database as it read.
    await this.hooks.betweenReads?.();
    return { page, entries: kept };
  }

  /** Every row with its kept entry, or undefined when any is not kept at its version. */
  private keptEntries<R extends VideoListRow>(
    rows: readonly R[],
  ): { row: R; video: Video }[] | undefined {
    const out: { row: R; video: Video }[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i]!;
      const hit = this.entries.get(row.id);
      if (!hit || hit.version !== Number(row.card_version)) return undefined;
      out[i] = { row, video: withViews(hit.video, row) };
    }
    return out;
  }

  /** Must run inside the snapshot that read `rows`. */
  private async entriesOf<R extends VideoListRow>(
    rows: readonly R[],
  ): Promise<{ row: R; video: Video }[]> {
    const videos: (Video | undefined)[] = new Array(rows.length);
    let missing: Map<string, number[]> | undefined;
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i]!;
      const hit = this.entries.get(row.id);
      if (hit && hit.version === Number(row.card_version)) {
        videos[i] = hit.video;
      } else {
        missing ??= new Map();
        const at = missing.get(row.id);
        if (at) at.push(i);
        else missing.set(row.id, [i]);
      }
    }
    if (missing) {
      for (const full of await this.videos.withOwners([...missing.keys()])) {
        // Mapped from the card's columns alone: nothing the version does not follow is kept.
        // Kept frozen: many answers share it, and its JSON is written once (lib/kept-objects.ts).
        const video = keep(toVideo(cardRowOf(full), this.urls));
        // Weighed in characters held, plus the entry's fixed cost.
        const weight = video.title.length + video.description.length + video.hashtag.length + 300;
        this.entries.set(full.id, { version: Number(full.card_version), video }, weight);
        for (const i of missing.get(full.id) ?? []) videos[i] = video;
      }
    }
    const out: { row: R; video: Video }[] = [];
    for (let i = 0; i < rows.length; i += 1) {
      const video = videos[i];
      // The snapshot holds every listed row; a missing one is a fault, not a race.
      if (!video) throw new Error(`Listed video ${rows[i]!.id} has no row.`);
      out.push({ row: rows[i]!, video: withViews(video, rows[i]!) });
    }
    return out;
  }
}

/** The kept entry with the view count its list read (views move no version). */
function withViews(video: Video, row: VideoListRow): Video {
  const views = Number(row.views);
  return video.views === views ? video : keptWith(video, { views });
}
