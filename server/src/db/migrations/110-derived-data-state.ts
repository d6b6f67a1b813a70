import type { Kysely } from 'kysely';

/**
 * The hash of the derived-data triggers the database has (db/derived/apply.ts): the step after
 * the migrations re-creates them when the declaration generates different SQL. One row; the
 * empty hash makes the first run replace the triggers the earlier migrations wrote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('derived_data_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  await (db as Kysely<{ derived_data_state: { id: number; hash: string } }>)
    .insertInto('derived_data_state')
    .values({ id: 1, hash: '' })
    .execute();
}
