import readline from 'node:readline';
import { ConfigError } from '../config.js';
import { AppError } from '../lib/errors.js';
import { completeFlags, parseArgs, UsageError, type FlagSpec } from './args.js';
import { COMMANDS, commandNamed, usage } from './commands.js';
import { onInstance } from './instance.js';
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

  await onInstance((ctx) => command.run(ctx, values));
  return 0;
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
