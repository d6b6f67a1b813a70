/**
 * At most `limit` holders at once; the rest wait in arrival order. For bounding work that is
 * cheap to start and expensive to run, such as decoding an image.
 */
export class Semaphore {
  private holders = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be a positive integer');
  }

  get active(): number {
    return this.holders;
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Runs `task` once a slot is free, and frees it however the task ends. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.holders < this.limit) {
      this.holders += 1;
    } else {
      // The slot is handed over by release(), so holders never exceeds the limit.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.holders -= 1;
  }
}
