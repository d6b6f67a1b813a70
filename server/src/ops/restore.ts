import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { AppConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { KNOWN_MIGRATIONS } from '../db/migrate.js';
import { StartupError } from '../process/startup-problems.js';
import { SECRET_KEY_FILE } from '../lib/secret-key.js';
import { BACKUP_FILES, manifestProblem, type BackupManifest } from './manifest.js';
import { copyMediaTree, isEmptyDir } from './media-copy.js';
import { findPgTool, runPgTool } from './pg-tools.js';

/**
 * `npm run restore -- DIR`: a backup into an empty DATA_DIR (SQLite and local media) or an empty
 * PostgreSQL database, never over data. The server is started afterwards as usual; a backup
 * made by an older version is migrated then.
 */
export async function restore(config: AppConfig, dir: string, say = console.log): Promise<void> {
  const source = path.resolve(dir);
  const manifest = await fs
    .readFile(path.join(source, BACKUP_FILES.manifest), 'utf8')
    .then((text) => JSON.parse(text) as BackupManifest)
    .catch(() => undefined);
  const dialect = config.databaseUrl ? 'postgres' : 'sqlite';
  const problem = manifestProblem(manifest, { dialect, knownMigrations: KNOWN_MIGRATIONS });
  if (problem || !manifest) throw new StartupError(`The backup in ${source} ${problem}.`);

  const mediaDir = path.join(config.dataDir, 'media');
  const localMedia = config.storage.kind === 'local' && manifest.storage === 'local';
  if (localMedia && !(await isEmptyDir(mediaDir))) {
    throw new StartupError(`${mediaDir} is not empty: restore into an empty DATA_DIR.`);
  }

  const keyProblem = await secretKeyProblem(config, source);
  if (keyProblem) throw new StartupError(keyProblem);

  if (dialect === 'sqlite') {
    const exists = await fs.stat(config.sqlitePath).then(
      () => true,
      () => false,
    );
    if (exists) {
      throw new StartupError(
        `${config.sqlitePath} exists: restore into an empty DATA_DIR (move the current one aside first).`,
      );
    }
    await fs.mkdir(config.dataDir, { recursive: true });
    // Copied under another name and renamed, so a server started meanwhile never opens half.
    const partial = `${config.sqlitePath}.partial`;
    await fs.copyFile(path.join(source, BACKUP_FILES.sqlite), partial);
    await fs.rename(partial, config.sqlitePath);
  } else {
    const database = openDatabase({ databaseUrl: config.databaseUrl, sqlitePath: '', poolSize: 1 });
    try {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_tables where schemaname = current_schema()
      `.execute(database.db);
      if (Number(rows[0]?.n ?? 0) > 0) {
        throw new StartupError(
          'The database DATABASE_URL names already has tables: restore into an empty database (createdb a new one).',
        );
      }
    } finally {
      await database.close();
    }
    await runPgTool(findPgTool('pg_restore', config.pgBinDir), [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      path.join(source, BACKUP_FILES.postgres),
    ]);
  }
  say(
    `Restored the database from ${source} (made by Vidshare ${manifest.version}, ${manifest.createdAt}).`,
  );

  if (await restoreSecretKey(config, source)) {
    say(
      `Restored ${SECRET_KEY_FILE}, the key that seals two-factor secrets, into ${config.dataDir}.`,
    );
  }

  if (localMedia) {
    const copied = await copyMediaTree(path.join(source, BACKUP_FILES.media), mediaDir);
    say(`Restored ${copied.files} media files into ${mediaDir}.`);
  } else if (config.storage.kind === 's3') {
    say(
      `Media live in the bucket ${config.storage.bucket}: restore them from your bucket copy with your bucket tooling (${BACKUP_FILES.mediaListing} lists the keys).`,
    );
  } else {
    say(
      `This backup's media were in a bucket (STORAGE=s3): copy them into ${mediaDir} from your bucket copy, or set STORAGE=s3.`,
    );
  }
}

const readKey = (file: string) =>
  fs.readFile(file, 'utf8').then(
    (text) => text.trim(),
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    },
  );

/**
 * Why the backup's key cannot be put in place: DATA_DIR already holds another key file (a
 * server started there made its own). With SECRET_KEY set the backup's file is not used.
 */
async function secretKeyProblem(config: AppConfig, source: string): Promise<string | undefined> {
  if (config.secretKey) return undefined;
  const theirs = await readKey(path.join(source, BACKUP_FILES.secretKey));
  const ours = await readKey(path.join(config.dataDir, SECRET_KEY_FILE));
  if (theirs === undefined || ours === undefined || theirs === ours) return undefined;
  return `${path.join(config.dataDir, SECRET_KEY_FILE)} holds another key than the backup's: move it aside, then restore.`;
}

/** Puts the backup's key file in DATA_DIR when the server uses that file; true if it did. */
async function restoreSecretKey(config: AppConfig, source: string): Promise<boolean> {
  if (config.secretKey) return false;
  const target = path.join(config.dataDir, SECRET_KEY_FILE);
  if ((await readKey(target)) !== undefined) return false;
  const from = path.join(source, BACKUP_FILES.secretKey);
  if ((await readKey(from)) === undefined) return false;
  await fs.mkdir(config.dataDir, { recursive: true });
  await fs.copyFile(from, target);
  await fs.chmod(target, 0o600);
  return true;
}
