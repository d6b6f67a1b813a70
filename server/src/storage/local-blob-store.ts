import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { assertSafeKey, type BlobStore } from './blob-store.js';

export class LocalBlobStore implements BlobStore {
  readonly localRoot: string;

  constructor(root: string) {
    this.localRoot = path.resolve(root);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.localRoot, key);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(sourcePath, target);
    } catch (err) {
      // Temp and media directories on different devices: copy, then remove the source.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fs.copyFile(sourcePath, target);
      await fs.rm(sourcePath, { force: true });
    }
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so a reader never sees half a file.
    const partial = `${target}.partial`;
    await fs.writeFile(partial, data);
    await fs.rename(partial, target);
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await fs.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }

  async checkWritable(): Promise<void> {
    // A dot-name no key can take (keys start with a letter or digit), unique per call.
    const probe = path.join(this.localRoot, `.writable-${randomBytes(6).toString('hex')}`);
    await fs.mkdir(this.localRoot, { recursive: true });
    await fs.writeFile(probe, 'ok');
    await fs.rm(probe, { force: true });
  }

  async open(key: string): Promise<{ stream: Readable; size: number } | undefined> {
    const filePath = this.pathOf(key);
    const st = await fs.stat(filePath).catch(() => undefined);
    if (!st?.isFile()) return undefined;
    return { stream: createReadStream(filePath), size: st.size };
  }
}
