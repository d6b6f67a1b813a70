import type { Rendition } from './ladder.js';

/**
 * ffmpeg command lines, built by pure functions so each choice is tested without a binary.
 * Every run reads only local files (`-protocol_whitelist file`: a crafted playlist inside an
 * upload must not make the server fetch URLs), reports progress as key=value lines on stdout,
 * and logs errors only, so stderr is the reason when it fails.
 */

/** Seconds between forced keyframes; segments are cut on them. */
export const KEYFRAME_SECONDS = 2;
/** Target HLS segment length (two GOPs). */
export const SEGMENT_SECONDS = 4;
/** x264 speed: `veryfast` keeps a 720p ladder near real time on one core. */
export const X264_PRESET = 'veryfast';

const COMMON = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
const PROGRESS = ['-nostats', '-progress', 'pipe:1'];

function input(file: string): string[] {
  return ['-protocol_whitelist', 'file', '-i', `file:${file}`];
}

/** The first picture track and, when present, the first sound track. */
const MAP = ['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1'];

/** Scale (and lower the frame rate where capped): the filter chain of one rendition. */
function pictureFilter(rendition: Rendition): string {
  const fps = rendition.frameRate ? `,fps=${rendition.frameRate}` : '';
  return `scale=${rendition.width}:${rendition.height},setsar=1${fps}`;
}

/** x264 settings of one rendition (its picture comes from `-vf` or a filter graph's label). */
function x264(rendition: Rendition): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    X264_PRESET,
    '-profile:v',
    'high',
    '-level:v',
    rendition.level,
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    `${rendition.videoKbps}k`,
    '-maxrate',
    `${Math.round(rendition.videoKbps * 1.5)}k`,
    '-bufsize',
    `${rendition.videoKbps * 2}k`,
    // Fixed keyframe times line segments up across renditions, so players switch cleanly.
    '-force_key_frames',
    `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
    '-sc_threshold',
    '0',
  ];
}

function h264(rendition: Rendition): string[] {
  return [...x264(rendition), '-vf', pictureFilter(rendition)];
}

function aac(rendition: Rendition, hasAudio: boolean): string[] {
  if (!hasAudio) return ['-an'];
  return ['-c:a', 'aac', '-b:a', `${rendition.audioKbps}k`, '-ac', '2', '-ar', '48000'];
}

/**
 * An H.264/AAC upload copied as it is into an MP4 with its index first, so it plays while
 * downloading: seconds, whatever the length.
 */
export function remuxArgs(source: string, output: string): string[] {
  return [
    ...COMMON,
    ...PROGRESS,
    ...input(source),
    ...MAP,
    '-c',
    'copy',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    `file:${output}`,
  ];
}

/** The top rendition encoded once into a faststart MP4: Download, and the top HLS variant. */
export function encodeMp4Args(
  source: string,
  output: string,
  rendition: Rendition,
  hasAudio: boolean,
): string[] {
  return [
    ...COMMON,
    ...PROGRESS,
    ...input(source),
    ...MAP,
    ...h264(rendition),
    ...aac(rendition, hasAudio),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    `file:${output}`,
  ];
}

function hlsOutput(dir: string): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_list_size',
    '0',
    '-hls_flags',
    'independent_segments',
    '-hls_segment_filename',
    `${dir}/seg-%03d.ts`,
    `${dir}/index.m3u8`,
  ];
}

/** One rendition's playlist and MPEG-TS segments in `dir`, encoded from the source. */
export function hlsEncodeArgs(
  source: string,
  dir: string,
  rendition: Rendition,
  hasAudio: boolean,
): string[] {
  return [
    ...COMMON,
    ...PROGRESS,
    ...input(source),
    ...MAP,
    ...h264(rendition),
    ...aac(rendition, hasAudio),
    ...hlsOutput(dir),
  ];
}

/**
 * Every rendition from one decode of the source: the picture is split once per rendition
 * (ffmpeg's `split` filter), each branch scaled (and its frame rate capped) and encoded into
 * its own HLS output in `dirOf(height)`. Decoding once instead of once per rendition is most
 * of what a ladder costs beyond its encodes.
 */
export function ladderArgs(
  source: string,
  renditions: readonly Rendition[],
  dirOf: (height: number) => string,
  hasAudio: boolean,
): string[] {
  const labels = renditions.map((_, i) => `s${i}`);
  const graph = [
    `[0:v:0]split=${renditions.length}${labels.map((l) => `[${l}]`).join('')}`,
    ...renditions.map((r, i) => `[s${i}]${pictureFilter(r)}[v${i}]`),
  ].join(';');
  const outputs = renditions.flatMap((r, i) => [
    '-map',
    `[v${i}]`,
    ...(hasAudio ? ['-map', '0:a:0'] : []),
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    ...x264(r),
    ...aac(r, hasAudio),
    ...hlsOutput(dirOf(r.height)),
  ]);
  return [...COMMON, ...PROGRESS, ...input(source), '-filter_complex', graph, ...outputs];
}

/** An already encoded H.264/AAC MP4 cut into segments without encoding again. */
export function hlsCopyArgs(source: string, dir: string): string[] {
  return [...COMMON, ...PROGRESS, ...input(source), ...MAP, '-c', 'copy', ...hlsOutput(dir)];
}

/** One frame at `atSeconds`, at most 720 lines high, as JPEG. */
export function posterArgs(source: string, output: string, atSeconds: number): string[] {
  return [
    ...COMMON,
    '-ss',
    atSeconds.toFixed(3),
    ...input(source),
    '-map',
    '0:v:0',
    '-frames:v',
    '1',
    '-vf',
    "scale=-2:'min(720,ih)'",
    '-q:v',
    '3',
    '-f',
    'image2',
    `file:${output}`,
  ];
}

export interface StoryboardPlan {
  /** Seconds between the frames. */
  interval: number;
  /** Frames in the sprite. */
  count: number;
  columns: number;
  rows: number;
  tileWidth: number;
  tileHeight: number;
}

/** At most this many frames: a 100-tile sprite of 160 px tiles stays a small JPEG. */
export const STORYBOARD_MAX_FRAMES = 100;
const STORYBOARD_COLUMNS = 10;
const TILE_WIDTH = 160;

/** How a video of `duration` seconds and this display size is cut into a seek-preview sprite. */
export function storyboardPlan(duration: number, width: number, height: number): StoryboardPlan {
  const interval = Math.max(1, Math.ceil(duration / STORYBOARD_MAX_FRAMES));
  const count = Math.max(1, Math.ceil(duration / interval));
  const columns = Math.min(STORYBOARD_COLUMNS, count);
  const tileHeight = Math.max(2, Math.round((TILE_WIDTH * height) / width / 2) * 2);
  return {
    interval,
    count,
    columns,
    rows: Math.ceil(count / columns),
    tileWidth: TILE_WIDTH,
    tileHeight,
  };
}

/** One frame every `interval` seconds, scaled and laid out left to right, top to bottom. */
export function storyboardArgs(source: string, output: string, plan: StoryboardPlan): string[] {
  return [
    ...COMMON,
    ...input(source),
    '-map',
    '0:v:0',
    '-vf',
    `fps=1/${plan.interval},scale=${plan.tileWidth}:${plan.tileHeight},setsar=1,tile=${plan.columns}x${plan.rows}`,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    '-f',
    'image2',
    `file:${output}`,
  ];
}
