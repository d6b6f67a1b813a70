import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AccountTokenRepository } from '../repositories/account-token.repository.js';
import { LoginFailureRepository } from '../repositories/login-failure.repository.js';
import { MailOutboxRepository } from '../repositories/mail-outbox.repository.js';
import { SessionRepository } from '../repositories/session.repository.js';
import { UserRepository } from '../repositories/user.repository.js';
import { insertAudit } from '../repositories/audit.repository.js';
import { auditEntry } from '../services/audit-log.js';
import { Mailer } from '../services/mailer.js';
import { OPERATOR } from '../rules/staff-rules.js';
import {
  generatedPassword,
  OperatorError,
  OperatorPasswordReset,
} from '../services/operator-password.js';

// `npm run reset-password -- <username or email>`, the operator's command line's
// `reset-password` (`npm run cli -- reset-password …`; a built install:
// `node server/dist/cli.js reset-password …` or `node server/dist/reset-password.js …`): sets a
// new password for an account, on the database DATA_DIR or DATABASE_URL names, with no mail
// needed. The password is read from standard input when one is piped in; otherwise one is made
// and printed. Logged in the audit log with no actor, as every command of the command line.

const USAGE =
  'usage: npm run reset-password -- <username or email>   (new password on stdin, or one is made)';

async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

export async function resetPasswordCommand(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const typed = await passwordFromStdin();
  const password = typed === '' ? generatedPassword() : typed;
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqlitePath: config.sqlitePath,
    timeoutMs: config.databaseTimeoutMs,
  });
  try {
    // The same schema the servers use (a no-op when they have already migrated it).
    await migrateToLatest(database.db);
    const db = database.db;
    const reset = new OperatorPasswordReset({
      users: new UserRepository(db),
      sessions: new SessionRepository(db, database.dialect),
      tokens: new AccountTokenRepository(db),
      failures: new LoginFailureRepository(db),
      // Queued only: the servers' senders deliver it.
      mailer: new Mailer({
        outbox: new MailOutboxRepository(db, database.dialect),
        config: config.mail,
        now: Date.now,
        log: console,
      }),
      instanceName: config.instanceName,
    });
    const account = await reset.reset(args[0]!, password);
    await insertAudit(
      db,
      auditEntry(OPERATOR, 'user.password', { type: 'user', id: account.id }, null, Date.now()),
    );
    console.log(`The password of @${account.username} (${account.email}) was changed.`);
    if (typed === '') console.log(`New password: ${password}`);
    console.log('Every session of the account was signed out.');
    return 0;
  } catch (err) {
    if (err instanceof OperatorError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}
