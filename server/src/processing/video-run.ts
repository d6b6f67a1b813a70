import { createWriteStream } from 'node:fs';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { storyboardPlan } from '../media/ffmpeg-args.js';
import { isTruncated } from '../media/ffmpeg-progress.js';
import { FfmpegError, runFfmpeg } from '../media/ffmpeg.js';
import { isOutOfSpace } from './failure-reasons.js';
import type { ProbeResult, Prober } from '../media/ffprobe.js';
import {
  masterPlaylist,
  measureBandwidth,
  parseMediaPlaylist,
  storyboardVtt,
  type Variant,
} from '../media/hls-playlists.js';
import { displaySize, type Rendition } from '../media/ladder.js';
import type { JobQueueRepository } from '../repositories/job-queue.repository.js';
import type {
  ProcessingRepository,
  ProcessingVideo,
} from '../repositories/processing.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { videoPrefix } from '../storage/media-keys.js';
import { PermanentFailure, ReleaseJob, type JobContext } from './jobs.js';
import {
  HLS_MASTER,
  isOutputName,
  POSTER,
  renditionDir,
  STORYBOARD_IMAGE,
  STORYBOARD_VTT,
  VIDEO_MP4,
} from './output-names.js';
import { budgetMs, overallPercent, planProcessing, refusalReason, type Plan } from './plan.js';
import { scratchFiles, stepArgs, type ScratchFiles, type StepMedia } from './step-args.js';

export interface VideoJobDeps {
  repo: ProcessingRepository;
  queue: JobQueueRepository;
  blobs: BlobStore;
  probe: Prober;
  ffmpegPath: string;
  /** Each run works in its own directory under here; outputs then go through the BlobStore. */
  scratchDir: string;
  maxVideoSeconds: number;
  /** KEEP_ORIGINALS: false drops the original once every output exists. */
  keepOriginals: boolean;
}

/** The keys under a video's prefix that processing made (not the original, thumbnail or captions). */
export function outputKeysOf(prefix: string, keys: readonly string[]): string[] {
  return keys.filter((k) => k.startsWith(prefix) && isOutputName(k.slice(prefix.length)));
}

/**
 * One run of a video job: the video's row, a scratch directory with the original in it, the
 * probe and the plan, and the steps that turn them into outputs. Each finished file is stored
 * under the video's prefix through the BlobStore (so a remote store works the same), with its
 * size counted; every key is fixed, so a run that starts again after a dead worker overwrites
 * rather than duplicates.
 */
export class VideoRun {
  /** Bytes of each output this run stored, by key. */
  private readonly sizes = new Map<string, number>();
  private lastPercent = -1;
  private lastWrite = 0;
  private writing: Promise<void> = Promise.resolve();
  readonly variants: Variant[] = [];
  /** What this run stored besides the playable file, for a reprocess's row. */
  readonly made = { hls: false, storyboard: false };
  /** Seconds, the container's unless decoding says the file is cut short. */
  duration: number;
  storyboardSource: string | undefined;

  private constructor(
    private readonly deps: VideoJobDeps,
    private readonly ctx: JobContext,
    readonly video: ProcessingVideo & { media_token: string; original_name: string },
    readonly work: string,
    readonly files: ScratchFiles,
    readonly probe: ProbeResult,
    readonly plan: Plan,
    /**
     * A reprocess's token: outputs go under its prefix and the row is left alone (the video
     * plays on from its own prefix), until `VideoMedia.adoptPrefix` swaps them in.
     */
    readonly pending: string | undefined,
  ) {
    this.duration = probe.duration;
  }

  /** Where the outputs go: the video's prefix, or a reprocess's own. */
  get prefix(): string {
    return videoPrefix(this.video.id, this.pending ?? this.video.media_token);
  }

  /** Whether each output shows on the row as it is stored (not in a reprocess). */
  private get live(): boolean {
    return this.pending === undefined;
  }

  /**
   * The video's row, its original fetched to scratch and probed, its plan, and the run's
   * budget for `part`. Refused sources fail here, with the reason, before any encode.
   * `pending`: a reprocess's token (see the constructor).
   */
  static async open(
    deps: VideoJobDeps,
    ctx: JobContext,
    part: 'playable' | 'ladder' | 'all',
    pending?: string,
  ): Promise<VideoRun> {
    const videoId = ctx.job.video_id;
    const video = videoId ? await deps.repo.video(videoId) : undefined;
    if (!video) throw new PermanentFailure('The video no longer exists.');
    if (!video.original_name || !video.media_token) {
      throw new PermanentFailure('The uploaded file is missing.');
    }
    const withFiles = {
      ...video,
      original_name: video.original_name,
      media_token: video.media_token,
    };
    await fs.mkdir(deps.scratchDir, { recursive: true });
    const work = await fs.mkdtemp(path.join(deps.scratchDir, 'job-'));
    try {
      const files = scratchFiles(work, video.original_name);
      const original = await deps.blobs.open(
        `${videoPrefix(video.id, video.media_token)}${video.original_name}`,
      );
      if (!original) throw new PermanentFailure('The uploaded file is missing.');
      await pipeline(original.stream, createWriteStream(files.source), { signal: ctx.signal });
      const probe = await deps.probe(files.source);
      if (!probe) throw new PermanentFailure('The file could not be read as a video.');
      const refusal = refusalReason(probe, deps.maxVideoSeconds);
      if (refusal) throw new PermanentFailure(refusal);
      const plan = planProcessing(probe);
      const source = (await fs.stat(files.source)).size;
      const v = probe.video!;
      ctx.setBudget(
        budgetMs(plan, probe, source, part),
        `a ${Math.round(probe.duration)}-second ${Math.min(v.width, v.height)}p source at ${Math.round(v.frameRate) || '?'} fps`,
      );
      return new VideoRun(deps, ctx, withFiles, work, files, probe, plan, pending);
    } catch (err) {
      await fs.rm(work, { recursive: true, force: true });
      throw err;
    }
  }

  async close(): Promise<void> {
    await this.writing;
    await fs.rm(this.work, { recursive: true, force: true });
  }

  /** Bytes of every output this run stored. */
  storedBytes(): number {
    let total = 0;
    for (const n of this.sizes.values()) total += n;
    return total;
  }

  /** Overall whole percent, written at most twice a second. */
  private progress(index: number, fraction: number): void {
    // A reprocessed video is ready, and says so throughout.
    if (!this.live) return;
    const percent = overallPercent(this.plan.weights, index, fraction);
    const at = Date.now();
    if (percent === this.lastPercent || at - this.lastWrite < 500) return;
    this.lastPercent = percent;
    this.lastWrite = at;
    const id = this.video.id;
    this.writing = this.writing.then(() => this.deps.repo.setProgress(id, percent)).catch(() => {});
  }

  /**
   * After each write: still the video's prefix? (It moves when the video goes private.) A
   * reprocess's prefix is its own, so a move does not concern it; its video's deletion does.
   */
  private async checkPrefix(): Promise<void> {
    const now = await this.deps.repo.video(this.video.id);
    if (this.pending !== undefined) {
      if (!now || now.reprocess_token !== this.pending) await this.reprocessGone();
      return;
    }
    if (now && now.media_token !== this.video.media_token) await this.prefixMoved();
  }

  /** The video, or its pending reprocess, is gone: what this run stored goes with it. */
  private async reprocessGone(): Promise<never> {
    await Promise.all([...this.ctx.stored].map((key) => this.deps.blobs.delete(key)));
    throw new PermanentFailure('The video or its reprocess no longer exists.');
  }

  /** Written under the old prefix after the move: not the video's files any more. */
  private async prefixMoved(): Promise<never> {
    await Promise.all([...this.ctx.stored].map((key) => this.deps.blobs.delete(key)));
    throw new ReleaseJob('The video moved to a new prefix.');
  }

  /**
   * In the job's completing transaction: a move that committed after this run's last check
   * (its listing missed the newest outputs) sends the job back, to run under the new prefix.
   */
  async assertSamePrefix(trx: Transaction<Database>): Promise<void> {
    const token = await this.deps.repo.lockedToken(this.video.id, trx);
    if (token !== undefined && token !== this.video.media_token) await this.prefixMoved();
  }

  /** Stores `file` (moved into the store, unless `keep`: a copy goes, for later steps). */
  private async store(name: string, file: string, keep = false): Promise<void> {
    const key = `${this.prefix}${name}`;
    this.ctx.stored.add(key);
    const { size } = await fs.stat(file);
    let source = file;
    if (keep) {
      source = `${file}.store`;
      await fs.copyFile(file, source);
    }
    await this.deps.blobs.putFile(key, source);
    this.sizes.set(key, size);
    await this.checkPrefix();
  }

  private async storeText(name: string, text: string): Promise<void> {
    const key = `${this.prefix}${name}`;
    this.ctx.stored.add(key);
    const data = Buffer.from(text);
    await this.deps.blobs.putBuffer(key, data);
    this.sizes.set(key, data.length);
    await this.checkPrefix();
  }

  private media(): StepMedia {
    const v = this.probe.video!;
    return {
      hasAudio: this.probe.audioCodec !== undefined,
      duration: this.duration,
      ...displaySize(v.width, v.height, v.rotation),
      storyboardSource: this.storyboardSource,
    };
  }

  private async ffmpeg(index: number, args: string[]): Promise<{ seconds: number }> {
    const { signal } = this.ctx;
    try {
      return await runFfmpeg(this.deps.ffmpegPath, args, {
        signal,
        onProgress: (seconds) =>
          this.progress(index, this.duration > 0 ? seconds / this.duration : 0),
      });
    } catch (err) {
      if (signal.aborted) throw signal.reason ?? err;
      // ffmpeg ran and refused the file: its data is broken or unsupported. A full scratch disk
      // is the server's condition instead, retried like any passing failure.
      if (err instanceof FfmpegError && !err.killed && !isOutOfSpace(err)) {
        throw new PermanentFailure(`The video could not be decoded (${err.reason}).`);
      }
      throw err;
    }
  }

  /**
   * The whole stream must decode: a file cut short keeps its header but loses its frames. The
   * duration stays the container's (a 6.000 s file is 6 s, not the 5.967 s its last frame
   * starts at), or what decoded when the container does not say.
   */
  private checkDecoded(seconds: number): void {
    const stated = this.probe.duration;
    if (isTruncated(seconds, stated)) {
      throw new PermanentFailure(
        `The file is damaged or incomplete: only ${seconds.toFixed(1)} of ${stated.toFixed(1)} seconds could be decoded.`,
      );
    }
    this.duration = stated > 0 ? stated : Math.round(seconds * 1000) / 1000;
  }

  /** A rendition's segments, then its playlist (kept in scratch too with `keep`). */
  private async storeRendition(r: Rendition, dir: string, keep = false): Promise<void> {
    const playlist = await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8');
    const segments = await Promise.all(
      parseMediaPlaylist(playlist).map(async (s) => ({
        ...s,
        bytes: (await fs.stat(path.join(dir, s.uri))).size,
      })),
    );
    const name = renditionDir(r.height);
    // Segments first: a playlist is only ever stored once what it lists exists.
    for (const s of segments) await this.store(`${name}/${s.uri}`, path.join(dir, s.uri), keep);
    await this.storeText(`${name}/index.m3u8`, playlist);
    // Relative to the master playlist, so a moved prefix needs no rewriting.
    const uri = `${name.slice('hls/'.length)}/index.m3u8`;
    this.variants.push({
      rendition: r,
      hasAudio: this.probe.audioCodec !== undefined,
      ...measureBandwidth(segments),
      uri,
    });
  }

  private async storeMaster(): Promise<void> {
    await this.storeText(HLS_MASTER, masterPlaylist(this.variants));
    this.made.hls = true;
    if (this.live) await this.deps.repo.setOutputs(this.video.id, { hls_ready: 1 });
  }

  /** Runs the plan's steps from `from` up to (not including) `to`, in order. */
  async steps(from: number, to: number): Promise<void> {
    const { plan, files } = this;
    for (let index = from; index < to; index += 1) {
      const step = plan.steps[index]!;
      this.progress(index, 0);
      if (step.kind === 'storyboard' && !this.storyboardSource) {
        // No lower rendition was made in this run (a source at the lowest rung): the sprite
        // decodes the faststart MP4 when this run made it, else the source itself.
        const made = await fs.access(files.mp4).then(
          () => true,
          () => false,
        );
        if (!made) this.storyboardSource = files.source;
      }
      const args = stepArgs(step, files, this.media());
      switch (step.kind) {
        case 'remux':
        case 'mp4': {
          this.checkDecoded((await this.ffmpeg(index, args)).seconds);
          // Kept in scratch: later steps read it; the store gets a copy.
          const copy = path.join(this.work, 'video-store.mp4');
          await fs.copyFile(files.mp4, copy);
          await this.store(VIDEO_MP4, copy);
          if (!this.live) break;
          await this.deps.repo.setOutputs(this.video.id, {
            video_key: `${this.prefix}${VIDEO_MP4}`,
            duration: this.duration,
          });
          break;
        }
        case 'hls':
        case 'hls-copy': {
          const dir = files.hlsDir(step.rendition.height);
          await fs.mkdir(dir, { recursive: true });
          const { seconds } = await this.ffmpeg(index, args);
          if (step.kind === 'hls') this.checkDecoded(seconds);
          await this.storeRendition(step.rendition, dir);
          await this.storeMaster();
          break;
        }
        case 'ladder': {
          for (const r of step.renditions) {
            await fs.mkdir(files.hlsDir(r.height), { recursive: true });
          }
          this.checkDecoded((await this.ffmpeg(index, args)).seconds);
          // The sprite decodes the smallest rendition rather than the source again: its
          // segments stay in scratch for that.
          const smallest = step.renditions[0]!;
          for (const r of step.renditions) {
            await this.storeRendition(r, files.hlsDir(r.height), r === smallest);
          }
          await this.storeMaster();
          this.storyboardSource = path.join(files.hlsDir(smallest.height), 'index.m3u8');
          break;
        }
        case 'poster': {
          await this.ffmpeg(index, args);
          await this.store(POSTER, files.poster);
          break;
        }
        case 'storyboard': {
          await this.ffmpeg(index, args);
          await this.store(STORYBOARD_IMAGE, files.storyboard);
          const { width, height } = this.media();
          const sprite = storyboardPlan(this.duration, width, height);
          await this.storeText(
            STORYBOARD_VTT,
            storyboardVtt(sprite, this.duration, STORYBOARD_IMAGE),
          );
          this.made.storyboard = true;
          if (this.live) await this.deps.repo.setOutputs(this.video.id, { storyboard_ready: 1 });
          break;
        }
      }
      if (index === plan.playableAfter && this.live) {
        await this.deps.repo.markPlayable(this.video.id);
      }
    }
  }
}

/** What a video keeps besides its outputs: the original and the thumbnail. */
export async function keptBytes(
  blobs: BlobStore,
  video: Pick<ProcessingVideo, 'original_bytes' | 'thumbnail_key'>,
): Promise<number> {
  const thumbnail = await blobs.stat(video.thumbnail_key);
  return video.original_bytes + (thumbnail?.size ?? 0);
}
