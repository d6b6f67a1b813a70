import type { Kysely } from 'kysely';
import type {
  Database,
  GoogleLinkRequestsTable,
  OauthFlowsTable,
  UserIdentitiesTable,
} from '../db/schema.js';
import { LINK_REQUEST_COLUMNS, OAUTH_FLOW_COLUMNS, USER_COLUMNS, qualified } from './columns.js';
import type { UserRow } from './user.repository.js';

export type OauthFlowRow = OauthFlowsTable;
export type LinkRequestRow = GoogleLinkRequestsTable;

/** Provider accounts linked to users, and authorisation requests in progress. */
export class IdentityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user a provider account is linked to, in one query (primary key, then users.id). */
  findUser(provider: string, subject: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('user_identities as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select(qualified('u', USER_COLUMNS))
      .where('i.provider', '=', provider)
      .where('i.subject', '=', subject)
      .executeTakeFirst();
  }

  /** The providers a user has linked, each once, in name order. */
  async providersOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_identities')
      .select('provider')
      .distinct()
      .where('user_id', '=', userId)
      .orderBy('provider')
      .execute();
    return rows.map((row) => row.provider);
  }

  insert(row: UserIdentitiesTable): Promise<unknown> {
    return this.db.insertInto('user_identities').values(row).execute();
  }

  insertFlow(row: OauthFlowRow): Promise<unknown> {
    return this.db.insertInto('oauth_flows').values(row).execute();
  }

  /**
   * Deletes the flow and answers it in one statement, so two callbacks with the same state
   * cannot both use it.
   */
  takeFlow(stateHash: string): Promise<OauthFlowRow | undefined> {
    return this.db
      .deleteFrom('oauth_flows')
      .where('state_hash', '=', stateHash)
      .returning(OAUTH_FLOW_COLUMNS)
      .executeTakeFirst();
  }

  deleteExpiredFlows(now: number): Promise<unknown> {
    return this.db.deleteFrom('oauth_flows').where('expires_at', '<=', now).execute();
  }

  insertLinkRequest(row: LinkRequestRow): Promise<unknown> {
    return this.db.insertInto('google_link_requests').values(row).execute();
  }

  findLinkRequest(tokenHash: string, now: number): Promise<LinkRequestRow | undefined> {
    return this.db
      .selectFrom('google_link_requests')
      .select(LINK_REQUEST_COLUMNS)
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /** Deletes and answers the request in one statement, so it is used once. */
  takeLinkRequest(tokenHash: string, now: number): Promise<LinkRequestRow | undefined> {
    return this.db
      .deleteFrom('google_link_requests')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now)
      .returning(LINK_REQUEST_COLUMNS)
      .executeTakeFirst();
  }

  deleteExpiredLinkRequests(now: number): Promise<unknown> {
    return this.db.deleteFrom('google_link_requests').where('expires_at', '<=', now).execute();
  }
}
