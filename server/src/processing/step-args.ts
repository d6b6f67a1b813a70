import path from 'node:path';
import {
  encodeMp4Args,
  hlsCopyArgs,
  hlsEncodeArgs,
  ladderArgs,
  posterArgs,
  remuxArgs,
  storyboardArgs,
  storyboardPlan,
} from '../media/ffmpeg-args.js';
import { POSTER, renditionDir, STORYBOARD_IMAGE } from './output-names.js';
import type { Step } from './plan.js';

/** Where one job's files live in its scratch directory. */
export interface ScratchFiles {
  source: string;
  /** The faststart MP4 every later step reads. */
  mp4: string;
  poster: string;
  storyboard: string;
  hlsDir(height: number): string;
}

export function scratchFiles(work: string, sourceName: string): ScratchFiles {
  return {
    source: path.join(work, sourceName),
    mp4: path.join(work, 'video.mp4'),
    poster: path.join(work, POSTER),
    storyboard: path.join(work, STORYBOARD_IMAGE),
    hlsDir: (height) => path.join(work, renditionDir(height)),
  };
}

/** What a step's arguments depend on, known once the steps before it ran. */
export interface StepMedia {
  hasAudio: boolean;
  /** Seconds, as decoded by the steps so far (the probe's until then). */
  duration: number;
  /** Display size (rotation applied). */
  width: number;
  height: number;
  /** The smallest rendition's playlist once the ladder made it: a cheap decode for the sprite. */
  storyboardSource?: string;
}

/**
 * The ffmpeg arguments of one step. The worker runs exactly these, and the bench runs them
 * from a shell to measure what the worker adds around ffmpeg.
 */
export function stepArgs(step: Step, files: ScratchFiles, media: StepMedia): string[] {
  switch (step.kind) {
    case 'remux':
      return remuxArgs(files.source, files.mp4);
    case 'mp4':
      return encodeMp4Args(files.source, files.mp4, step.rendition, media.hasAudio);
    case 'hls':
      return hlsEncodeArgs(
        files.source,
        files.hlsDir(step.rendition.height),
        step.rendition,
        media.hasAudio,
      );
    case 'ladder':
      return ladderArgs(files.source, step.renditions, files.hlsDir, media.hasAudio);
    case 'hls-copy':
      return hlsCopyArgs(files.mp4, files.hlsDir(step.rendition.height));
    case 'poster':
      return posterArgs(files.mp4, files.poster, Math.min(1, media.duration / 3));
    case 'storyboard':
      return storyboardArgs(
        media.storyboardSource ?? files.mp4,
        files.storyboard,
        storyboardPlan(media.duration, media.width, media.height),
      );
  }
}
