import { z } from 'zod';
import { MIB } from './limits.js';

/** The last path segment of a resumable upload's URL (`/api/v1/uploads/{uploadId}`). */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{32}$/;
export const uploadIdSchema = z
  .string()
  .regex(UPLOAD_ID_PATTERN, 'uploadId must be the last path segment of the upload’s URL.');

const GIB = 1024 * MIB;

/** `25MB`, `4GB`, `1.50MB`: sizes as the product description writes them (1 MB = 1048576 bytes). */
export function formatBytes(bytes: number): string {
  if (bytes >= GIB && bytes % GIB === 0) return `${bytes / GIB}GB`;
  if (bytes >= GIB) return `${(bytes / GIB).toFixed(2)}GB`;
  if (bytes % MIB === 0) return `${bytes / MIB}MB`;
  return `${(bytes / MIB).toFixed(2)}MB`;
}

/** The refusal of a video over the operator's limit; with the default 25 MiB, SPEC's words. */
export function videoTooLargeMessage(maxBytes: number): string {
  return `Video size exceeds ${formatBytes(maxBytes)}. Please upload a smaller file.`;
}

/** GET /users/me/storage: what the signed-in user stores, and the limits that apply to them. */
export const storageSchema = z.object({
  /** Everything stored for the user's videos (originals and outputs) and open uploads. */
  usedBytes: z.number().int(),
  /** null: no limit. */
  quotaBytes: z.number().int().nullable(),
  /** The same, for videos and uploads of the last 24 hours. */
  dailyUsedBytes: z.number().int(),
  dailyQuotaBytes: z.number().int().nullable(),
  /** The largest file one upload may be, and the message a larger one is refused with. */
  maxUploadBytes: z.number().int(),
  maxUploadMessage: z.string(),
});
export type Storage = z.infer<typeof storageSchema>;

/** GET /uploads/{uploadId}: an unfinished upload, for clients that do not speak tus. */
export const uploadStateSchema = z.object({
  uploadId: z.string(),
  filename: z.string(),
  size: z.number().int(),
  /** Bytes that have arrived. */
  offset: z.number().int(),
  expiresAt: z.string(),
});
