import type pg from 'pg';
import { loadPg } from '../db/database.js';
import { JOBS_CHANNEL } from '../repositories/job-queue.repository.js';

/** How the listener's connection shows in `pg_stat_activity`. */
export const LISTENER_APPLICATION_NAME = 'vidshare-job-listener';

export interface JobListener {
  close(): Promise<void>;
}

/**
 * On PostgreSQL a worker hears of jobs queued by any server on any machine: `enqueue`
 * notifies JOBS_CHANNEL in the job's own transaction, so the word arrives once the job is
 * committed, and `onJobs` wakes the worker. One connection per worker, apart from its pool.
 * Lost (a restart, a failover, an administrator ending it), it is opened again after a delay
 * that doubles up to `maxDelayMs`; each time it listens again `onJobs` runs once, for what was
 * queued while nobody listened, and meanwhile the worker's poll (JOB_POLL_MS) finds it.
 */
export function listenForJobs(options: {
  databaseUrl: string;
  onJobs: () => void;
  log: (level: 'info' | 'warn', message: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
}): JobListener {
  const firstDelayMs = options.firstDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  let delayMs = firstDelayMs;
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client, err?: Error) => {
    if (closed || current !== client) return;
    current = undefined;
    client.end().catch(() => {});
    options.log(
      'warn',
      `job notifications lost${err ? ` (${err.message})` : ''}: listening again in ${delayMs} ms`,
    );
    retry = setTimeout(connect, delayMs);
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  };

  const connect = async () => {
    if (closed) return;
    const client = new (loadPg().Client)({
      connectionString: options.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
    });
    current = client;
    // Unheard, a connection's 'error' event would end the process.
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === JOBS_CHANNEL) options.onJobs();
    });
    try {
      await client.connect();
      await client.query(`listen ${JOBS_CHANNEL}`);
    } catch (err) {
      lost(client, err as Error);
      return;
    }
    if (closed || current !== client) return;
    delayMs = firstDelayMs;
    options.onJobs();
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    },
  };
}
