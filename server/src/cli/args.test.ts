import { describe, expect, it } from 'vitest';
import { completeFlags, parseArgs, UsageError, type FlagSpec } from './args.js';

const FLAGS: FlagSpec[] = [
  { name: 'username', description: 'the account', required: true },
  { name: 'password', description: 'the new password', required: true, secret: true },
  { name: 'apply', description: 'remove them', boolean: true },
];
const flagsOf = (command: string) => (command === 'users:x' ? FLAGS : undefined);

describe('parseArgs', () => {
  it('reads flags as --name value and --name=value, and switches', () => {
    const parsed = parseArgs(
      ['users:x', '--username', 'alice', '--password=p=q r', '--apply'],
      flagsOf,
    );
    expect(parsed.command).toBe('users:x');
    expect(Object.fromEntries(parsed.values)).toEqual({
      username: 'alice',
      password: 'p=q r',
      apply: true,
    });
  });

  it('has no command for nothing or a flag first', () => {
    expect(parseArgs([], flagsOf).command).toBeUndefined();
    expect(parseArgs(['--help'], flagsOf).command).toBeUndefined();
  });

  it('leaves an unknown command to the caller', () => {
    expect(parseArgs(['nope', '--x'], flagsOf)).toEqual({ command: 'nope', values: new Map() });
  });

  it('refuses unknown, repeated, valueless and stray arguments in one line each', () => {
    const refusal = (argv: string[]) => {
      try {
        parseArgs(argv, flagsOf);
      } catch (err) {
        expect(err).toBeInstanceOf(UsageError);
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(refusal(['users:x', '--role', 'admin'])).toBe(
      'users:x: unknown flag --role (it takes --username, --password, --apply).',
    );
    expect(refusal(['users:x', '--username', 'a', '--username', 'b'])).toBe(
      'users:x: --username is given twice.',
    );
    expect(refusal(['users:x', '--username'])).toBe('users:x: --username needs a value.');
    expect(refusal(['users:x', '--username', '--apply'])).toBe(
      'users:x: --username needs a value.',
    );
    expect(refusal(['users:x', 'alice'])).toBe(
      'users:x: unexpected argument "alice" (flags start with --).',
    );
    expect(refusal(['users:x', '--apply=yes'])).toBe('users:x: --apply takes no value.');
  });
});

describe('completeFlags', () => {
  it('refuses a missing required flag when nobody can be asked', async () => {
    await expect(completeFlags('users:x', FLAGS, new Map([['username', 'alice']]))).rejects.toThrow(
      'users:x: --password is required (the new password).',
    );
  });

  it('asks for each missing required flag at a terminal, and refuses an empty answer', async () => {
    const asked: string[] = [];
    const done = await completeFlags('users:x', FLAGS, new Map(), async (spec) => {
      asked.push(spec.name);
      return ` ${spec.name}-answer `;
    });
    expect(asked).toEqual(['username', 'password']);
    expect(done.get('password')).toBe('password-answer');
    await expect(completeFlags('users:x', FLAGS, new Map(), async () => '  ')).rejects.toThrow(
      'users:x: --username is required.',
    );
  });
});
