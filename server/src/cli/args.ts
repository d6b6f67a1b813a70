/**
 * The command line's grammar, as pure functions: `<command> --flag value --flag=value --switch`.
 * A flag the command does not know, a value missing after a flag, or a required flag absent
 * (when nobody is at a terminal to ask) is a usage error with one clear line.
 */

export interface FlagSpec {
  name: string;
  /** Shown when prompting and in the help. */
  description: string;
  /** A switch takes no value (`--apply`). */
  boolean?: boolean;
  /** Asked for at a terminal when missing; refused when missing otherwise. */
  required?: boolean;
  /** Typed without echo when prompted (passwords). */
  secret?: boolean;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface ParsedArgs {
  command: string | undefined;
  values: Map<string, string | true>;
}

/** Splits argv (after the script) into the command and its flags, checked against `flags`. */
export function parseArgs(
  argv: readonly string[],
  flagsOf: (command: string) => readonly FlagSpec[] | undefined,
): ParsedArgs {
  const [command, ...rest] = argv;
  const values = new Map<string, string | true>();
  if (command === undefined || command.startsWith('-')) {
    return { command: undefined, values };
  }
  const flags = flagsOf(command);
  if (!flags) return { command, values };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (!arg.startsWith('--') || arg === '--') {
      throw new UsageError(`${command}: unexpected argument "${arg}" (flags start with --).`);
    }
    const eq = arg.indexOf('=');
    const name = eq === -1 ? arg.slice(2) : arg.slice(2, eq);
    const spec = flags.find((f) => f.name === name);
    if (!spec) {
      const known = flags.map((f) => `--${f.name}`).join(', ');
      throw new UsageError(`${command}: unknown flag --${name} (it takes ${known || 'no flags'}).`);
    }
    if (values.has(name)) throw new UsageError(`${command}: --${name} is given twice.`);
    if (spec.boolean) {
      if (eq !== -1) throw new UsageError(`${command}: --${name} takes no value.`);
      values.set(name, true);
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) value = undefined;
      else i += 1;
    }
    if (value === undefined) throw new UsageError(`${command}: --${name} needs a value.`);
    values.set(name, value);
  }
  return { command, values };
}

/**
 * Every required flag of `flags`, from the command line or, when `ask` is given (a terminal),
 * asked for; without `ask` a missing one is a usage error.
 */
export async function completeFlags(
  command: string,
  flags: readonly FlagSpec[],
  values: Map<string, string | true>,
  ask?: (spec: FlagSpec) => Promise<string>,
): Promise<Map<string, string | true>> {
  const done = new Map(values);
  for (const spec of flags) {
    if (!spec.required || done.has(spec.name)) continue;
    if (!ask) throw new UsageError(`${command}: --${spec.name} is required (${spec.description}).`);
    const answer = (await ask(spec)).trim();
    if (!answer) throw new UsageError(`${command}: --${spec.name} is required.`);
    done.set(spec.name, answer);
  }
  return done;
}
