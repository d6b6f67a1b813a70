import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { storyboardPlan } from '../media/ffmpeg-args.js';
import { isTruncated } from '../media/ffmpeg-progress.js';
import { FfmpegError, runFfmpeg } from '../media/ffmpeg.js';
import type { Prober } from '../media/ffprobe.js';
import {
  masterPlaylist,
  measureBandwidth,
  parseMediaPlaylist,
  storyboardVtt,
  type Variant,
} from '../media/hls-playlists.js';
import { displaySize, type Rendition } from '../media/ladder.js';
import type { ProcessingRepository } from '../repositories/processing.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { videoPrefix } from '../storage/media-keys.js';
import {
  HLS_MASTER,
  POSTER,
  renditionDir,
  STORYBOARD_IMAGE,
  STORYBOARD_VTT,
  VIDEO_MP4,
} from './output-names.js';
import { overallPercent, planProcessing, refusalReason, type Step } from './plan.js';
import { scratchFiles, stepArgs } from './step-args.js';

/** A reason the owner can read, and retrying would not change. */
export class PermanentFailure extends Error {}

/**
 * The video's files moved to a new prefix (it went private) while this run wrote to the old
 * one: what it stored there is taken back and the job starts again under the new prefix.
 */
export class PrefixMoved extends Error {}

export interface ProcessDeps {
  repo: ProcessingRepository;
  blobs: BlobStore;
  probe: Prober;
  ffmpegPath: string;
  /** Each job works in its own directory under here; outputs then go through the BlobStore. */
  scratchDir: string;
  maxVideoSeconds: number;
}

export interface ProcessContext {
  videoId: string;
  signal: AbortSignal;
  /** Overall whole percent, as work advances. */
  onProgress(percent: number): void;
  /** Every key this run stored, so a cancelled run can take them back. */
  stored: Set<string>;
}

/** The keys under a video's prefix that processing made (not the original or thumbnail). */
export function outputKeysOf(prefix: string, keys: readonly string[]): string[] {
  return keys.filter((k) => {
    const name = k.slice(prefix.length);
    return !name.startsWith('original.') && !name.startsWith('thumbnail-');
  });
}

/**
 * Turns the stored original into every output (see MEDIA-DESIGN.md): the faststart MP4, the
 * HLS renditions and master playlist, the poster and the storyboard. Work happens in a scratch
 * directory; each finished file is stored under the video's prefix (the original's directory)
 * through the BlobStore, so a remote store works the same. Every key is fixed, so a run that
 * starts again after a dead worker overwrites rather than duplicates.
 */
export async function processVideo(deps: ProcessDeps, ctx: ProcessContext): Promise<void> {
  const video = await deps.repo.video(ctx.videoId);
  if (!video) throw new PermanentFailure('The video no longer exists.');
  if (!video.original_name || !video.media_token) {
    throw new PermanentFailure('The uploaded file is missing.');
  }
  const token = video.media_token;
  const prefix = videoPrefix(video.id, token);
  const originalKey = `${prefix}${video.original_name}`;
  await fs.mkdir(deps.scratchDir, { recursive: true });
  const work = await fs.mkdtemp(path.join(deps.scratchDir, 'job-'));
  try {
    const files = scratchFiles(work, video.original_name);
    const source = files.source;
    const original = await deps.blobs.open(originalKey);
    if (!original) throw new PermanentFailure('The uploaded file is missing.');
    await pipeline(original.stream, createWriteStream(source), { signal: ctx.signal });

    const probe = await deps.probe(source);
    if (!probe) throw new PermanentFailure('The file could not be read as a video.');
    const refusal = refusalReason(probe, deps.maxVideoSeconds);
    if (refusal) throw new PermanentFailure(refusal);
    const plan = planProcessing(probe);
    const hasAudio = probe.audioCodec !== undefined;
    let duration = probe.duration;
    const variants: Variant[] = [];
    const mp4 = files.mp4;
    const size = displaySize(probe.video!.width, probe.video!.height, probe.video!.rotation);
    const media = () => ({ hasAudio, duration, ...size });

    /** After each write: still the video's prefix? (It moves when the video goes private.) */
    const checkPrefix = async () => {
      const now = await deps.repo.video(ctx.videoId);
      if (now && now.media_token !== token) throw new PrefixMoved();
    };
    const store = async (name: string, file: string) => {
      const key = `${prefix}${name}`;
      ctx.stored.add(key);
      await deps.blobs.putFile(key, file);
      await checkPrefix();
    };
    const storeText = async (name: string, text: string) => {
      const key = `${prefix}${name}`;
      ctx.stored.add(key);
      await deps.blobs.putBuffer(key, Buffer.from(text));
      await checkPrefix();
    };
    const ffmpeg = async (index: number, args: string[]) => {
      try {
        return await runFfmpeg(deps.ffmpegPath, args, {
          signal: ctx.signal,
          onProgress: (seconds) =>
            ctx.onProgress(
              overallPercent(plan.weights, index, duration > 0 ? seconds / duration : 0),
            ),
        });
      } catch (err) {
        if (ctx.signal.aborted) throw ctx.signal.reason ?? err;
        // ffmpeg ran and refused the file: its data is broken or unsupported.
        if (err instanceof FfmpegError && !err.killed) {
          throw new PermanentFailure(`The video could not be decoded (${err.reason}).`);
        }
        throw err;
      }
    };
    /** The whole stream must decode: a file cut short keeps its header but loses its frames. */
    const checkDecoded = (seconds: number) => {
      if (isTruncated(seconds, probe.duration)) {
        throw new PermanentFailure(
          `The file is damaged or incomplete: only ${seconds.toFixed(1)} of ${probe.duration.toFixed(1)} seconds could be decoded.`,
        );
      }
      duration = Math.round(seconds * 1000) / 1000;
    };
    const storeRendition = async (r: Rendition, dir: string) => {
      const playlist = await fs.readFile(path.join(dir, 'index.m3u8'), 'utf8');
      const segments = await Promise.all(
        parseMediaPlaylist(playlist).map(async (s) => ({
          ...s,
          bytes: (await fs.stat(path.join(dir, s.uri))).size,
        })),
      );
      const name = renditionDir(r.height);
      // Segments first: a playlist is only ever stored once what it lists exists.
      for (const s of segments) await store(`${name}/${s.uri}`, path.join(dir, s.uri));
      await storeText(`${name}/index.m3u8`, playlist);
      // Relative to the master playlist, so a moved prefix needs no rewriting.
      const uri = `${name.slice('hls/'.length)}/index.m3u8`;
      variants.push({ rendition: r, hasAudio, ...measureBandwidth(segments), uri });
      await storeText(HLS_MASTER, masterPlaylist(variants));
      await deps.repo.setOutputs(ctx.videoId, { hls_ready: 1 });
    };

    for (let index = 0; index < plan.steps.length; index += 1) {
      const step: Step = plan.steps[index]!;
      ctx.onProgress(overallPercent(plan.weights, index, 0));
      const args = stepArgs(step, files, media());
      switch (step.kind) {
        case 'remux':
        case 'mp4': {
          checkDecoded((await ffmpeg(index, args)).seconds);
          // Kept in scratch: later steps read it; the store gets a copy.
          const copy = path.join(work, 'video-store.mp4');
          await fs.copyFile(mp4, copy);
          await store(VIDEO_MP4, copy);
          await deps.repo.setOutputs(ctx.videoId, { video_key: `${prefix}${VIDEO_MP4}`, duration });
          break;
        }
        case 'hls':
        case 'hls-copy': {
          const dir = files.hlsDir(step.rendition.height);
          await fs.mkdir(dir, { recursive: true });
          const { seconds } = await ffmpeg(index, args);
          if (step.kind === 'hls') checkDecoded(seconds);
          await storeRendition(step.rendition, dir);
          break;
        }
        case 'poster': {
          await ffmpeg(index, args);
          await store(POSTER, files.poster);
          break;
        }
        case 'storyboard': {
          await ffmpeg(index, args);
          await store(STORYBOARD_IMAGE, files.storyboard);
          const sprite = storyboardPlan(duration, size.width, size.height);
          await storeText(STORYBOARD_VTT, storyboardVtt(sprite, duration, STORYBOARD_IMAGE));
          await deps.repo.setOutputs(ctx.videoId, { storyboard_ready: 1 });
          break;
        }
      }
      if (index === plan.playableAfter) await deps.repo.markPlayable(ctx.videoId);
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
