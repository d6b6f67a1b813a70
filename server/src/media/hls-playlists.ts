import { codecsAttribute, type Rendition } from './ladder.js';
import type { StoryboardPlan } from './ffmpeg-args.js';

/** A media segment listed in a rendition's playlist. */
export interface PlaylistSegment {
  uri: string;
  duration: number;
}

/** The segments of a VOD media playlist, in order. */
export function parseMediaPlaylist(text: string): PlaylistSegment[] {
  const segments: PlaylistSegment[] = [];
  let duration: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) {
      duration = Number.parseFloat(line.slice('#EXTINF:'.length));
    } else if (line && !line.startsWith('#') && duration !== undefined) {
      segments.push({ uri: line, duration });
      duration = undefined;
    }
  }
  return segments;
}

/**
 * BANDWIDTH is the peak of any segment's bit rate and AVERAGE-BANDWIDTH the whole rendition's,
 * both measured from the segments actually written (bits per second).
 */
export function measureBandwidth(segments: readonly { duration: number; bytes: number }[]): {
  peak: number;
  average: number;
} {
  let peak = 0;
  let bytes = 0;
  let seconds = 0;
  for (const s of segments) {
    // A very short last segment would overstate the rate; count it as at least one second.
    const rate = (s.bytes * 8) / Math.max(1, s.duration);
    peak = Math.max(peak, rate);
    bytes += s.bytes;
    seconds += s.duration;
  }
  return {
    peak: Math.ceil(peak),
    average: seconds > 0 ? Math.ceil((bytes * 8) / seconds) : Math.ceil(peak),
  };
}

export interface Variant {
  rendition: Rendition;
  hasAudio: boolean;
  peak: number;
  average: number;
  /** Relative to the master playlist, e.g. `360p/index.m3u8`. */
  uri: string;
}

/** The master playlist: one entry per finished rendition, lowest first. */
export function masterPlaylist(variants: readonly Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const sorted = [...variants].sort((a, b) => a.rendition.height - b.rendition.height);
  for (const v of sorted) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${v.peak},AVERAGE-BANDWIDTH=${v.average},` +
        `RESOLUTION=${v.rendition.width}x${v.rendition.height},` +
        `CODECS="${codecsAttribute(v.rendition, v.hasAudio)}"`,
      v.uri,
    );
  }
  return `${lines.join('\n')}\n`;
}

function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT cues pointing at each tile of the sprite: `storyboard.jpg#xywh=x,y,w,h`. */
export function storyboardVtt(plan: StoryboardPlan, duration: number, image: string): string {
  const cues = ['WEBVTT', ''];
  for (let i = 0; i < plan.count; i += 1) {
    const start = i * plan.interval;
    if (i > 0 && start >= duration) break;
    const end = Math.max(start + 0.001, Math.min((i + 1) * plan.interval, duration));
    const x = (i % plan.columns) * plan.tileWidth;
    const y = Math.floor(i / plan.columns) * plan.tileHeight;
    cues.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${image}#xywh=${x},${y},${plan.tileWidth},${plan.tileHeight}`,
      '',
    );
  }
  return cues.join('\n');
}
