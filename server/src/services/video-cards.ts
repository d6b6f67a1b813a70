import type { Video } from '@contract';
import { BoundedCache } from '../lib/bounded-cache.js';
import type { VideoListRow, VideoRepository } from '../repositories/video.repository.js';
import { toVideo } from './video.mapper.js';

interface Entry {
  version: number;
  video: Video;
}

/**
 * Videos as lists show them, kept between requests: a list query reads only each video's id,
 * `card_version` and views (migration 013), and the rest of the entry (title, description,
 * keys, owner) is built once per version instead of read and mapped on every request. Videos
 * not kept at the version the list read are fetched together in one query. A list query
 * still decides which videos a viewer may see; an entry holds nothing but how one looks.
 * Bounded by the text held; entries not listed lately go first.
 */
export class VideoCards {
  private readonly entries: BoundedCache<Entry>;

  constructor(
    private readonly videos: Pick<VideoRepository, 'withOwners'>,
    maxWeight = 4_000_000,
  ) {
    this.entries = new BoundedCache(maxWeight);
  }

  /** The listed videos in the list's order, each with the view count the list read. */
  list(rows: readonly VideoListRow[]): Promise<Video[]> {
    return this.listWith(rows, (video) => video);
  }

  /** As `list`, each entry extended with what its row adds (a studio row's counts). */
  async listWith<R extends VideoListRow, T>(
    rows: readonly R[],
    extend: (video: Video, row: R) => T,
  ): Promise<T[]> {
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
        const video = toVideo(full);
        // Weighed in characters held, plus the entry's fixed cost.
        const weight = video.title.length + video.description.length + video.hashtag.length + 300;
        this.entries.set(full.id, { version: Number(full.card_version), video }, weight);
        for (const i of missing.get(full.id) ?? []) videos[i] = video;
      }
    }
    const out: T[] = [];
    for (let i = 0; i < rows.length; i += 1) {
      const video = videos[i];
      // Deleted between the list and the fetch: it is no longer there to show.
      if (!video) continue;
      const row = rows[i]!;
      const views = Number(row.views);
      out.push(extend(video.views === views ? video : { ...video, views }, row));
    }
    return out;
  }
}
