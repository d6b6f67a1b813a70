import { ROLES, type Role } from '@contract';
import { badRequest } from '../lib/errors.js';
import type { Governance } from '../services/governance.js';
import { OPERATOR } from '../services/staff-rules.js';
import type { FlagSpec } from './args.js';

export interface CommandContext {
  governance: Governance;
  /** One line of the command's result, for the operator. */
  say: (line: string) => void;
}

export type FlagValues = Map<string, string | true>;

export interface Command {
  name: string;
  summary: string;
  flags: FlagSpec[];
  run(ctx: CommandContext, values: FlagValues): Promise<void>;
}

const text = (values: FlagValues, name: string): string | undefined => {
  const value = values.get(name);
  return typeof value === 'string' ? value : undefined;
};

function role(values: FlagValues, fallback?: Role): Role {
  const value = text(values, 'role') ?? fallback;
  if (!value || !(ROLES as readonly string[]).includes(value)) {
    throw badRequest(`--role must be ${ROLES.join(', ')} (got "${value ?? ''}").`);
  }
  return value as Role;
}

const USERNAME: FlagSpec = {
  name: 'username',
  description: 'the account’s username',
  required: true,
};

/**
 * The operator's commands. Each acts through the same services as the admin API (same rules,
 * same audit entries, with no actor), so nothing here decides anything on its own.
 */
export const COMMANDS: Command[] = [
  {
    name: 'users:create',
    summary: 'Create an account (the first admin: --role admin)',
    flags: [
      USERNAME,
      { name: 'email', description: 'the account’s email', required: true },
      { name: 'password', description: 'its password', required: true, secret: true },
      { name: 'role', description: 'admin, moderator or user (default user)' },
      { name: 'full-name', description: 'the name shown on the channel (default the username)' },
    ],
    async run({ governance, say }, values) {
      const user = await governance.accounts.createAccount(OPERATOR, {
        username: text(values, 'username') ?? '',
        email: text(values, 'email') ?? '',
        password: text(values, 'password') ?? '',
        fullName: text(values, 'full-name'),
        role: role(values, 'user'),
      });
      say(`Created ${user.role} ${user.username} (${user.id}).`);
    },
  },
  {
    name: 'users:reset-password',
    summary: 'Set a new password for an account; its sessions end',
    flags: [
      USERNAME,
      { name: 'password', description: 'the new password', required: true, secret: true },
    ],
    async run({ governance, say }, values) {
      const user = await governance.accounts.accountByUsername(text(values, 'username') ?? '');
      await governance.accounts.resetPassword(OPERATOR, user, text(values, 'password') ?? '');
      say(`New password set for ${user.username}; every session of the account has ended.`);
    },
  },
  {
    name: 'users:role',
    summary: 'Make an account an admin, a moderator or a user',
    flags: [USERNAME, { name: 'role', description: 'admin, moderator or user', required: true }],
    async run({ governance, say }, values) {
      const user = await governance.accounts.accountByUsername(text(values, 'username') ?? '');
      const next = role(values);
      await governance.accounts.changeRole(OPERATOR, user, next);
      say(`${user.username} is now ${next === 'admin' ? 'an' : 'a'} ${next}.`);
    },
  },
  {
    name: 'users:suspend',
    summary: 'Suspend an account: its sessions end, its content is hidden until lifted',
    flags: [USERNAME, { name: 'reason', description: 'why, for the audit log', required: true }],
    async run({ governance, say }, values) {
      const user = await governance.accounts.accountByUsername(text(values, 'username') ?? '');
      await governance.accounts.suspend(OPERATOR, user, text(values, 'reason') ?? '');
      say(`${user.username} is suspended; their sessions have ended and their content is hidden.`);
    },
  },
  {
    name: 'users:unsuspend',
    summary: 'Lift a suspension: the account’s content shows again',
    flags: [USERNAME, { name: 'reason', description: 'why, for the audit log' }],
    async run({ governance, say }, values) {
      const user = await governance.accounts.accountByUsername(text(values, 'username') ?? '');
      await governance.accounts.unsuspend(OPERATOR, user, text(values, 'reason'));
      say(`${user.username} is no longer suspended.`);
    },
  },
];

export function commandNamed(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

export function usage(): string {
  const lines = ['Usage: npm run cli -- <command> [--flag value ...]', '', 'Commands:'];
  for (const command of COMMANDS) {
    lines.push(`  ${command.name.padEnd(22)} ${command.summary}`);
    for (const flag of command.flags) {
      const label = flag.boolean ? `--${flag.name}` : `--${flag.name} <value>`;
      lines.push(
        `      ${label.padEnd(26)} ${flag.description}${flag.required ? '' : ' (optional)'}`,
      );
    }
  }
  lines.push(
    `  ${'reset-password'.padEnd(22)} A new password for <username or email>, from stdin or made`,
    '      and printed; its sessions end (also `npm run reset-password -- <username or email>`)',
    '',
    'It uses the same DATA_DIR and DATABASE_URL as the server, and works while the server runs.',
    'A required flag left out is asked for at a terminal.',
  );
  return lines.join('\n');
}
