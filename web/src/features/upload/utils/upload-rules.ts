import { CONTAINER_SNIFF_BYTES, LIMITS, MESSAGES, MIB, sniffVideoContainer } from '@contract';
import type { Visibility } from '@contract';

/** The wizard's steps, in the order the product description gives them. */
export const UPLOAD_STEPS = ['Details', 'Video elements', 'Checks', 'Visibility'] as const;
export const LAST_STEP = UPLOAD_STEPS.length - 1;

export const NOT_A_VIDEO = 'Please choose a video file.';
export const NOT_AN_IMAGE = 'Thumbnail must be an image file.';

// Some systems hand the browser an empty MIME type for less common containers.
const VIDEO_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'ogv', 'avi'];

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isVideoFile(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return file.type.startsWith('video/');
  return VIDEO_EXTENSIONS.includes(extensionOf(file.name));
}

/** The server's upload limit and its message (GET /users/me/storage). */
export type UploadLimit = { maxUploadBytes: number; maxUploadMessage: string };

/**
 * Why a chosen video cannot be uploaded, or null when it can. The limit is the server's; until
 * it is known, the product description's 25 MB.
 */
export function videoFileProblem(
  file: Pick<File, 'name' | 'type' | 'size'>,
  limit: UploadLimit = {
    maxUploadBytes: LIMITS.videoMaxBytes,
    maxUploadMessage: MESSAGES.videoTooLarge,
  },
): string | null {
  if (!isVideoFile(file)) return NOT_A_VIDEO;
  if (file.size > limit.maxUploadBytes) return limit.maxUploadMessage;
  return null;
}

/** Why the file's first bytes are no container the server takes (an AVI), or null. */
export async function videoContainerProblem(file: Pick<Blob, 'slice'>): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, CONTAINER_SNIFF_BYTES).arrayBuffer());
  return sniffVideoContainer(head) ? null : MESSAGES.notAVideoContainer;
}

/** Why a chosen thumbnail cannot be used, or null; a rejected file must also be cleared. */
export function thumbnailProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return NOT_AN_IMAGE;
  if (file.size > LIMITS.imageMaxBytes) return MESSAGES.thumbnailTooLarge;
  return null;
}

/** "1.50 MB": sizes are shown in MiB (1 MB = 1048576 bytes) with two decimals. */
export function formatMegabytes(bytes: number): string {
  const safe = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  return `${(safe / MIB).toFixed(2)} MB`;
}

/** The file name without its extension, cut to what the title field accepts. */
export function defaultTitle(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return base.slice(0, LIMITS.titleMax);
}

export type DetailsValues = {
  title: string;
  description: string;
  thumbnail: File | null;
  /** The uploader's playlists to add the video to once it is uploaded. */
  playlists?: string[];
};
export type VisibilityValues = { visibility: Visibility | ''; hashtag: string };
export type UploadValues = DetailsValues & VisibilityValues;
export type UploadField = keyof UploadValues;
export type UploadErrors = Partial<Record<UploadField, string>>;

export function hasErrors(errors: UploadErrors): boolean {
  return Object.keys(errors).length > 0;
}

/** The first step holding an error, so Done can send people back to what needs fixing. */
export function firstStepWithError(errors: UploadErrors): number | null {
  if (errors.title || errors.description || errors.thumbnail) return 0;
  if (errors.visibility || errors.hashtag) return LAST_STEP;
  return null;
}

/** isPublished is true only for public; private and unlisted both send false. */
export function isPublishedFor(visibility: Visibility): boolean {
  return visibility === 'public';
}

/** Seconds as the text field the upload sends; anything unreadable becomes 0 (a hint only). */
export function durationText(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '0';
  return String(Math.round(seconds * 1000) / 1000);
}

/** Whole percent of bytes sent, never above 100 and 0 when the total is unknown. */
export function progressPercent(loaded: number, total: number): number {
  if (!Number.isFinite(loaded) || !Number.isFinite(total) || total <= 0 || loaded <= 0) return 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
}
