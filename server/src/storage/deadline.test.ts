import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it, vi } from 'vitest';
import { isStorageUnavailable } from '../lib/storage-errors.js';
import { deadlineFor, endStalls, withDeadline } from './deadline.js';

describe('deadlineFor', () => {
  it('gives one timeout per 8 MiB started, at least one', () => {
    expect(deadlineFor(1000)).toBe(1000);
    expect(deadlineFor(1000, 1)).toBe(1000);
    expect(deadlineFor(1000, 8 * 1024 * 1024)).toBe(1000);
    expect(deadlineFor(1000, 8 * 1024 * 1024 + 1)).toBe(2000);
    expect(deadlineFor(1000, 25 * 1024 * 1024)).toBe(4000);
  });
});

describe('withDeadline', () => {
  it('answers what the work answers in time', async () => {
    expect(await withDeadline('x', 1000, async () => 42)).toBe(42);
  });

  it('rejects as unavailable at the deadline, and aborts the work’s signal', async () => {
    let aborted: unknown;
    const started = Date.now();
    const err = await withDeadline(
      'media storage (read a)',
      50,
      (signal) =>
        new Promise((_, reject) => {
          signal.addEventListener('abort', () => {
            aborted = signal.reason;
            // Work that fails once cancelled: its failure after the deadline goes unheard.
            reject(new Error('cancelled'));
          });
        }),
    ).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(isStorageUnavailable(err)).toBe(true);
    expect((err as Error).message).toBe('media storage (read a) did not answer within 50 ms');
    expect(aborted).toBe(err);
  });

  it('rejects at the deadline even when the work ignores its signal', async () => {
    const err = await withDeadline('x', 30, () => new Promise(() => {})).catch((e: unknown) => e);
    expect(isStorageUnavailable(err)).toBe(true);
  });

  it('passes the work’s own failure through', async () => {
    await expect(
      withDeadline('x', 1000, async () => {
        throw new Error('denied');
      }),
    ).rejects.toThrow('denied');
  });
});

describe('endStalls', () => {
  it('ends a stream that stops sending while its reader waits', async () => {
    const source = new PassThrough();
    const guarded = endStalls(source, 80, 'media storage (read a)');
    source.write('first bytes');
    const sink = new Writable({ write: (_c, _e, done) => done() });
    const started = Date.now();
    const err = await pipeline(guarded, sink).catch((e: unknown) => e);
    expect(isStorageUnavailable(err)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('does not count the time a slow reader holds the stream back', async () => {
    // The stall checks run on a faked interval and clock, so the hold below is an exact window:
    // ten times the 60 ms limit, about forty checks, each of which must see a paused stream.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const source = new PassThrough({ highWaterMark: 16 });
      const guarded = endStalls(source, 60, 'x');
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let received = 0;
      // A reader that holds its first chunk until released: the stream is paused meanwhile.
      const sink = new Writable({
        highWaterMark: 1,
        write: (chunk: Buffer, _e, done) => {
          received += chunk.length;
          if (received === chunk.length) void held.then(() => done());
          else done();
        },
      });
      const piped = pipeline(guarded, sink);
      for (let i = 0; i < 20; i += 1) source.write(Buffer.alloc(16, i));
      source.end();
      await vi.advanceTimersByTimeAsync(600);
      release();
      await piped;
      expect(received).toBe(320);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a stream that keeps sending alone', async () => {
    const source = new PassThrough();
    const guarded = endStalls(source, 100, 'x');
    const chunks: Buffer[] = [];
    guarded.on('data', (c: Buffer) => chunks.push(c));
    for (let i = 0; i < 5; i += 1) {
      source.write(Buffer.from('x'));
      await new Promise((r) => setTimeout(r, 50));
    }
    source.end();
    await new Promise((r) => guarded.once('end', r));
    expect(chunks).toHaveLength(5);
  });
});
