import { formatBytes, videoTooLargeMessage } from '@contract';
import type { Kysely } from 'kysely';
import type { UploadsConfig } from '../config.js';
import type { Database } from '../db/schema.js';

/** The limits that apply to one user's uploads; null: no limit. */
export interface UploadLimits {
  quotaBytes: number | null;
  dailyQuotaBytes: number | null;
  maxUploadBytes: number;
}

/**
 * The one place upload limits are decided. The environment's defaults (UPLOAD_MAX_BYTES,
 * USER_QUOTA_BYTES, USER_DAILY_QUOTA_BYTES) are EnvironmentQuotaPolicy; the app uses
 * GovernedQuotaPolicy, which puts an account's own quota and the instance settings' defaults
 * (set by staff) over them behind this same method.
 */
export interface QuotaPolicy {
  /** `db`: the transaction the check runs in, when there is one (reads go through it). */
  limitsFor(userId: string, db?: Kysely<Database>): Promise<UploadLimits>;
}

export class EnvironmentQuotaPolicy implements QuotaPolicy {
  constructor(
    private readonly config: Pick<UploadsConfig, 'maxBytes' | 'quotaBytes' | 'dailyQuotaBytes'>,
  ) {}

  async limitsFor(_userId: string): Promise<UploadLimits> {
    return {
      quotaBytes: this.config.quotaBytes ?? null,
      dailyQuotaBytes: this.config.dailyQuotaBytes ?? null,
      maxUploadBytes: this.config.maxBytes,
    };
  }
}

/** What a user stores now (see UploadRepository.usage). */
export interface Usage {
  usedBytes: number;
  dailyUsedBytes: number;
}

/**
 * Why an upload of `size` bytes is refused (413), naming the limit or quota it would pass, or
 * undefined when it fits.
 */
export function uploadRefusal(
  limits: UploadLimits,
  usage: Usage,
  size: number,
): string | undefined {
  if (size > limits.maxUploadBytes) return videoTooLargeMessage(limits.maxUploadBytes);
  if (limits.quotaBytes !== null && usage.usedBytes + size > limits.quotaBytes) {
    return `This upload would pass your storage quota of ${formatBytes(limits.quotaBytes)} (${formatBytes(usage.usedBytes)} used).`;
  }
  if (limits.dailyQuotaBytes !== null && usage.dailyUsedBytes + size > limits.dailyQuotaBytes) {
    return `This upload would pass your daily upload quota of ${formatBytes(limits.dailyQuotaBytes)} (${formatBytes(usage.dailyUsedBytes)} in the last 24 hours).`;
  }
  return undefined;
}
