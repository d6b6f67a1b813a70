import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect-sql.js';

/**
 * Two-factor secrets are kept sealed (lib/secret-box.ts): `v1.<iv>.<tag>.<ciphertext>`, about
 * 90 characters for a 32-character secret, past the 64 of migration 060. PostgreSQL holds
 * them as text; SQLite never enforced the length. The plain secrets already stored are sealed
 * at the next start (TotpService.prepareSecrets), which needs the key no migration has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table users alter column totp_secret type text, alter column totp_pending_secret type text`.execute(
    db,
  );
}
