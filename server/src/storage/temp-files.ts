import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Writable } from 'node:stream';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** Scratch space for uploads in flight; everything here is disposable. */
export class TempFiles {
  constructor(readonly dir: string) {}

  async init(): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
  }

  newPath(suffix = ''): string {
    return path.join(this.dir, `${Date.now()}-${randomBytes(8).toString('hex')}${suffix}`);
  }

  /** A new file at `filePath` (from newPath) for an upload to stream into. */
  createWriteStream(filePath: string): Writable {
    return createWriteStream(filePath, { flags: 'wx' });
  }

  async remove(filePath: string): Promise<void> {
    await fs.rm(filePath, { force: true });
  }

  /** Files left by a crash mid-upload are removed at start. */
  async sweep(olderThanMs: number): Promise<void> {
    const cutoff = Date.now() - olderThanMs;
    for (const name of await fs.readdir(this.dir).catch(() => [] as string[])) {
      const p = path.join(this.dir, name);
      const st = await fs.stat(p).catch(() => undefined);
      if (st && st.mtimeMs < cutoff) await fs.rm(p, { force: true, recursive: true });
    }
  }
}
