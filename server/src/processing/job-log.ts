import os from 'node:os';

const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/**
 * One JSON object per line, in the shape the server's request logs have (pino's: numeric
 * `level`, `time` in epoch ms, `pid`, `hostname`, `msg`), so one log pipeline reads both.
 */
export function jsonLine(
  level: keyof typeof LEVELS,
  msg: string,
  fields: Record<string, unknown> = {},
  now = Date.now(),
): string {
  return JSON.stringify({
    level: LEVELS[level],
    time: now,
    pid: process.pid,
    hostname: os.hostname(),
    ...fields,
    msg,
  });
}

/** Writes JSON lines to stdout (info) and stderr (warnings and errors). */
export function jsonLogger(
  out: (line: string) => void = (l) => process.stdout.write(`${l}\n`),
  err: (line: string) => void = (l) => process.stderr.write(`${l}\n`),
) {
  return (level: keyof typeof LEVELS, msg: string, fields?: Record<string, unknown>) =>
    (level === 'info' ? out : err)(jsonLine(level, msg, fields));
}
