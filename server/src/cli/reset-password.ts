import { randomInt } from 'node:crypto';
import { generatedPassword } from '@contract';
import { OPERATOR } from '../rules/staff-rules.js';
import { onInstance } from './instance.js';

// `npm run reset-password -- <username or email>`, the operator's command line's
// `reset-password` (`npm run cli -- reset-password …`; a built install:
// `node server/dist/cli.js reset-password …` or `node server/dist/reset-password.js …`): sets a
// new password for an account, on the database DATA_DIR or DATABASE_URL names, with no mail
// needed. The password is read from standard input when one is piped in; otherwise one is made
// and printed. It is `users:reset-password` by login, through the same service
// (`AccountCredentials`), so the same rules, audit entry and notice apply.

const USAGE =
  'usage: npm run reset-password -- <username or email>   (new password on stdin, or one is made)';

async function passwordFromStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
}

/** Exit code 2 for a wrong call; refusals are thrown for the command line to report. */
export async function resetPasswordCommand(args: string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    console.error(USAGE);
    return 2;
  }
  const typed = await passwordFromStdin();
  const password = typed === '' ? generatedPassword((n) => randomInt(n)) : typed;
  await onInstance(async ({ governance, say }) => {
    const account = await governance.accounts.accountByLogin(args[0]!);
    await governance.credentials.resetPassword(OPERATOR, account, password);
    say(`The password of @${account.username} (${account.email}) was changed.`);
    if (typed === '') say(`New password: ${password}`);
    say('Every session of the account was signed out.');
  });
  return 0;
}
