import { listenProblem } from './startup-problems.js';

/**
 * Ends a process that could not start. A configuration or a machine problem the operator can
 * fix (ConfigError, StartupError, a taken port) is reported as its message alone; anything else
 * with its stack, for whoever debugs it.
 */
export function exitWithError(err: unknown): never {
  const told =
    err instanceof Error && (err.name === 'ConfigError' || err.name === 'StartupError')
      ? err.message
      : listenProblem(err);
  console.error(told ?? err);
  process.exit(1);
}
