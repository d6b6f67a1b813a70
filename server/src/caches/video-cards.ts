import type { Video } from '@contract';
import type { ReadSnapshot } from '../db/read-snapshot.js';
import { BoundedCache } from '../lib/bounded-cache.js';
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
        const video = toVideo(cardRowOf(full), this.urls);
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
      const row = rows[i]!;
      const views = Number(row.views);
      out.push({ row, video: video.views === views ? video : { ...video, views } });
    }
    return out;
  }
}
