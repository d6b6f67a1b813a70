import {
  displaySize,
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
  /** One rendition encoded from the source. */
  | { kind: 'hls'; rendition: Rendition }
  | { kind: 'poster' }
  | { kind: 'storyboard' };

export interface Plan {
  steps: Step[];
  renditions: Rendition[];
  /** Index of the step after which the video plays. */
  playableAfter: number;
  /** Relative cost of each step, for one overall percent. */
  weights: number[];
}

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
 * The runs that turn a probed source into every output. An H.264/AAC source plays from its
 * remuxed copy at once; any other plays once its top rendition is encoded (one encode serves
 * both the download and the top HLS variant). Then the remaining renditions lowest first, the
 * poster as soon as something plays, and the storyboard last.
 */
export function planProcessing(probe: ProbeResult): Plan {
  const video = probe.video!;
  const size = displaySize(video.width, video.height, video.rotation);
  const renditions = selectLadder(size.width, size.height);
  const top = renditions[renditions.length - 1]!;
  const steps: Step[] = [];
  let playableAfter: number;
  if (canRemux(probe)) {
    steps.push({ kind: 'remux' });
    playableAfter = 0;
    steps.push({ kind: 'poster' });
    for (const r of renditions) steps.push({ kind: 'hls', rendition: r });
  } else {
    steps.push({ kind: 'mp4', rendition: top }, { kind: 'hls-copy', rendition: top });
    playableAfter = 1;
    steps.push({ kind: 'poster' });
    for (const r of renditions.slice(0, -1)) steps.push({ kind: 'hls', rendition: r });
  }
  steps.push({ kind: 'storyboard' });
  const weights = steps.map((s) => {
    switch (s.kind) {
      case 'mp4':
      case 'hls':
        return encodeWeight(s.rendition);
      case 'storyboard':
        return 2;
      default:
        return 0.5;
    }
  });
  return { steps, renditions, playableAfter, weights };
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
