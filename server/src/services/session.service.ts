import type { SessionInfo } from '@contract';
import type { AppConfig } from '../config.js';
import { deviceName } from '../lib/device-name.js';
import { notFound } from '../lib/errors.js';
import { isoTime } from '../lib/iso-time.js';
import { hashToken } from '../lib/tokens.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { UserRow } from '../repositories/user.repository.js';
import type { AccountLinks } from './account-links.js';

/** The account's sign-ins, as its owner sees and ends them. */
export class SessionService {
  constructor(
    private readonly deps: {
      sessions: SessionRepository;
      links: Pick<AccountLinks, 'end'>;
      config: Pick<AppConfig, 'sessionIdleMinutes'>;
      now: () => number;
    },
  ) {}

  /** Live sessions, most recently used first; `current` is the one asking. */
  async list(user: UserRow, currentToken: string): Promise<SessionInfo[]> {
    const now = this.deps.now();
    const idle = this.deps.config.sessionIdleMinutes;
    const rows = await this.deps.sessions.listOf(
      user.id,
      now,
      idle === 0 ? 0 : now - idle * 60_000,
    );
    const current = hashToken(currentToken);
    return rows.map((row) => ({
      _id: row.id,
      device: deviceName(row.user_agent),
      address: row.address,
      createdAt: isoTime(Number(row.created_at)),
      lastUsedAt: isoTime(Number(row.last_seen_at)),
      current: row.token_hash === current,
    }));
  }

  /** Ends one of the account's sessions (the current one too: that signs out here). */
  async end(user: UserRow, id: string): Promise<void> {
    if (!(await this.deps.sessions.deleteOneOf(user.id, id))) throw notFound('Session not found.');
  }

  /**
   * "Sign out everywhere else": what the account's notice of an address change tells its owner
   * to do, so an address change asked for from one of those sessions is ended too.
   */
  async endOthers(user: UserRow, currentToken: string): Promise<void> {
    await this.deps.sessions.deleteOthersOf(user.id, hashToken(currentToken));
    await this.deps.links.end(user.id, 'signOutEverywhere');
  }
}
