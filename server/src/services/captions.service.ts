import fs from 'node:fs/promises';
import {
  CAPTION_LIMITS,
  captionUploadBody,
  languageLabel,
  normalizeLanguage,
  type Caption,
} from '@contract';
import type { UploadedFile } from '../http/multipart.js';
import { formFieldsOrThrow } from '../lib/form-body.js';
import { badRequest, conflict, notFound } from '../lib/errors.js';
import { CaptionFormatError, captionsToWebVtt } from '../media/captions.js';
import type { CaptionRepository } from '../repositories/caption.repository.js';
import type { MediaRepository } from '../repositories/media.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { newMediaToken, videoPrefix } from '../storage/media-keys.js';
import { removeWritten } from '../storage/remove-written.js';
import { randomBytes } from 'node:crypto';
import type { MediaUrls } from './media-urls.js';
import type { VideoService } from './video.service.js';

const NO_CAPTION = 'No captions in that language.';

/** `captions/{language}-{rand}.vtt`: lowercase, as media keys are, and new on every upload. */
export function captionFileName(language: string): string {
  const slug = language.toLowerCase().replace(/[^a-z0-9-]/g, '');
  return `${slug}-${randomBytes(6).toString('hex')}.vtt`;
}

/**
 * Caption tracks: files under the video's media prefix, so who may read them is the media
 * access decision's call (a private video's captions reach its owner only) and a move to a new
 * prefix takes them along. Reading the list follows `findVisible`; changes are the owner's,
 * under the video's row lock like every edit of its files.
 */
export class CaptionService {
  constructor(
    private readonly deps: {
      videos: VideoService;
      captions: CaptionRepository;
      media: MediaRepository;
      blobs: BlobStore;
      urls: MediaUrls;
      now: () => number;
    },
  ) {}

  async list(videoId: string, viewer: UserRow | undefined): Promise<Caption[]> {
    const video = await this.deps.videos.findVisible(videoId, viewer);
    if (!video.media_token) return [];
    const prefix = videoPrefix(video.id, video.media_token);
    const rows = await this.deps.captions.list(video.id);
    return rows.map((row) => ({
      language: row.language,
      label: row.label,
      // On the app's origin: a <track> from a CDN's would need CORS there.
      url: this.deps.urls.onApp(`${prefix}captions/${row.file_name}`),
    }));
  }

  /** Adds (or replaces) one language's track from an uploaded SubRip or WebVTT file. */
  async add(
    videoId: string,
    viewer: UserRow,
    fields: Record<string, unknown>,
    file: UploadedFile | undefined,
  ): Promise<Caption[]> {
    const video = await this.deps.videos.findOwned(videoId, viewer);
    const parsed = formFieldsOrThrow(
      captionUploadBody,
      fields,
      { file },
      'The subtitles are not valid.',
    );
    const language = normalizeLanguage(parsed.language);
    const label = parsed.label || languageLabel(language);
    let vtt: string;
    try {
      vtt = captionsToWebVtt(await fs.readFile(file!.path));
    } catch (err) {
      if (err instanceof CaptionFormatError) {
        throw badRequest(err.message, [{ field: 'file', message: err.message }]);
      }
      throw err;
    }
    const { blobs } = this.deps;
    let written: string | undefined;
    let replaced: string | undefined;
    try {
      await this.deps.media.withLockedVideo(video.id, async (trx, row) => {
        if (!row) throw notFound('Video not found.');
        const census = await this.deps.captions.census(trx, row.id, language);
        if (!census.existing && census.count >= CAPTION_LIMITS.perVideo) {
          throw conflict(`A video may have at most ${CAPTION_LIMITS.perVideo} caption tracks.`);
        }
        let token = row.media_token;
        if (!token) {
          // Every file lives under a prefix: a row without a token (null) gets one.
          token = newMediaToken();
          await this.deps.media.update(trx, row.id, { media_token: token });
        }
        const name = captionFileName(language);
        written = `${videoPrefix(row.id, token)}captions/${name}`;
        await blobs.putBuffer(written, Buffer.from(vtt, 'utf8'));
        await this.deps.captions.put(trx, {
          video_id: row.id,
          language,
          label,
          file_name: name,
          created_at: this.deps.now(),
        });
        if (census.existing) replaced = `${videoPrefix(row.id, token)}captions/${census.existing}`;
      });
    } catch (err) {
      if (written) await removeWritten(blobs, [written], err).catch(() => undefined);
      throw err;
    }
    // Only once the row names the new file may the old one go.
    if (replaced) await blobs.delete(replaced);
    return this.list(video.id, viewer);
  }

  async remove(videoId: string, viewer: UserRow, language: string): Promise<Caption[]> {
    const video = await this.deps.videos.findOwned(videoId, viewer);
    const wanted = normalizeLanguage(language);
    let gone: string | undefined;
    await this.deps.media.withLockedVideo(video.id, async (trx, row) => {
      if (!row) throw notFound('Video not found.');
      const name = await this.deps.captions.remove(trx, row.id, wanted);
      if (!name) throw notFound(NO_CAPTION);
      if (row.media_token) gone = `${videoPrefix(row.id, row.media_token)}captions/${name}`;
    });
    if (gone) await this.deps.blobs.delete(gone);
    return this.list(video.id, viewer);
  }
}
