/** One HLS rendition: H.264 (yuv420p) and AAC at a target height. */
export interface Rendition {
  height: number;
  /** Even, keeping the source's display aspect. */
  width: number;
  /** Target video bitrate, kbit/s; the encoder's ceiling is 1.5× this. */
  videoKbps: number;
  audioKbps: number;
  /** H.264 level as ffmpeg takes it (`-level:v`), and as the CODECS attribute spells it. */
  level: string;
  levelIdc: number;
  /** Output frames per second when the source's must be lowered (see capFrameRate); 0 keeps it. */
  frameRate?: number;
}

/** Heights offered, lowest first, with what each is encoded at. */
export const LADDER = [
  { height: 240, videoKbps: 400, audioKbps: 64, level: '3.0', levelIdc: 30 },
  { height: 360, videoKbps: 800, audioKbps: 96, level: '3.0', levelIdc: 30 },
  { height: 480, videoKbps: 1400, audioKbps: 128, level: '3.1', levelIdc: 31 },
  { height: 720, videoKbps: 2800, audioKbps: 128, level: '3.1', levelIdc: 31 },
  { height: 1080, videoKbps: 5000, audioKbps: 160, level: '4.0', levelIdc: 40 },
] as const;

/** Refused outright: more pixels on a side than 8K UHD, which no rung needs. */
export const MAX_SOURCE_WIDTH = 7680;
export const MAX_SOURCE_HEIGHT = 4320;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The renditions for a source of `width`×`height` (display size, rotation applied): every rung
 * at or below the source height, never above it. A source between rungs also gets a rendition
 * at its own height when that is well above the highest rung it reaches (a 600p source gets
 * 600p, not only 480p), and a source smaller than the lowest rung gets one at its own size.
 */
export function selectLadder(width: number, height: number): Rendition[] {
  if (!(width > 0 && height > 0)) return [];
  const aspect = width / height;
  const rungs: Rendition[] = LADDER.filter((r) => r.height <= height).map((r) => ({
    ...r,
    width: even(r.height * aspect),
  }));
  const top = LADDER[LADDER.length - 1]!;
  const highest = rungs[rungs.length - 1];
  if (!highest || (height < top.height && height > highest.height * 1.2)) {
    // Rounded down: never a line more than the source has.
    const own = Math.max(2, Math.floor(height / 2) * 2);
    // Bitrate scaled by pixels from the nearest rung below (or the lowest one).
    const base = highest ?? LADDER[0];
    const scale = (own * own) / (base.height * base.height);
    rungs.push({
      height: own,
      width: even(own * aspect),
      videoKbps: Math.max(100, Math.round(base.videoKbps * scale)),
      audioKbps: base.audioKbps,
      level: base.level,
      levelIdc: base.levelIdc,
    });
  }
  return rungs;
}

/** The CODECS attribute of a variant: H.264 High profile at its level, plus AAC-LC if any. */
export function codecsAttribute(rendition: Rendition, hasAudio: boolean): string {
  const avc = `avc1.6400${rendition.levelIdc.toString(16).padStart(2, '0')}`;
  return hasAudio ? `${avc},mp4a.40.2` : avc;
}

/** The source's display size: a 90° or 270° rotation swaps width and height. */
export function displaySize(
  width: number,
  height: number,
  rotation: number,
): { width: number; height: number } {
  const quarter = Math.round(Math.abs(rotation) / 90) % 2 === 1;
  return quarter ? { width: height, height: width } : { width, height };
}

/** Outputs never run faster than this: 60 fps, and 30 for the lowest rungs (360p and below). */
export const MAX_OUTPUT_FPS = 60;
export const MAX_LOW_RUNG_FPS = 30;
const LOW_RUNG_HEIGHT = 360;

/** H.264 levels (Annex A): macroblocks per second and per frame, and the High-profile bitrate. */
const H264_LEVELS = [
  { level: '3.0', idc: 30, mbps: 40_500, fs: 1_620, kbps: 12_500 },
  { level: '3.1', idc: 31, mbps: 108_000, fs: 3_600, kbps: 17_500 },
  { level: '3.2', idc: 32, mbps: 216_000, fs: 5_120, kbps: 25_000 },
  { level: '4.0', idc: 40, mbps: 245_760, fs: 8_192, kbps: 25_000 },
  { level: '4.1', idc: 41, mbps: 245_760, fs: 8_192, kbps: 62_500 },
  { level: '4.2', idc: 42, mbps: 522_240, fs: 8_704, kbps: 62_500 },
  { level: '5.0', idc: 50, mbps: 589_824, fs: 22_080, kbps: 168_750 },
  { level: '5.1', idc: 51, mbps: 983_040, fs: 36_864, kbps: 300_000 },
  { level: '5.2', idc: 52, mbps: 2_073_600, fs: 36_864, kbps: 300_000 },
] as const;

/**
 * The lowest H.264 level a stream of this size, frame rate and peak bitrate fits: a player
 * that announces a level decodes exactly what fits it, so a 1080p60 rendition labelled 4.0
 * (which allows 1080p30) is refused by strict decoders.
 */
export function h264Level(
  width: number,
  height: number,
  fps: number,
  peakKbps: number,
): { level: string; levelIdc: number } {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const rate = frameMbs * Math.max(1, fps);
  const fit =
    H264_LEVELS.find((l) => frameMbs <= l.fs && rate <= l.mbps && peakKbps <= l.kbps) ??
    H264_LEVELS[H264_LEVELS.length - 1]!;
  return { level: fit.level, levelIdc: fit.idc };
}

/**
 * The rendition as encoded from a source of `sourceFps` (0 when unknown): capped at 60 fps,
 * 30 for the lowest rungs, with the level that size and rate need. A source at or below the
 * cap keeps its own rate.
 */
export function capFrameRate(rendition: Rendition, sourceFps: number): Rendition {
  const cap = rendition.height <= LOW_RUNG_HEIGHT ? MAX_LOW_RUNG_FPS : MAX_OUTPUT_FPS;
  const lowered = sourceFps > cap + 0.01 || !(sourceFps > 0);
  const fps = lowered ? cap : sourceFps;
  const { level, levelIdc } = h264Level(
    rendition.width,
    rendition.height,
    fps,
    Math.round(rendition.videoKbps * 1.5),
  );
  return { ...rendition, level, levelIdc, frameRate: sourceFps > cap + 0.01 ? cap : 0 };
}
