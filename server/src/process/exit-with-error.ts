/**
 * Ends a process that could not start. A configuration the operator can fix is reported as
 * its message alone; anything else with its stack, for whoever debugs it.
 */
export function exitWithError(err: unknown): never {
  const isConfig = err instanceof Error && err.name === 'ConfigError';
  console.error(isConfig ? err.message : err);
  process.exit(1);
}
