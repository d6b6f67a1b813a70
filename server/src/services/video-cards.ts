import type { Video } from '@contract';
import type { VideoListRow, VideoRepository } from '../repositories/video.repository.js';
import { toVideo } from './video.mapper.js';

interface Entry {
  version: number;
  video: Video;
  weight: number;
}

/**
 * Videos as lists show them, kept between requests: a list query reads only each video's id,
 * `card_version` and views (migration 013), and the rest of the entry (title, description,
 * keys, owner) is built once per version instead of read and mapped on every request. Videos
 * not kept at the version the list read are fetched together in one query. A list query
 * still decides which videos a viewer may see; an entry holds nothing but how one looks.
 * Bounded by the text held; the least recently listed go first.
 */
export class VideoCards {
  private readonly entries = new Map<string, Entry>();
  private weightHeld = 0;

  constructor(
    private readonly videos: Pick<VideoRepository, 'withOwners'>,
    private readonly maxWeight = 4_000_000,
  ) {}

  /** The listed videos in the list's order, each with the view count the list read. */
  list(rows: readonly VideoListRow[]): Promise<Video[]> {
    return this.listWith(rows, (video) => video);
  }

  /** As `list`, each entry extended with what its row adds (a studio row's counts). */
  async listWith<R extends VideoListRow, T>(
    rows: readonly R[],
    extend: (video: Video, row: R) => T,
  ): Promise<T[]> {
    const found = new Map<string, Video>();
    const missing: string[] = [];
    for (const row of rows) {
      const hit = this.entries.get(row.id);
      if (hit && hit.version === Number(row.card_version)) {
        // Map order is insertion order: re-inserting marks it as the most recently listed.
        this.entries.delete(row.id);
        this.entries.set(row.id, hit);
        found.set(row.id, hit.video);
      } else {
        missing.push(row.id);
      }
    }
    if (missing.length > 0) {
      for (const full of await this.videos.withOwners(missing)) {
        const video = toVideo(full);
        this.store(full.id, Number(full.card_version), video);
        found.set(full.id, video);
      }
    }
    const out: T[] = [];
    for (const row of rows) {
      const video = found.get(row.id);
      // Deleted between the list and the fetch: it is no longer there to show.
      if (!video) continue;
      const views = Number(row.views);
      out.push(extend(video.views === views ? video : { ...video, views }, row));
    }
    return out;
  }

  private store(id: string, version: number, video: Video): void {
    const previous = this.entries.get(id);
    if (previous) {
      this.entries.delete(id);
      this.weightHeld -= previous.weight;
    }
    // Roughly the characters held, plus the entry's fixed cost.
    const weight = video.title.length + video.description.length + video.hashtag.length + 300;
    this.entries.set(id, { version, video, weight });
    this.weightHeld += weight;
    for (const [oldest, old] of this.entries) {
      if (this.weightHeld <= this.maxWeight) break;
      this.entries.delete(oldest);
      this.weightHeld -= old.weight;
    }
  }
}
