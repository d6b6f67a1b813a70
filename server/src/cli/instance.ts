import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { MailOutboxRepository } from '../repositories/mail-outbox.repository.js';
import { MediaRepository } from '../repositories/media.repository.js';
import { OrphanSweepRepository } from '../repositories/orphan-sweep.repository.js';
import { buildGovernance } from '../services/governance.js';
import { Mailer } from '../services/mailer.js';
import { sweepOrphans, type OrphanSweepOptions } from '../storage/orphan-sweep.js';
import { openBlobStore } from '../storage/open-blob-store.js';
import type { CommandContext } from './commands.js';

/**
 * Runs one command on the instance the environment names: the same database and media store as
 * the server, migrated if needed, with the server's own services (`buildGovernance`) and sweep.
 */
export async function onInstance<T>(run: (ctx: CommandContext) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    poolSize: 2,
    timeoutMs: config.databaseTimeoutMs,
  });
  try {
    // A command run before the server's first start finds the schema ready too.
    await migrateToLatest(database.db);
    const blobs = await openBlobStore(config);
    const governance = buildGovernance({
      database,
      blobs,
      uploads: config.uploads,
      instanceName: config.instanceName,
      // Queued only: the servers' senders deliver it.
      mailer: new Mailer({
        outbox: new MailOutboxRepository(database.db, database.dialect),
        config: config.mail,
        now: Date.now,
        log: console,
      }),
      log: (message, err) =>
        console.error(`warning: ${message} failed: ${err instanceof Error ? err.message : err}`),
    });
    // The server's own sweep, with its grace period: the same rules whoever runs it.
    const sweep = (options: Pick<OrphanSweepOptions, 'apply' | 'force'>) =>
      sweepOrphans(
        {
          blobs,
          rows: new OrphanSweepRepository(database.db),
          media: new MediaRepository(database.db),
        },
        { ...options, graceMs: config.orphanGraceSeconds * 1000 },
      );
    return await run({ governance, say: (line) => console.log(line), sweep });
  } finally {
    await database.close();
  }
}
