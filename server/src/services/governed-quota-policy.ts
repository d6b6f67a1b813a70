import type { Kysely } from 'kysely';
import type { InstanceSettings as Settings } from '@contract';
import type { Database } from '../db/schema.js';
import type { UploadsConfig } from '../config.js';
import type { AccountAdminRepository } from '../repositories/account-admin.repository.js';
import type { InstanceSettings } from './instance-settings.js';
import type { QuotaPolicy, UploadLimits } from './quota-policy.js';

/**
 * A user's limits, most specific first: the account's own quota (set by staff), else the
 * instance's default (settings), else the environment's (USER_QUOTA_BYTES); the daily quota
 * from the settings, else the environment's. The size of one upload stays the operator's
 * (UPLOAD_MAX_BYTES). Null: no limit.
 */
export function effectiveLimits(
  account: { quota_bytes: number | null } | undefined,
  settings: Pick<Settings, 'defaultQuotaBytes' | 'defaultDailyQuotaBytes'>,
  env: Pick<UploadsConfig, 'maxBytes' | 'quotaBytes' | 'dailyQuotaBytes'>,
): UploadLimits {
  const own = account?.quota_bytes ?? null;
  return {
    quotaBytes: own !== null ? Number(own) : (settings.defaultQuotaBytes ?? env.quotaBytes ?? null),
    dailyQuotaBytes: settings.defaultDailyQuotaBytes ?? env.dailyQuotaBytes ?? null,
    maxUploadBytes: env.maxBytes,
  };
}

/** The uploads' quota seam (QuotaPolicy) with staff's overrides: read per upload, no restart. */
export class GovernedQuotaPolicy implements QuotaPolicy {
  constructor(
    private readonly deps: {
      accounts: Pick<AccountAdminRepository, 'findById'>;
      settings: Pick<InstanceSettings, 'get'>;
      env: Pick<UploadsConfig, 'maxBytes' | 'quotaBytes' | 'dailyQuotaBytes'>;
    },
  ) {}

  async limitsFor(userId: string, db?: Kysely<Database>): Promise<UploadLimits> {
    // One after another: inside a transaction they share its one connection.
    const account = await this.deps.accounts.findById(userId, db);
    const settings = await this.deps.settings.get(db);
    return effectiveLimits(account, settings, this.deps.env);
  }
}
