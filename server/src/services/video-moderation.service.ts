import {
  moderationReasonSchema,
  MESSAGES,
  type AdminDashboard,
  type AdminVideo,
  type AdminVideosQuery,
  type Role,
} from '@contract';
import { conflict, forbidden, notFound } from '../lib/errors.js';
import { ID_PATTERN } from '../lib/ids.js';
import { isoTime } from '../lib/iso-time.js';
import { insertAudit } from '../repositories/audit.repository.js';
import type {
  ModerationRepository,
  ModerationVideoRow,
} from '../repositories/moderation.repository.js';
import type { JobQueueRepository } from '../repositories/job-queue.repository.js';
import { blockedPatch, unblockedPatch } from '../repositories/video-holds.js';
import { parseOrThrow } from './account-admin.service.js';
import { auditEntry } from './audit-log.js';
import type { MediaUrls } from './media-urls.js';
import { refusalToActOnAccount, type Actor } from '../rules/staff-rules.js';
import type { VideoMedia } from './video-media.js';

function toAdminVideo(row: ModerationVideoRow, urls: MediaUrls): AdminVideo {
  return {
    _id: row.id,
    title: row.title,
    // Staff are not the owner: a held video's files are served to its owner only, so the
    // console shows the thumbnail of visible videos and the placeholder otherwise.
    thumbnail: row.visibility === 'private' ? '' : urls.ofVideo(row.thumbnail_key, row.visibility),
    owner: { _id: row.owner_id, username: row.owner_username },
    visibility: row.pending_visibility ?? row.visibility,
    status: row.status,
    views: Number(row.views),
    blockedReason: row.blocked_reason,
    blockedAt: row.blocked_at === null ? null : isoTime(Number(row.blocked_at)),
    ownerSuspended: Number(row.owner_suspended) === 1,
    hidden: row.visibility === 'private',
    createdAt: isoTime(Number(row.created_at)),
  };
}

/**
 * Staff and videos: blocking one hides it from everyone but its owner at once (video-holds.ts)
 * and moves its files to a new prefix, as a video going private does, so links and copies
 * handed out before stop working; unblocking applies the owner's choice again. A moderator
 * cannot act on the videos of an admin or another moderator.
 */
export class VideoModerationService {
  constructor(
    private readonly deps: {
      moderation: ModerationRepository;
      media: VideoMedia;
      queue: Pick<JobQueueRepository, 'queueStats'>;
      urls: MediaUrls;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  private async video(actor: Actor, id: string): Promise<ModerationVideoRow> {
    const row = ID_PATTERN.test(id) ? await this.deps.moderation.video(id) : undefined;
    if (!row) throw notFound(MESSAGES.videoNotFoundApi);
    const refusal = refusalToActOnAccount(actor, row.owner_role as Role);
    if (refusal) throw forbidden(refusal);
    return row;
  }

  async block(actor: Actor, id: string, reason: string): Promise<AdminVideo> {
    const row = await this.video(actor, id);
    const why = parseOrThrow(moderationReasonSchema, reason);
    if (row.blocked_at !== null) throw conflict('This video is blocked already.');
    const now = this.now();
    // A new media token: every file moves, so media URLs handed out before stop working.
    await this.deps.media.rotateToken(row.id, blockedPatch(why, now), (trx) =>
      insertAudit(trx, auditEntry(actor, 'video.block', { type: 'video', id: row.id }, why, now)),
    );
    return toAdminVideo((await this.deps.moderation.video(row.id))!, this.deps.urls);
  }

  async unblock(actor: Actor, id: string, reason: string | undefined): Promise<AdminVideo> {
    const row = await this.video(actor, id);
    if (row.blocked_at === null) throw conflict('This video is not blocked.');
    const now = this.now();
    await this.deps.media.edit(row.id, {
      patch: unblockedPatch(),
      newPrefix: false,
      alongside: (trx) =>
        insertAudit(
          trx,
          auditEntry(actor, 'video.unblock', { type: 'video', id: row.id }, reason || null, now),
        ),
    });
    return toAdminVideo((await this.deps.moderation.video(row.id))!, this.deps.urls);
  }

  async list(query: AdminVideosQuery): Promise<{ data: AdminVideo[]; total: number }> {
    const { rows, total } = await this.deps.moderation.videoPage(
      { text: query.query || undefined, state: query.state },
      query.limit,
      (query.page - 1) * query.limit,
    );
    return { data: rows.map((r) => toAdminVideo(r, this.deps.urls)), total };
  }

  /** The console's first page: accounts, videos, the queue and open reports. */
  async dashboard(): Promise<AdminDashboard> {
    const [counts, queue] = await Promise.all([
      this.deps.moderation.counts(),
      this.deps.queue.queueStats(this.now()),
    ]);
    return {
      users: {
        total: counts.users,
        pending: counts.pending,
        suspended: counts.suspended,
        staff: counts.staff,
      },
      videos: { total: counts.videos, public: counts.publicVideos, blocked: counts.blocked },
      storageBytes: counts.storedBytes,
      queue: { queued: queue.queued, running: queue.running, stalled: queue.stalled },
      openReports: counts.openReports,
    };
  }
}
