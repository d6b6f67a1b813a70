import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, UsersTable } from '../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export interface UserWithCounts extends UserRow {
  subscribers_count: number;
}

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  insert(row: Insertable<UsersTable>): Promise<unknown> {
    return this.db.insertInto('users').values(row).execute();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Usernames and emails are stored lower-cased, so equality is case-insensitive. */
  findByLogin(identifier: string): Promise<UserRow | undefined> {
    const column = identifier.includes('@') ? 'email' : 'username';
    return this.db
      .selectFrom('users')
      .selectAll()
      .where(column, '=', identifier)
      .executeTakeFirst();
  }

  async findTaken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    const rows = await this.db
      .selectFrom('users')
      .select(['username', 'email'])
      .where((eb) => eb.or([eb('username', '=', username), eb('email', '=', email)]))
      .execute();
    return {
      username: rows.some((r) => r.username === username),
      email: rows.some((r) => r.email === email),
    };
  }

  /** One round trip: the user plus the counts a channel header shows. */
  findByUsernameWithCounts(username: string): Promise<UserWithCounts | undefined> {
    return this.db
      .selectFrom('users as u')
      .selectAll('u')
      .select((eb) => [
        eb
          .selectFrom('subscriptions as s')
          .select(sql<number>`count(*)`.as('n'))
          .whereRef('s.channel_id', '=', 'u.id')
          .as('subscribers_count'),
      ])
      .where('u.username', '=', username)
      .executeTakeFirst() as Promise<UserWithCounts | undefined>;
  }

  async countSubscribers(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select(sql<number>`count(*)`.as('n'))
      .where('channel_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async isSubscribed(subscriberId: string, channelId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('subscriptions')
      .select('channel_id')
      .where('subscriber_id', '=', subscriberId)
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
    return row !== undefined;
  }
}
