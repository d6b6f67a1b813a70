import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config.js';
import { appliedMigrations } from '../db/migrate.js';
import { openDatabase } from '../db/database.js';
import { StartupError } from '../process/startup-problems.js';
import { openBlobStore } from '../storage/open-blob-store.js';
import { appVersion } from '../version.js';
import { SECRET_KEY_FILE } from '../lib/secret-key.js';
import { BACKUP_FILES, type BackupManifest } from './manifest.js';
import { copyMediaTree, isEmptyDir, type Copied } from './media-copy.js';
import { findPgTool, runPgTool } from './pg-tools.js';
import { copySqliteDatabase } from './sqlite-copy.js';

/**
 * `npm run backup -- DIR`: the database and the media, safe while the server runs. SQLite is
 * copied with its online backup API, which reads a consistent snapshot (WAL included, which a
 * plain copy of the file misses) while others keep writing; PostgreSQL with pg_dump, one
 * snapshot too. The database goes first and the media after it, so every file a backed-up row
 * names was already written (files are only ever added before their rows, and replaced or
 * removed after). Media on S3 stay in the bucket: the backup lists their keys for the
 * operator's own bucket copy.
 */
export async function backup(config: AppConfig, dir: string, say = console.log): Promise<void> {
  const target = path.resolve(dir);
  if (!(await isEmptyDir(target))) {
    throw new StartupError(`${target} is not empty: back up into a new or empty directory.`);
  }
  await fs.mkdir(target, { recursive: true });
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: 1,
    timeoutMs: config.databaseTimeoutMs,
  });
  let migrations: string[];
  try {
    migrations = await appliedMigrations(database.db);
  } finally {
    await database.close();
  }
  if (migrations.length === 0) {
    throw new StartupError('The database is empty: there is nothing to back up yet.');
  }

  if (dialect === 'sqlite') {
    await copySqliteDatabase(config.sqlitePath, path.join(target, BACKUP_FILES.sqlite));
  } else {
    await runPgTool(findPgTool('pg_dump', config.pgBinDir), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(target, BACKUP_FILES.postgres)}`,
      `--dbname=${config.databaseUrl}`,
    ]);
  }
  const databaseBytes = (
    await fs.stat(
      path.join(target, dialect === 'sqlite' ? BACKUP_FILES.sqlite : BACKUP_FILES.postgres),
    )
  ).size;

  let media: Copied;
  if (config.storage.kind === 'local') {
    media = await copyMediaTree(
      path.join(config.dataDir, 'media'),
      path.join(target, BACKUP_FILES.media),
    );
  } else {
    const blobs = await openBlobStore(config);
    const keys = (await Promise.all(['videos/', 'images/'].map((p) => blobs.list(p))))
      .flat()
      .sort();
    await fs.writeFile(
      path.join(target, BACKUP_FILES.mediaListing),
      keys.map((k) => `${k}\n`).join(''),
    );
    media = { files: keys.length, bytes: 0 };
  }

  // The key that seals the secrets in the database goes with it, or nothing opens them after
  // a restore on another machine. Only its owner may read the copy.
  const keyFile = path.join(config.dataDir, SECRET_KEY_FILE);
  const keyCopied =
    !config.secretKey &&
    (await fs.copyFile(keyFile, path.join(target, BACKUP_FILES.secretKey)).then(
      () => true,
      (err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return false;
        throw err;
      },
    ));
  if (keyCopied) await fs.chmod(path.join(target, BACKUP_FILES.secretKey), 0o600);

  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    version: appVersion(),
    dialect,
    migrations,
    storage: config.storage.kind,
    media,
  };
  await fs.writeFile(
    path.join(target, BACKUP_FILES.manifest),
    `${JSON.stringify(manifest, null, 2)}\n`,
  );
  const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;
  say(
    `Backed up the ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (${mb(databaseBytes)}) into ${target}`,
  );
  if (keyCopied) {
    say(
      `with ${BACKUP_FILES.secretKey}, the key that seals two-factor secrets: keep this backup private,`,
    );
  } else if (config.secretKey) {
    say('Two-factor secrets are sealed with SECRET_KEY: keep it with this backup.');
  }
  if (config.storage.kind === 'local') {
    say(
      `and ${media.files} media files (${mb(media.bytes)}) from ${path.join(config.dataDir, 'media')}.`,
    );
  } else {
    say(
      `Media stay in the bucket ${config.storage.bucket}: copy it with your bucket tooling (aws s3 sync, rclone, mc mirror); ${BACKUP_FILES.mediaListing} lists its ${media.files} keys as of this backup.`,
    );
  }
}
