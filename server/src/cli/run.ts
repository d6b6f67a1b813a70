import readline from 'node:readline';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { AppError } from '../lib/errors.js';
import { MailOutboxRepository } from '../repositories/mail-outbox.repository.js';
import { MediaRepository } from '../repositories/media.repository.js';
import { OrphanSweepRepository } from '../repositories/orphan-sweep.repository.js';
import { buildGovernance } from '../services/governance.js';
import { Mailer } from '../services/mailer.js';
import { sweepOrphans, type OrphanSweepOptions } from '../storage/orphan-sweep.js';
import { openBlobStore } from '../storage/open-blob-store.js';
import { completeFlags, parseArgs, UsageError, type FlagSpec } from './args.js';
import { COMMANDS, commandNamed, usage } from './commands.js';
import { resetPasswordCommand } from './reset-password.js';

/** Exit codes: 2 for input the command refuses, 1 for an action the instance refuses. */
const BAD_INPUT = 2;
const REFUSED = 1;

/** Asks for one flag at the terminal; a secret is read without echoing it. */
function askAtTerminal(spec: FlagSpec): Promise<string> {
  const prompt = `${spec.name} (${spec.description}): `;
  const rl = readline.createInterface({
    input: process.stdin,
    output: process.stdout,
    terminal: true,
  });
  if (spec.secret) {
    // readline echoes what it reads through this method; a secret shows only the prompt.
    const echo = rl as unknown as { _writeToOutput(text: string): void };
    echo._writeToOutput = (text: string) => {
      if (text.startsWith(prompt)) process.stdout.write(prompt);
    };
  }
  return new Promise((resolve) => {
    rl.question(prompt, (answer) => {
      if (spec.secret) process.stdout.write('\n');
      rl.close();
      resolve(answer);
    });
  });
}

async function main(argv: string[]): Promise<number> {
  // main's positional form, kept as it is documented (`npm run reset-password -- <login>`).
  if (argv[0] === 'reset-password') return resetPasswordCommand(argv.slice(1));
  const parsed = parseArgs(argv, (name) => commandNamed(name)?.flags);
  if (parsed.command === undefined || parsed.command === 'help') {
    console.log(usage());
    return parsed.command === 'help' || argv.includes('--help') ? 0 : BAD_INPUT;
  }
  const command = commandNamed(parsed.command);
  if (!command) {
    throw new UsageError(
      `Unknown command "${parsed.command}". Commands: ${COMMANDS.map((c) => c.name).join(', ')}.`,
    );
  }
  const values = await completeFlags(
    command.name,
    command.flags,
    parsed.values,
    process.stdin.isTTY && process.stdout.isTTY ? askAtTerminal : undefined,
  );

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
    await command.run({ governance, say: (line) => console.log(line), sweep }, values);
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Runs one command of the operator's command line and sets the process's exit code: 0 done,
 * 2 input the command refuses, 1 an action the instance refuses.
 */
export function runCli(argv: string[]): Promise<void> {
  return main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      if (err instanceof UsageError) {
        console.error(err.message);
        process.exitCode = BAD_INPUT;
      } else if (err instanceof AppError) {
        console.error(err.message);
        process.exitCode = err.statusCode === 400 ? BAD_INPUT : REFUSED;
      } else if (err instanceof ConfigError) {
        console.error(err.message);
        process.exitCode = BAD_INPUT;
      } else {
        console.error(`Failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exitCode = REFUSED;
      }
    },
  );
}
