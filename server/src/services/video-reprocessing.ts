import { conflict, notFound } from '../lib/errors.js';
import { ID_PATTERN } from '../lib/ids.js';
import { insertAudit } from '../repositories/audit.repository.js';
import type { JobQueueRepository } from '../repositories/job-queue.repository.js';
import type { JobsQueued } from '../processing/jobs-queued.js';
import type {
  ProcessingRepository,
  ReprocessState,
} from '../repositories/processing.repository.js';
import { FAIR_SPACING_MS, newJobId } from '../processing/video-jobs.js';
import {
  REPROCESS_PRIORITY,
  VIDEO_REPROCESS,
  type ReprocessPayload,
} from '../processing/reprocess-job.js';
import { newMediaToken } from '../storage/media-keys.js';
import { auditEntry } from './audit-log.js';
import type { Actor } from '../rules/staff-rules.js';

/** How many videos `reprocessAll` reads at a time. */
const PAGE = 200;

/** What `reprocessAll` did, for the operator. */
export interface ReprocessTally {
  queued: number;
  /** Ready videos whose original was not kept (KEEP_ORIGINALS=false): nothing to start from. */
  withoutOriginal: number;
  /** Ready videos with a reprocess pending already. */
  pending: number;
}

/** Why a video cannot be reprocessed now, as the operator reads it; undefined: it can. */
export function reprocessRefusal(video: ReprocessState): string | undefined {
  if (video.status === 'processing') {
    return `Video ${video.id} is still being processed; it will have the current ladder when done.`;
  }
  if (video.status === 'failed') {
    return `Video ${video.id} failed processing; its owner can retry it from the studio.`;
  }
  if (video.original_name === null) {
    return `Video ${video.id} has no original upload to process again (KEEP_ORIGINALS=false dropped it).`;
  }
  if (video.reprocess_token !== null)
    return `Video ${video.id} is already queued for reprocessing.`;
  return undefined;
}

/**
 * An operator's reprocess of ready videos, after a change of the ladder or the encoder: each
 * gets a `video.reprocess` job (processing/reprocess-job.ts) behind every upload's work, and
 * an audit entry, in the transaction that marks it pending. The video keeps playing throughout.
 */
export class VideoReprocessing {
  constructor(
    private readonly deps: {
      processing: ProcessingRepository;
      queue: JobQueueRepository;
      /** Told once reprocessing jobs are committed, to wake the worker. */
      jobsQueued?: JobsQueued;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** Queues one video; refuses (409, or 404) with the reason when it cannot be. */
  async reprocess(actor: Actor, videoId: string): Promise<void> {
    const video = ID_PATTERN.test(videoId)
      ? await this.deps.processing.reprocessState(videoId)
      : undefined;
    if (!video) throw notFound(`No video has the id "${videoId}".`);
    const refusal = reprocessRefusal(video);
    if (refusal || !(await this.start(actor, video))) {
      // A change between the read and the write (it was queued meanwhile): say what it is now.
      const now = await this.deps.processing.reprocessState(videoId);
      throw conflict((now && reprocessRefusal(now)) ?? refusal ?? 'The video changed meanwhile.');
    }
    this.deps.jobsQueued?.();
  }

  /** Queues every ready video that has its original and no reprocess pending. */
  async reprocessAll(actor: Actor): Promise<ReprocessTally> {
    let queued = 0;
    let after = '';
    for (;;) {
      const page = await this.deps.processing.reprocessable(after, PAGE);
      for (const video of page) if (await this.start(actor, video)) queued += 1;
      if (page.length < PAGE) break;
      after = page[page.length - 1]!.id;
    }
    if (queued > 0) this.deps.jobsQueued?.();
    const left = await this.deps.processing.notReprocessable();
    return { queued, withoutOriginal: left.withoutOriginal, pending: left.pending - queued };
  }

  private start(actor: Actor, video: Pick<ReprocessState, 'id' | 'owner_id'>): Promise<boolean> {
    const token = newMediaToken();
    const now = this.now();
    const payload: ReprocessPayload = { token };
    return this.deps.processing.startReprocess(video.id, token, async (trx) => {
      // A failed reprocess leaves its job behind, for the record: the new one replaces it.
      await this.deps.queue.removeKindForVideo(video.id, VIDEO_REPROCESS, trx);
      await this.deps.queue.enqueue(
        {
          id: newJobId(),
          kind: VIDEO_REPROCESS,
          videoId: video.id,
          ownerId: video.owner_id,
          payload: JSON.stringify(payload),
          priority: REPROCESS_PRIORITY,
          spacingMs: FAIR_SPACING_MS,
          now,
        },
        trx,
      );
      await insertAudit(
        trx,
        auditEntry(actor, 'video.reprocess', { type: 'video', id: video.id }, null, now),
      );
    });
  }
}
