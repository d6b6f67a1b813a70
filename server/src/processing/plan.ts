import {
  capFrameRate,
  displaySize,
  MAX_OUTPUT_FPS,
  MAX_SOURCE_HEIGHT,
  MAX_SOURCE_WIDTH,
  selectLadder,
  type Rendition,
} from '../media/ladder.js';
import type { ProbeResult } from '../media/ffprobe.js';

/** One ffmpeg run of a processing job, in the order they run. */
export type Step =
  /** H.264/AAC source copied into the faststart MP4: the video plays after this. */
  | { kind: 'remux' }
  /** Any other source encoded once at the top rendition into the faststart MP4. */
  | { kind: 'mp4'; rendition: Rendition }
  /** That MP4 cut into the top rendition's segments, no encoding: the video plays after this. */
  | { kind: 'hls-copy'; rendition: Rendition }
  /** One rendition encoded alone from the source (the bench's per-rung reference). */
  | { kind: 'hls'; rendition: Rendition }
  /** Renditions encoded from one decode of the source (ffmpeg `split`), one output each. */
  | { kind: 'ladder'; renditions: Rendition[] }
  | { kind: 'poster' }
  /** The seek-preview sprite, from the smallest rendition the ladder made (else the MP4). */
  | { kind: 'storyboard' };

export interface Plan {
  steps: Step[];
  renditions: Rendition[];
  /** Index of the step after which the video plays. */
  playableAfter: number;
  /**
   * The steps before this index make the video playable (the `video.playable` job, in the
   * fast lane); the rest finish it (`video.ladder`).
   */
  ladderFrom: number;
  /** Relative cost of each step, for one overall percent. */
  weights: number[];
}

/** Sources faster than this are refused: no camera needs more, and decoding them is costly. */
export const MAX_SOURCE_FPS = 240;
/** Sources with more frames than this are refused (over 4.5 hours at 60 fps). */
export const MAX_SOURCE_FRAMES = 1_000_000;

const H264_PLAYABLE_PIXEL_FORMATS = new Set(['yuv420p', 'yuvj420p']);

/**
 * True when every browser plays the source's tracks as they are once in an MP4: 8-bit 4:2:0
 * H.264, and AAC or no sound. Anything else (HEVC, ProRes, 10-bit or 4:2:2 H.264, Opus…)
 * is encoded.
 */
export function canRemux(probe: ProbeResult): boolean {
  const video = probe.video;
  if (!video || video.codec !== 'h264') return false;
  if (!H264_PLAYABLE_PIXEL_FORMATS.has(video.pixFmt)) return false;
  if (/high 10|4:2:2|4:4:4/i.test(video.profile)) return false;
  // A copy keeps the source's rate: above the output cap it is encoded instead.
  if (video.frameRate > MAX_OUTPUT_FPS + 0.01) return false;
  return probe.audioCodec === undefined || probe.audioCodec === 'aac';
}

/** Why a source is refused before any work, or undefined when it may be processed. */
export function refusalReason(probe: ProbeResult, maxSeconds: number): string | undefined {
  const video = probe.video;
  if (!probe.hasVideo || !video || !(video.width > 0 && video.height > 0)) {
    return 'The file has no picture that can be decoded.';
  }
  const size = displaySize(video.width, video.height, video.rotation);
  const longSide = Math.max(size.width, size.height);
  const shortSide = Math.min(size.width, size.height);
  if (longSide > MAX_SOURCE_WIDTH || shortSide > MAX_SOURCE_HEIGHT) {
    return `Videos larger than ${MAX_SOURCE_WIDTH}×${MAX_SOURCE_HEIGHT} pixels are not supported.`;
  }
  if (probe.duration > maxSeconds) {
    return `Videos longer than ${formatLimit(maxSeconds)} are not supported.`;
  }
  if (video.frameRate > MAX_SOURCE_FPS) {
    return `Videos above ${MAX_SOURCE_FPS} frames per second are not supported (this one has ${Math.round(video.frameRate)}).`;
  }
  const frames = Math.max(video.frameCount, Math.round(probe.duration * video.frameRate));
  if (frames > MAX_SOURCE_FRAMES) {
    return `Videos of more than ${MAX_SOURCE_FRAMES.toLocaleString('en-US')} frames are not supported (this one has ${frames.toLocaleString('en-US')}).`;
  }
  return undefined;
}

function formatLimit(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`;
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return `${seconds} seconds`;
}

/** Encoding cost grows with the pixels per frame. */
function encodeWeight(r: Rendition): number {
  return Math.max(1, (r.width * r.height) / 40_000);
}

/**
 * The runs that turn a probed source into every output, in two jobs. Playable first: an
 * H.264/AAC source at 60 fps or less plays from its remuxed copy at once; any other plays once
 * its top rendition is encoded (one encode serves both the download and the top HLS variant);
 * the poster follows. Then the ladder: every remaining rendition from one decode of the source,
 * and the storyboard from the smallest of them. Every output is at most 60 fps (30 for the
 * lowest rungs) and labelled with the H.264 level that needs.
 */
export function planProcessing(probe: ProbeResult): Plan {
  const video = probe.video!;
  const size = displaySize(video.width, video.height, video.rotation);
  const renditions = selectLadder(size.width, size.height).map((r) =>
    capFrameRate(r, video.frameRate),
  );
  const top = renditions[renditions.length - 1]!;
  const steps: Step[] = [];
  let playableAfter: number;
  let lower: Rendition[];
  if (canRemux(probe)) {
    steps.push({ kind: 'remux' });
    playableAfter = 0;
    lower = renditions;
  } else {
    steps.push({ kind: 'mp4', rendition: top }, { kind: 'hls-copy', rendition: top });
    playableAfter = 1;
    lower = renditions.slice(0, -1);
  }
  steps.push({ kind: 'poster' });
  const ladderFrom = steps.length;
  if (lower.length > 0) steps.push({ kind: 'ladder', renditions: lower });
  steps.push({ kind: 'storyboard' });
  const weights = steps.map((s) => {
    switch (s.kind) {
      case 'mp4':
      case 'hls':
        return encodeWeight(s.rendition);
      case 'ladder':
        // One decode, then each rung's encode.
        return 1 + s.renditions.reduce((sum, r) => sum + encodeWeight(r), 0);
      case 'storyboard':
        return 1;
      default:
        return 0.5;
    }
  });
  return { steps, renditions, playableAfter, ladderFrom, weights };
}

/** Overall whole percent with steps before `index` done and `fraction` of step `index`. */
export function overallPercent(
  weights: readonly number[],
  index: number,
  fraction: number,
): number {
  const total = weights.reduce((a, b) => a + b, 0);
  if (!(total > 0)) return 0;
  let done = 0;
  for (let i = 0; i < index && i < weights.length; i += 1) done += weights[i]!;
  done += (weights[index] ?? 0) * Math.max(0, Math.min(1, fraction));
  // 100 means finished: only the job's completion says so.
  return Math.min(99, Math.floor((done / total) * 100));
}

/** A 720p30 picture, the unit of encoding work below. */
const UNIT_PIXEL_RATE = 1280 * 720 * 30;
/** Seconds a run may take per second of source per unit of work: generous for 2 cores. */
const SECONDS_PER_UNIT = 4;
/** Every run may take this long whatever its size: fetching, probing, storing. */
const BASE_SECONDS = 30;
/** Fetching and storing bytes: a store slower than this per second of budget is not expected. */
const BYTES_PER_SECOND = 10 * 1024 * 1024;

function pixelRate(r: Rendition, sourceFps: number): number {
  const fps = r.frameRate || sourceFps || 30;
  return r.width * r.height * fps;
}

/**
 * How long one run of a video's `part` may take, proportional to the source's duration, its
 * picture size and frame rate (decoding) and what the part encodes, plus its size in bytes
 * (fetching it). Past it the run fails, naming the budget: a hostile source (a tiny file
 * claiming an enormous frame count) cannot hold a worker for hours.
 */
export function budgetMs(
  plan: Plan,
  probe: ProbeResult,
  sourceBytes: number,
  part: 'playable' | 'ladder' | 'all',
): number {
  const v = probe.video!;
  const sourceFps = v.frameRate || 30;
  const steps =
    part === 'all'
      ? plan.steps
      : part === 'playable'
        ? plan.steps.slice(0, plan.ladderFrom)
        : plan.steps.slice(plan.ladderFrom);
  let encode = 0;
  for (const s of steps) {
    if (s.kind === 'mp4' || s.kind === 'hls') encode += pixelRate(s.rendition, sourceFps);
    if (s.kind === 'ladder') for (const r of s.renditions) encode += pixelRate(r, sourceFps);
  }
  const decode = v.width * v.height * sourceFps;
  const units = Math.max(0.25, (encode + decode / 4) / UNIT_PIXEL_RATE);
  const seconds =
    BASE_SECONDS + SECONDS_PER_UNIT * probe.duration * units + sourceBytes / BYTES_PER_SECOND;
  return Math.ceil(seconds) * 1000;
}

/**
 * The most work (in units of 720p30 seconds) a playable job may need and still take the fast
 * lane: a remux needs none, and a short clip's encode little. A source past it (a long or
 * high-frame-rate non-H.264 upload) makes itself playable in the general slots instead, so
 * it cannot hold the lane other uploads become playable in.
 */
export const FAST_LANE_MAX_UNITS = 60;

/** The queue priority of a new upload's playable job: 0 (fast lane) or 1 (general slots). */
export function playablePriority(probe: ProbeResult): number {
  if (canRemux(probe)) return 0;
  const v = probe.video!;
  const plan = planProcessing(probe);
  const top = plan.renditions[plan.renditions.length - 1]!;
  const fps = top.frameRate || v.frameRate || 30;
  const units = (probe.duration * top.width * top.height * fps) / UNIT_PIXEL_RATE;
  return units <= FAST_LANE_MAX_UNITS ? 0 : 1;
}
