/**
 * Ends a process that could not start. A configuration the operator can fix is reported as
 * its message alone; anything else with its stack, for whoever debugs it.
 */
export function exitWithError(err: unknown): never {
  // A refused configuration, or a database that never answered at the first start.
  const isExplained =
    err instanceof Error && (err.name === 'ConfigError' || err.name === 'StartupError');
  console.error(isExplained ? err.message : err);
  process.exit(1);
}
