import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface ProbeResult {
  formatName: string;
  /** Seconds; 0 when the container does not say. */
  duration: number;
  hasVideo: boolean;
  /** The first picture track, when there is one. */
  video?: VideoStreamInfo;
  /** Codec of the first sound track; undefined when silent. */
  audioCodec?: string;
}

export interface VideoStreamInfo {
  codec: string;
  width: number;
  height: number;
  pixFmt: string;
  profile: string;
  /** Degrees the player must turn the picture (phone recordings), 0 when upright. */
  rotation: number;
  /** Frames per second (the stream's average, else its base rate); 0 when it does not say. */
  frameRate: number;
  /** Frames in the stream as its container counts them; 0 when it does not say. */
  frameCount: number;
}

/** `30000/1001` → 29.97; anything unreadable → 0. */
export function parseRate(value: unknown): number {
  if (typeof value !== 'string') return 0;
  const [num, den = '1'] = value.split('/');
  const rate = Number(num) / Number(den);
  return Number.isFinite(rate) && rate > 0 ? Math.round(rate * 1000) / 1000 : 0;
}

/**
 * `configured` (FFPROBE_PATH, read by config.ts) wins, then an `ffprobe` on `searchPath` (the
 * system's PATH), then the binary shipped in `@ffprobe-installer/ffprobe`. The server runs
 * `config.mediaTools.ffprobe.path`.
 */
export function resolveFfprobePath(configured?: string, searchPath = ''): string {
  if (configured) return configured;
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, process.platform === 'win32' ? 'ffprobe.exe' : 'ffprobe');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  try {
    const require = createRequire(import.meta.url);
    return (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  } catch {
    return 'ffprobe';
  }
}

/** Reads ffprobe's JSON; pure, so odd outputs can be tested without a binary. */
export function parseProbeOutput(stdout: string): ProbeResult | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object') return undefined;
  const { format, streams } = parsed as {
    format?: { format_name?: unknown; duration?: unknown };
    streams?: {
      codec_type?: unknown;
      codec_name?: unknown;
      duration?: unknown;
      width?: unknown;
      height?: unknown;
      pix_fmt?: unknown;
      profile?: unknown;
      avg_frame_rate?: unknown;
      r_frame_rate?: unknown;
      nb_frames?: unknown;
      tags?: { rotate?: unknown };
      side_data_list?: { rotation?: unknown }[];
      disposition?: { attached_pic?: unknown };
    }[];
  };
  if (!format || typeof format.format_name !== 'string') return undefined;
  // Cover art inside an audio file is a "video" stream too; it is not a video.
  const videoStreams = (Array.isArray(streams) ? streams : []).filter(
    (s) => s?.codec_type === 'video' && s.disposition?.attached_pic !== 1,
  );
  const seconds = (v: unknown) => {
    const n = typeof v === 'string' || typeof v === 'number' ? Number(v) : NaN;
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  const duration =
    seconds(format.duration) || Math.max(0, ...videoStreams.map((s) => seconds(s.duration)));
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const first = videoStreams[0];
  const audio = (Array.isArray(streams) ? streams : []).find((s) => s?.codec_type === 'audio');
  const result: ProbeResult = {
    formatName: format.format_name,
    duration: Math.round(duration * 1000) / 1000,
    hasVideo: videoStreams.length > 0,
  };
  if (first) {
    const rotation = Number(
      first.side_data_list?.find((d) => d?.rotation !== undefined)?.rotation ??
        first.tags?.rotate ??
        0,
    );
    result.video = {
      codec: text(first.codec_name),
      width: Number(first.width) || 0,
      height: Number(first.height) || 0,
      pixFmt: text(first.pix_fmt),
      profile: text(first.profile),
      rotation: Number.isFinite(rotation) ? rotation : 0,
      frameRate: parseRate(first.avg_frame_rate) || parseRate(first.r_frame_rate),
      frameCount: Math.max(0, Math.floor(Number(first.nb_frames) || 0)),
    };
  }
  if (audio) result.audioCodec = text(audio.codec_name);
  return result;
}

export type Prober = (filePath: string) => Promise<ProbeResult | undefined>;

/**
 * Probes a file served over plain HTTP on loopback (an upload in an object store, served by
 * `serveForProbe`), with its container's demuxer forced: only `http` and `tcp` may be opened
 * and no playlist demuxer runs, so the file cannot make ffprobe fetch anything else.
 */
export type UrlProber = (url: string, demuxer: string) => Promise<ProbeResult | undefined>;

/**
 * A prober backed by the ffprobe binary; undefined means "not a readable media file". The
 * server passes `config.mediaTools.ffprobe.path`; without one, the shipped binary runs.
 */
export function createFfprobe(binary?: string): Prober {
  const run = ffprobeRunner(binary);
  // Only local files: a crafted playlist must not make the server fetch URLs.
  return (filePath) => run(['-protocol_whitelist', 'file', `file:${filePath}`]);
}

export function createUrlProber(binary?: string): UrlProber {
  const run = ffprobeRunner(binary);
  return (url, demuxer) => run(['-protocol_whitelist', 'http,tcp', '-f', demuxer, url]);
}

function ffprobeRunner(binary = resolveFfprobePath()) {
  return (input: string[]): Promise<ProbeResult | undefined> =>
    new Promise((resolve, reject) => {
      execFile(
        binary,
        ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...input],
        { timeout: 20_000, maxBuffer: 4 * 1024 * 1024, windowsHide: true },
        (err, stdout) => {
          if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') {
            reject(new Error(`ffprobe not found at ${binary}`));
            return;
          }
          resolve(err ? undefined : parseProbeOutput(stdout));
        },
      );
    });
}
