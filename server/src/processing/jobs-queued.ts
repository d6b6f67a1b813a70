import cluster from 'node:cluster';

/**
 * Says that jobs were queued, once their transaction has committed, so an idle processing
 * worker claims them at once rather than at its next look at the queue (JOB_POLL_MS). Under
 * the supervisor a server process tells it, and it passes the word to its processing worker
 * (process/primary.ts). A worker on another machine hears of it through PostgreSQL
 * (job-notifications.ts), or finds the job at its next poll.
 */
export type JobsQueued = () => void;

const TYPE = 'vidshare:jobs-queued';

/** The IPC message, from a server process to the supervisor and on to the worker. */
export const JOBS_QUEUED_MESSAGE = { type: TYPE } as const;

export function isJobsQueuedMessage(message: unknown): boolean {
  return (
    typeof message === 'object' && message !== null && (message as { type?: unknown }).type === TYPE
  );
}

export const nobodyListens: JobsQueued = () => {};

/**
 * A server process forked by the supervisor tells it; any other process (one serving alone,
 * a command line) has nobody to tell.
 */
export function tellSupervisor(): JobsQueued {
  if (!cluster.isWorker || !process.send) return nobodyListens;
  // A supervisor that is stopping is no reason to fail an upload: the job waits in the queue.
  return () => {
    if (process.connected) process.send!(JOBS_QUEUED_MESSAGE, undefined, undefined, () => {});
  };
}
