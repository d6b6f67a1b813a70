import type { DatabaseHandle } from '../db/database.js';
import { AccountAdminRepository } from '../repositories/account-admin.repository.js';
import { AuditRepository } from '../repositories/audit.repository.js';
import { ChannelBlockRepository } from '../repositories/channel-block.repository.js';
import { MediaRepository } from '../repositories/media.repository.js';
import { ModerationRepository } from '../repositories/moderation.repository.js';
import { ProcessingRepository } from '../repositories/processing.repository.js';
import { SettingsRepository } from '../repositories/settings.repository.js';
import { UserDeletionRepository } from '../repositories/user-deletion.repository.js';
import type { BlobStore } from '../storage/blob-store.js';
import { AccountAdminService } from './account-admin.service.js';
import { AuditLog } from './audit-log.js';
import { InstanceSettings } from './instance-settings.js';
import { RELATIVE_MEDIA_URLS, type MediaUrls } from './media-urls.js';
import { VideoMedia } from './video-media.js';
import { VideoModerationService } from './video-moderation.service.js';

export interface GovernanceDeps {
  database: DatabaseHandle;
  blobs: BlobStore;
  /** The app's; the command line builds its own. */
  media?: VideoMedia;
  urls?: MediaUrls;
  /** Failures an action survives (a prefix that did not move, a file left behind). */
  log?: (message: string, err: unknown) => void;
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
  const accounts = new AccountAdminService({
    accounts: new AccountAdminRepository(db, dialect),
    deletion: new UserDeletionRepository(db),
    media,
    blobs: deps.blobs,
    urls,
    log: deps.log,
    now: deps.now,
  });
  const videos = new VideoModerationService({
    moderation: new ModerationRepository(db),
    media,
    processing: new ProcessingRepository(db, dialect),
    urls,
    now: deps.now,
  });
  const settings = new InstanceSettings({ settings: new SettingsRepository(db), now: deps.now });
  const audit = new AuditLog(new AuditRepository(db));
  const blocks = new ChannelBlockRepository(db);
  return { accounts, videos, settings, audit, blocks };
}

export type Governance = ReturnType<typeof buildGovernance>;
