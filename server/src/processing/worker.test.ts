import { describe, expect, it } from 'vitest';
import type { JobQueueRepository } from '../repositories/job-queue.repository.js';
import { ProcessingWorker, backoffDelay, formatLimit } from './worker.js';

describe('backoffDelay', () => {
  it('grows fourfold from the base delay', () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, 15_000))).toEqual([15_000, 60_000, 240_000]);
  });
});

describe('formatLimit', () => {
  it('says seconds below two minutes, minutes above', () => {
    expect(formatLimit(300)).toBe('1 second');
    expect(formatLimit(90_000)).toBe('90 seconds');
    expect(formatLimit(1_800_000)).toBe('30 minutes');
  });
});

describe('ProcessingWorker.wake', () => {
  /** A queue that is always empty, and records each time it is looked at. */
  function emptyQueue() {
    const claims: Array<(job: null) => void> = [];
    const queue = {
      claim: () => new Promise<null>((resolve) => claims.push(resolve)),
    } as unknown as JobQueueRepository;
    return { queue, claims };
  }
  const until = async (what: string, probe: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!probe()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const options = {
    concurrency: 1,
    fastLane: false,
    leaseMs: 30_000,
    pollMs: 600_000,
    timeoutMs: 60_000,
    backoffMs: 1000,
  };

  it('looks at the queue again when woken while idle', async () => {
    const { queue, claims } = emptyQueue();
    const worker = new ProcessingWorker(queue, [], options);
    worker.start();
    await until('the first look', () => claims.length === 1);
    claims[0]!(null);
    // Once the loop has gone on from that answer (microtasks run before setImmediate), it is
    // idle: asleep for ten minutes unless woken.
    await new Promise((r) => setImmediate(r));
    worker.wake();
    await until('a second look', () => claims.length === 2);
    claims[1]!(null);
    await worker.stop();
  });

  it('looks again when woken while a look was still under way', async () => {
    const { queue, claims } = emptyQueue();
    const worker = new ProcessingWorker(queue, [], options);
    worker.start();
    await until('the first look', () => claims.length === 1);
    // The job was queued after that look read the queue: it answers nothing, and the worker
    // must not then sleep for its whole poll.
    worker.wake();
    claims[0]!(null);
    await until('a second look', () => claims.length === 2);
    claims[1]!(null);
    await worker.stop();
  });
});
