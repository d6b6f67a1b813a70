import { randomBytes } from 'node:crypto';

/**
 * The BlobStore keys of media, and the one spelling of each that a `/media/{key}` URL may use.
 *
 * ```
 * videos/{videoId}/{mediaToken}/video.{ext}            the playable file
 * videos/{videoId}/{mediaToken}/original.{ext}         the upload as received (owner only)
 * videos/{videoId}/{mediaToken}/thumbnail-{rand}.webp  new rand on every replacement
 * videos/{videoId}/{mediaToken}/…                      poster, HLS, storyboard (relative names)
 * images/{imageId}.webp                                avatars and covers
 * ```
 * Everything of one video lives under one prefix; a new token (when the video goes private)
 * moves the whole prefix, so URLs handed out before stop working. No other key names a video's
 * file: a row without a token (the column is nullable since migration 015 added it) has no
 * file that is served.
 */

export const MEDIA_TOKEN_PATTERN = /^[0-9a-f]{16}$/;
const ID = /^[0-9a-f]{24}$/;
/** One path segment of a name under a video's prefix: lowercase, dot-separated words. */
const SEGMENT = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*$/;
/** hls/{height}p/{segment} is the deepest name processing writes; a little room beyond it. */
const MAX_NAME_DEPTH = 4;
const MAX_KEY_LENGTH = 300;

export function newMediaToken(): string {
  return randomBytes(8).toString('hex');
}

/** `videos/{id}/{token}/`: every key of the video starts with it. */
export function videoPrefix(videoId: string, token: string): string {
  return `videos/${videoId}/${token}/`;
}

/** The playable video file (`video.{ext}`). */
export function videoFileKey(videoId: string, token: string, ext: string): string {
  return `${videoPrefix(videoId, token)}video.${ext}`;
}

/** The upload as received, served to its owner only. */
export function originalKey(videoId: string, token: string, ext: string): string {
  return `${videoPrefix(videoId, token)}original.${ext}`;
}

/** A thumbnail gets a new name on every replacement, so cached copies are never stale. */
export function thumbnailKey(videoId: string, token: string): string {
  return `${videoPrefix(videoId, token)}thumbnail-${randomBytes(6).toString('hex')}.webp`;
}

/** Avatars and channel covers: always public. */
export function imageKey(imageId: string): string {
  return `images/${imageId}.webp`;
}

/** What a media key names, for the access decision. */
export type MediaKey =
  /** A file under a video's prefix; `name` is relative to it (`video.mp4`, `hls/720p/a.ts`). */
  | { kind: 'video-prefixed'; key: string; videoId: string; token: string; name: string }
  /** `images/{id}.webp`: an avatar or a cover. */
  | { kind: 'image'; key: string };

/** Parses a key in canonical form; anything else is undefined. */
export function parseMediaKey(key: string): MediaKey | undefined {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return undefined;
  const parts = key.split('/');
  if (parts[0] === 'images') {
    if (parts.length !== 2) return undefined;
    const m = /^([0-9a-f]{24})\.webp$/.exec(parts[1] ?? '');
    return m ? { kind: 'image', key } : undefined;
  }
  if (parts[0] !== 'videos') return undefined;
  const [, videoId = '', token = '', ...rest] = parts;
  if (!ID.test(videoId) || !MEDIA_TOKEN_PATTERN.test(token)) return undefined;
  if (rest.length === 0 || rest.length > MAX_NAME_DEPTH) return undefined;
  if (!rest.every((segment) => SEGMENT.test(segment))) return undefined;
  return { kind: 'video-prefixed', key, videoId, token, name: rest.join('/') };
}

/**
 * The key a raw request target (`/media/…`, exactly as received) names, or undefined when it is
 * not the one canonical spelling of a key: no query, no percent-encoding, no doubled or
 * trailing slash, no dot segment, no backslash or control character, lowercase names only.
 * Refusing every other spelling (rather than normalising it) means one file has one URL,
 * which is what the access decision and every cache in front of it key on.
 */
export function mediaKeyFromRequestTarget(rawTarget: string): MediaKey | undefined {
  const prefix = '/media/';
  if (!rawTarget.startsWith(prefix)) return undefined;
  const key = rawTarget.slice(prefix.length);
  // Only the characters keys are made of; this alone excludes ?, #, %, \, NUL and whitespace.
  if (!/^[a-z0-9._\-/]+$/.test(key)) return undefined;
  return parseMediaKey(key);
}

/** True for a name under a video's prefix that only the owner may read (the raw upload). */
export function isOwnerOnlyName(name: string): boolean {
  return /^original\.[a-z0-9]+$/.test(name);
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  ogv: 'video/ogg',
  m3u8: 'application/vnd.apple.mpegurl',
  m4s: 'video/iso.segment',
  ts: 'video/mp2t',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  vtt: 'text/vtt; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The Content-Type of a media key, by its extension. */
export function contentTypeOfKey(key: string): string {
  const dot = key.lastIndexOf('.');
  const slash = key.lastIndexOf('/');
  if (dot <= slash) return 'application/octet-stream';
  return CONTENT_TYPES[key.slice(dot + 1)] ?? 'application/octet-stream';
}
