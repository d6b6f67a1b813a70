/**
 * Subtitle files as uploaded (SubRip or WebVTT) turned into one clean WebVTT: timings
 * normalised, text reduced to plain text with `<b>`, `<i>` and `<u>` only, everything else
 * (other tags, STYLE and REGION blocks, NOTE comments, cue identifiers, unknown cue settings)
 * dropped, so the file carries no markup, CSS or URLs of the uploader's into any player.
 */

export const CAPTION_MAX_BYTES = 1024 * 1024;
const MAX_CUES = 20_000;
/** Ten hours: no cue may start or end beyond it. */
const MAX_MS = 10 * 3600 * 1000;

export interface Cue {
  startMs: number;
  endMs: number;
  /** Cue settings kept (position, line, align, size), already checked. */
  settings: string;
  /** Sanitised cue text, lines joined by \n. */
  text: string;
}

export class CaptionFormatError extends Error {}

/** Text of an upload: UTF-8 (BOM or not), else Windows-1252, as old SubRip files often are. */
export function decodeCaptionBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const TIMESTAMP = /^(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})$/;

/** Milliseconds of `hh:mm:ss.mmm`, `mm:ss.mmm` or SubRip's `hh:mm:ss,mmm`; undefined otherwise. */
export function parseTimestamp(text: string): number | undefined {
  const m = TIMESTAMP.exec(text.trim());
  if (!m) return undefined;
  const [, h = '0', min = '0', s = '0', frac = '0'] = m;
  const ms = Number(frac.padEnd(3, '0'));
  return ((Number(h) * 60 + Number(min)) * 60 + Number(s)) * 1000 + ms;
}

export function formatTimestamp(ms: number): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

const KEPT_SETTING =
  /^(?:position:\d{1,3}(?:\.\d+)?%(?:,(?:line-left|center|line-right))?|line:-?\d{1,3}(?:\.\d+)?%?(?:,(?:start|center|end))?|align:(?:start|center|end|left|right)|size:\d{1,3}(?:\.\d+)?%|vertical:(?:rl|lr))$/;

/** The cue settings worth keeping, each checked against its grammar; regions are dropped. */
function keptSettings(text: string): string {
  return text
    .split(/[ \t]+/)
    .filter((setting) => KEPT_SETTING.test(setting))
    .join(' ');
}

const ENTITY = /&(amp|lt|gt|nbsp|lrm|rlm|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  nbsp: '\u00a0',
  lrm: '\u200e',
  rlm: '\u200f',
  quot: '"',
  apos: "'",
};

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in NAMED) return NAMED[lower]!;
    const code = lower.startsWith('#x')
      ? parseInt(lower.slice(2), 16)
      : parseInt(lower.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
      ? String.fromCodePoint(code)
      : '';
  });
}

/** `&`, `<` and `>` as VTT cue text needs them. */
function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * One cue's text, sanitised: tags other than b, i and u are removed (their text kept), the
 * survivors balanced, entities decoded and the text escaped again, control characters and
 * `-->` (which would end the cue) removed.
 */
export function sanitizeCueText(raw: string): string {
  const out: string[] = [];
  const open: string[] = [];
  const TAG = /<\s*(\/)?\s*([a-zA-Z][a-zA-Z0-9]*)?[^>]*>|<[^>]*$/g;
  let last = 0;
  const text = (chunk: string) => {
    const clean = decodeEntities(chunk).replace(CONTROL, '').replace(/-->/g, '→');
    out.push(escapeCueText(clean));
  };
  for (const m of raw.matchAll(TAG)) {
    text(raw.slice(last, m.index));
    last = m.index + m[0].length;
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    if (!['b', 'i', 'u'].includes(name)) continue;
    if (!closing) {
      open.push(name);
      out.push(`<${name}>`);
    } else if (open.includes(name)) {
      // Close what is open down to it, so tags stay balanced.
      while (open.length > 0) {
        const top = open.pop()!;
        out.push(`</${top}>`);
        if (top === name) break;
      }
    }
  }
  text(raw.slice(last));
  while (open.length > 0) out.push(`</${open.pop()}>`);
  // Blank lines go (a blank line would end the cue); a line of tags only joins its neighbour,
  // so the tags stay balanced without showing an empty line.
  const lines: string[] = [];
  let carried = '';
  for (const raw of out.join('').split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (/^(<\/?[biu]>)+$/.test(line)) {
      if (lines.length > 0) lines[lines.length - 1] += line;
      else carried += line;
      continue;
    }
    lines.push(carried + line);
    carried = '';
  }
  return lines.length > 0 ? lines.join('\n') : '';
}

/** The cues of a SubRip or WebVTT text, sanitised; throws CaptionFormatError when there are none. */
export function parseCaptions(input: string): Cue[] {
  const text = input.replace(/^\ufeff/, '').replace(/\r\n?/g, '\n');
  const blocks = text.split(/\n{2,}/);
  const isVtt = /^WEBVTT(?:[ \t].*)?$/.test(blocks[0]?.split('\n', 1)[0] ?? '');
  const cues: Cue[] = [];
  for (const [index, block] of blocks.entries()) {
    if (isVtt && index === 0) continue;
    const lines = block.split('\n');
    // NOTE, STYLE and REGION blocks never carry cues.
    if (isVtt && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(lines[0] ?? '')) continue;
    const timingAt = lines.findIndex((line) => line.includes('-->'));
    // An identifier (SubRip's number, a VTT id) may come first; nothing else may.
    if (timingAt < 0 || timingAt > 1) continue;
    const [from = '', rest = ''] = lines[timingAt]!.split('-->');
    const [to = '', ...settings] = rest.trim().split(/[ \t]+/);
    const startMs = parseTimestamp(from);
    const endMs = parseTimestamp(to);
    if (startMs === undefined || endMs === undefined) continue;
    if (endMs <= startMs || endMs > MAX_MS) continue;
    const cueText = sanitizeCueText(lines.slice(timingAt + 1).join('\n'));
    if (cueText === '') continue;
    cues.push({ startMs, endMs, settings: keptSettings(settings.join(' ')), text: cueText });
    if (cues.length > MAX_CUES) {
      throw new CaptionFormatError(`A subtitle file may hold at most ${MAX_CUES} cues.`);
    }
  }
  if (cues.length === 0) {
    throw new CaptionFormatError(
      'No subtitles found: the file must be SubRip (.srt) or WebVTT (.vtt).',
    );
  }
  return cues.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
}

/** The WebVTT file of these cues. */
export function toWebVtt(cues: readonly Cue[]): string {
  const body = cues
    .map(
      (cue) =>
        `${formatTimestamp(cue.startMs)} --> ${formatTimestamp(cue.endMs)}${cue.settings ? ` ${cue.settings}` : ''}\n${cue.text}`,
    )
    .join('\n\n');
  return `WEBVTT\n\n${body}\n`;
}

/** An uploaded subtitle file (its bytes) as clean WebVTT. */
export function captionsToWebVtt(bytes: Uint8Array): string {
  return toWebVtt(parseCaptions(decodeCaptionBytes(bytes)));
}
