import os from 'node:os';
import { ConfigError } from '../config.js';

/**
 * How many server processes to run: `SERVER_PROCESSES` when set, else one per core the
 * process may use. `1` serves from a single process with no supervisor.
 */
export function processCount(value: string | undefined, cores: number): number {
  if (value === undefined || value.trim() === '') return Math.max(1, cores);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new ConfigError([
      `SERVER_PROCESSES must be a whole number from 1 to 64 (got ${JSON.stringify(value)})`,
    ]);
  }
  return n;
}

export function loadProcessCount(env: NodeJS.ProcessEnv = process.env): number {
  return processCount(env.SERVER_PROCESSES, os.availableParallelism());
}
