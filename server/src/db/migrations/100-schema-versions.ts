import type { Kysely } from 'kysely';

/**
 * Which version of the server ran which migrations, and when: a build that finds migrations it
 * does not know can then say which version made the database (process/upgrade.ts), instead of
 * failing on "corrupted migrations".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schema_versions')
    .addColumn('version', 'varchar(64)', (c) => c.notNull())
    .addColumn('migrated_at', 'bigint', (c) => c.notNull())
    .addColumn('migrations', 'varchar(4000)', (c) => c.notNull())
    .addPrimaryKeyConstraint('schema_versions_pk', ['migrated_at', 'version'])
    .execute();
}
