import {
  REGISTRATION_MODES,
  type Instance,
  type InstanceSettings as Settings,
  type InstanceSettingsPatch,
  type RegistrationMode,
} from '@contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SettingsRepository } from '../repositories/settings.repository.js';
import { auditEntry } from './audit-log.js';
import type { Actor } from '../rules/staff-rules.js';

/** What a fresh instance starts with: open sign-ups, as before settings existed. */
export const DEFAULT_SETTINGS: Settings = {
  registration: 'open',
  instanceName: 'Vidshare',
  instanceDescription: '',
  defaultQuotaBytes: null,
  defaultDailyQuotaBytes: null,
};

/**
 * Reads stored values over the defaults; a value that does not fit its setting (written by a
 * newer or older build) falls back to the default rather than break sign-up.
 */
export function settingsFrom(
  rows: { key: string; value: string }[],
  defaults: Settings = DEFAULT_SETTINGS,
): Settings {
  const out: Settings = { ...defaults };
  for (const { key, value } of rows) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      continue;
    }
    if (key === 'registration' && REGISTRATION_MODES.includes(parsed as RegistrationMode)) {
      out.registration = parsed as RegistrationMode;
    } else if (key === 'instanceName' && typeof parsed === 'string' && parsed) {
      out.instanceName = parsed;
    } else if (key === 'instanceDescription' && typeof parsed === 'string') {
      out.instanceDescription = parsed;
    } else if (
      (key === 'defaultQuotaBytes' || key === 'defaultDailyQuotaBytes') &&
      (parsed === null || (typeof parsed === 'number' && Number.isInteger(parsed) && parsed >= 0))
    ) {
      out[key] = parsed as number | null;
    }
  }
  return out;
}

/** The settings staff change without a restart: every read asks the database (one small table). */
export class InstanceSettings {
  constructor(
    private readonly deps: {
      settings: SettingsRepository;
      /** The instance's name until an admin sets one (INSTANCE_NAME). */
      defaultName?: string;
      now?: () => number;
    },
  ) {}

  private defaults(): Settings {
    return this.deps.defaultName
      ? { ...DEFAULT_SETTINGS, instanceName: this.deps.defaultName }
      : DEFAULT_SETTINGS;
  }

  private now(): number {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** `db`: a transaction to read in, when the caller runs one. */
  async get(db?: Kysely<Database>): Promise<Settings> {
    return settingsFrom(await this.deps.settings.all(db), this.defaults());
  }

  async registration(): Promise<RegistrationMode> {
    const stored = await this.deps.settings.one('registration');
    return settingsFrom(
      stored === undefined ? [] : [{ key: 'registration', value: stored }],
      this.defaults(),
    ).registration;
  }

  async info(): Promise<Pick<Instance, 'name' | 'description' | 'registration'>> {
    const s = await this.get();
    return {
      name: s.instanceName,
      description: s.instanceDescription,
      registration: s.registration,
    };
  }

  /** The caller checked that `actor` may administer (admins and the operator). */
  async update(actor: Actor, patch: InstanceSettingsPatch): Promise<Settings> {
    const entries = Object.entries(patch)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => ({ key, value: JSON.stringify(value) }));
    const now = this.now();
    const changed = entries.map((e) => `${e.key}=${e.value}`).join(', ');
    await this.deps.settings.save(
      entries,
      now,
      auditEntry(actor, 'settings.update', { type: 'settings', id: 'instance' }, changed, now),
    );
    return this.get();
  }
}
