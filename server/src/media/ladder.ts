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
