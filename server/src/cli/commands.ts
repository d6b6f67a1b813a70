import { ROLES, type Role } from '@contract';
import { AppError, badRequest } from '../lib/errors.js';
import type { Governance } from '../services/governance.js';
import type { ReprocessTally } from '../services/video-reprocessing.js';
import type { OrphanSweepOptions, OrphanSweepReport } from '../storage/orphan-sweep.js';
import { OPERATOR } from '../rules/staff-rules.js';
import type { FlagSpec } from './args.js';

export interface CommandContext {
  governance: Governance;
  /** One line of the command's result, for the operator. */
  say: (line: string) => void;
  /** The server's orphan sweep (storage/orphan-sweep.ts) on this database and store. */
  sweep: (options: Pick<OrphanSweepOptions, 'apply' | 'force'>) => Promise<OrphanSweepReport>;
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
      await governance.credentials.resetPassword(OPERATOR, user, text(values, 'password') ?? '');
      say(`New password set for ${user.username}; every session of the account has ended.`);
    },
  },
  {
    name: 'users:two-factor-off',
    summary:
      'Turn off an account’s two-factor sign-in (an authenticator and its recovery codes lost)',
    flags: [USERNAME],
    async run({ governance, say }, values) {
      const user = await governance.accounts.accountByUsername(text(values, 'username') ?? '');
      await governance.credentials.turnOffTwoFactor(OPERATOR, user);
      say(`Two-factor sign-in is off for ${user.username}: the password alone signs in.`);
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
  {
    name: 'videos:reprocess',
    summary:
      'Process ready videos again from their originals (after a change of the ladder); each plays on meanwhile',
    flags: [
      { name: 'id', description: 'the video’s id' },
      { name: 'all', description: 'every ready video that has its original', boolean: true },
    ],
    async run({ governance, say }, values) {
      const id = text(values, 'id');
      if ((id === undefined) === !values.has('all')) {
        throw badRequest('Give either --id <video id> or --all.');
      }
      if (id !== undefined) {
        await governance.reprocessing.reprocess(OPERATOR, id);
        say(
          `Queued video ${id} for reprocessing. It plays as before until its new files are ready.`,
        );
        return;
      }
      const tally = await governance.reprocessing.reprocessAll(OPERATOR);
      for (const line of reprocessLines(tally)) say(line);
    },
  },
  {
    name: 'storage:prune',
    summary:
      'Files with no row, and videos whose files are gone: listed, then removed with --apply',
    flags: [
      { name: 'apply', description: 'remove the files and fail those videos', boolean: true },
      {
        name: 'force',
        description: 'apply even when the store looks like another database’s',
        boolean: true,
      },
    ],
    async run({ sweep, say }, values) {
      const report = await sweep({ apply: values.has('apply'), force: values.has('force') });
      for (const line of sweepLines(report)) say(line);
      if (report.refused) throw new AppError(409, 'The sweep changed nothing (see above).');
    },
  },
];

/** What `videos:reprocess --all` did, for the operator. */
export function reprocessLines(tally: ReprocessTally): string[] {
  const lines = [
    `Queued ${counted(tally.queued, 'video')} for reprocessing. Each plays as before until its new files are ready.`,
  ];
  if (tally.pending > 0) {
    lines.push(
      `${counted(tally.pending, 'video')} already queued ${tally.pending === 1 ? 'was' : 'were'} left as ${tally.pending === 1 ? 'it was' : 'they were'}.`,
    );
  }
  if (tally.withoutOriginal > 0) {
    lines.push(
      `${counted(tally.withoutOriginal, 'video')} without ${tally.withoutOriginal === 1 ? 'its' : 'their'} original upload (KEEP_ORIGINALS=false) cannot be processed again.`,
    );
  }
  return lines;
}

/** "1 file", "2 files": a count with its noun. */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** What a sweep found or did, for the operator: a summary, then one line per finding. */
export function sweepLines(report: OrphanSweepReport): string[] {
  const mib = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MiB`;
  const found = report.orphans.reduce((sum, o) => sum + o.size, 0);
  const lost = (verb: string) =>
    `${counted(report.lost.length, 'video')} whose files are gone ${verb}`.trimEnd();
  const lines = [
    `Looked at ${counted(report.scanned, 'file')} and ${counted(report.videos, 'video')}.`,
    report.apply && !report.refused
      ? `Removed ${counted(report.removed, 'file')} with no row (${mib(report.removedBytes)}); ${lost(report.lost.length === 1 ? 'is marked failed' : 'are marked failed')}.`
      : `${counted(report.orphans.length, 'file')} with no row (${mib(found)}) and ${lost('')}.`,
  ];
  for (const orphan of report.orphans) lines.push(`  file ${orphan.key} (${orphan.why})`);
  for (const lost of report.lost) {
    lines.push(`  video ${lost.videoId}: missing ${lost.missing.join(', ')}`);
  }
  if (report.unchecked > 0) {
    lines.push(
      `${counted(report.unchecked, 'video')} without ${report.unchecked === 1 ? 'its' : 'their'} files in this store, not checked one by one.`,
    );
  }
  if (report.young > 0) {
    lines.push(
      `${counted(report.young, 'newer file')} with no row ${report.young === 1 ? 'is' : 'are'} left for a later run (ORPHAN_GRACE_SECONDS).`,
    );
  }
  for (const error of report.errors) lines.push(`error: ${error}`);
  if (report.refused) {
    lines.push(
      `Nothing changed: ${report.refused}. Check DATA_DIR, DATABASE_URL and the bucket; --force applies anyway.`,
    );
  } else if (!report.apply && (report.orphans.length > 0 || report.lost.length > 0)) {
    lines.push('Nothing changed yet: run again with --apply to remove them.');
  }
  return lines;
}

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
