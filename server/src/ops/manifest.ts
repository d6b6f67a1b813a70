import type { Copied } from './media-copy.js';

/** What a backup directory holds, by file name. */
export const BACKUP_FILES = {
  manifest: 'vidshare-backup.json',
  sqlite: 'database.sqlite',
  postgres: 'database.pgdump',
  media: 'media',
  mediaListing: 'media-listing.txt',
  /** DATA_DIR/secret.key, when the server's key is that file (SECRET_KEY unset). */
  secretKey: 'secret.key',
} as const;

export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** The Vidshare version that made the backup. */
  version: string;
  dialect: 'sqlite' | 'postgres';
  /** Migrations the backed-up database had run. */
  migrations: string[];
  storage: 'local' | 's3';
  media: Copied;
}

/**
 * Why this manifest cannot be restored by this build into this configuration, or undefined.
 * A database from a newer version (migrations this build does not know) is refused: this
 * build's code does not understand its schema.
 */
export function manifestProblem(
  manifest: unknown,
  target: { dialect: 'sqlite' | 'postgres'; knownMigrations: readonly string[] },
): string | undefined {
  const m = manifest as Partial<BackupManifest> | undefined;
  if (!m || m.format !== 1 || !Array.isArray(m.migrations) || !m.dialect) {
    return `is not a Vidshare backup this version can read (${BACKUP_FILES.manifest} missing or unknown)`;
  }
  if (m.dialect !== target.dialect) {
    const to = (d: string) => (d === 'sqlite' ? 'SQLite' : 'PostgreSQL');
    return `holds a ${to(m.dialect)} database, and this server is configured for ${to(target.dialect)}${
      m.dialect === 'postgres' ? ' (set DATABASE_URL)' : ' (unset DATABASE_URL)'
    }`;
  }
  const unknown = m.migrations.filter((name) => !target.knownMigrations.includes(name));
  if (unknown.length > 0) {
    return `was made by Vidshare ${m.version ?? 'of a newer version'}, whose database has migrations this version does not know (${unknown.join(', ')}): restore it with that version or newer`;
  }
  return undefined;
}
