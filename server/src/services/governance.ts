import type { DatabaseHandle } from '../db/database.js';
import type { JobsQueued } from '../processing/jobs-queued.js';
import { AccountAdminRepository } from '../repositories/account-admin.repository.js';
import { AuditRepository } from '../repositories/audit.repository.js';
import { ChannelBlockRepository } from '../repositories/channel-block.repository.js';
import { MediaRepository } from '../repositories/media.repository.js';
import { ModerationRepository } from '../repositories/moderation.repository.js';
import { JobQueueRepository } from '../repositories/job-queue.repository.js';
import { ProcessingRepository } from '../repositories/processing.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import type { UploadsConfig } from '../config.js';
import type { Mailer } from './mailer.js';
import type { BlobStore } from '../storage/blob-store.js';
import { GovernedQuotaPolicy } from './governed-quota-policy.js';
import { AccountAdminService } from './account-admin.service.js';
import { AccountCredentials } from './account-credentials.service.js';
import { AuditLog } from './audit-log.js';
import { DEFAULT_SETTINGS, InstanceSettings } from './instance-settings.js';
import { RELATIVE_MEDIA_URLS, type MediaUrls } from './media-urls.js';
import { VideoMedia } from './video-media.js';
import { VideoModerationService } from './video-moderation.service.js';
import { VideoReprocessing } from './video-reprocessing.js';

export interface GovernanceDeps {
  database: DatabaseHandle;
  blobs: BlobStore;
  /** The instance's name until an admin sets one (INSTANCE_NAME). */
  instanceName?: string;
  /** The environment's upload limits, which the settings and accounts' quotas override. */
  uploads: Pick<UploadsConfig, 'maxBytes' | 'quotaBytes' | 'dailyQuotaBytes'>;
  /** The app's; the command line builds its own. */
  media?: VideoMedia;
  /** Mail to an account about a change staff made (its password set). */
  mailer?: Pick<Mailer, 'send'>;
  urls?: MediaUrls;
  /** Failures an action survives (a prefix that did not move, a file left behind). */
  log?: (message: string, err: unknown) => void;
  /** Told when reprocessing jobs were queued, to wake the worker. */
  jobsQueued?: JobsQueued;
  now?: () => number;
}

/**
 * The services that govern the instance (accounts, moderation of videos, settings, the audit
 * log, creators' blocked users), built once for the app and the same way for the command line,
 * so both apply the same rules and write the same audit entries.
 */
export function buildGovernance(deps: GovernanceDeps) {
  const { db, dialect } = deps.database;
  const urls = deps.urls ?? RELATIVE_MEDIA_URLS;
  const media =
    deps.media ??
    new VideoMedia({ blobs: deps.blobs, media: new MediaRepository(db), log: deps.log });
  const accountRows = new AccountAdminRepository(db, dialect);
  const accounts = new AccountAdminService({
    accounts: accountRows,
    media,
    blobs: deps.blobs,
    urls,
    log: deps.log,
    now: deps.now,
  });
  const credentials = new AccountCredentials({
    accounts: accountRows,
    mail: deps.mailer && {
      mailer: deps.mailer,
      instanceName: deps.instanceName ?? DEFAULT_SETTINGS.instanceName,
    },
    now: deps.now,
  });
  const videos = new VideoModerationService({
    moderation: new ModerationRepository(db),
    media,
    queue: new JobQueueRepository(db, dialect),
    urls,
    now: deps.now,
  });
  const settings = new InstanceSettings({
    settings: new SettingsRepository(db),
    defaultName: deps.instanceName,
    now: deps.now,
  });
  const audit = new AuditLog(new AuditRepository(db));
  const reprocessing = new VideoReprocessing({
    processing: new ProcessingRepository(db, dialect),
    queue: new JobQueueRepository(db, dialect),
    jobsQueued: deps.jobsQueued,
    now: deps.now,
  });
  const blocks = new ChannelBlockRepository(db);
  // The uploads' quota seam, with staff's overrides (an account's quota, the defaults).
  const quotas = new GovernedQuotaPolicy({ accounts: accountRows, settings, env: deps.uploads });
  return { accounts, credentials, videos, settings, audit, blocks, quotas, reprocessing };
}

export type Governance = ReturnType<typeof buildGovernance>;
