import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_STORAGE_TIMEOUT_MS, deadlineFor, endStalls, withDeadline } from './deadline.js';
import {
  assertSafeKey,
  assertSafePrefix,
  assertScanPrefix,
  type BlobEntry,
  type BlobStat,
  type BlobStore,
  type ByteRange,
} from './blob-store.js';

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/**
 * Keys are paths under one directory (`DATA_DIR/media`). Every call has a deadline
 * (`STORAGE_TIMEOUT_MS`): a disk or network file system that stops answering makes the call
 * fail as unavailable instead of holding its request. A file becomes visible under its key
 * only whole: it is written under a `.partial` name and renamed.
 */
export class LocalBlobStore implements BlobStore {
  readonly root: string;
  readonly moveConcurrency = 1;

  constructor(
    root: string,
    readonly timeoutMs = DEFAULT_STORAGE_TIMEOUT_MS,
  ) {
    this.root = path.resolve(root);
  }

  private timed<T>(what: string, work: () => Promise<T>, bytes = 0): Promise<T> {
    return withDeadline(`media storage (${what})`, deadlineFor(this.timeoutMs, bytes), work);
  }

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  /**
   * Runs a write into `target`'s directory, creating it; once more if the directory vanished
   * meanwhile (a concurrent delete prunes directories it emptied).
   */
  private async inDirOf<T>(target: string, write: () => Promise<T>): Promise<T> {
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      return await write();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      await fs.mkdir(path.dirname(target), { recursive: true });
      return write();
    }
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    const { size } = await fs.stat(sourcePath);
    await this.timed(`write ${key}`, () => this.moveIn(target, sourcePath), size);
  }

  private async moveIn(target: string, sourcePath: string): Promise<void> {
    await this.inDirOf(target, async () => {
      try {
        await fs.rename(sourcePath, target);
        // A rename keeps the source's time, and a published resumable upload may be older
        // than the orphan sweep's grace period: a file put now is new, as an object put is.
        const now = new Date();
        await fs.utimes(target, now, now);
      } catch (err) {
        // Temp and media directories on different devices: copy under a name no key can
        // have, then rename, so no reader ever sees half the file; then remove the source.
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        const partial = `${target}.partial`;
        try {
          await fs.copyFile(sourcePath, partial);
          await fs.rename(partial, target);
        } catch (copyErr) {
          await fs.rm(partial, { force: true });
          throw copyErr;
        }
        await fs.rm(sourcePath, { force: true });
      }
    });
  }

  async putBuffer(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    // Write then rename, so a reader never sees half a file.
    const partial = `${target}.partial`;
    try {
      await this.timed(
        `write ${key}`,
        () =>
          this.inDirOf(target, async () => {
            await fs.writeFile(partial, data);
            await fs.rename(partial, target);
          }),
        data.length,
      );
    } catch (err) {
      await fs.rm(partial, { force: true }).catch(() => {});
      throw err;
    }
  }

  async checkWritable(): Promise<void> {
    // A dot-name no key can take (keys start with a letter or digit), unique per call.
    const probe = path.join(this.root, `.writable-${randomBytes(6).toString('hex')}`);
    await this.timed('probe write', async () => {
      await fs.mkdir(this.root, { recursive: true });
      await fs.writeFile(probe, 'ok');
      await fs.rm(probe, { force: true });
    });
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await this.timed(`delete ${key}`, async () => {
      await fs.rm(file, { force: true });
      await this.pruneEmptyDirs(key);
    });
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== undefined;
  }

  async stat(key: string): Promise<BlobStat | undefined> {
    const file = this.pathOf(key);
    const st = await this.timed(`stat ${key}`, () =>
      fs.stat(file).catch((err: unknown) => {
        if (isMissing(err)) return undefined;
        throw err;
      }),
    );
    if (!st?.isFile()) return undefined;
    return { size: st.size, modifiedAt: st.mtimeMs };
  }

  async open(
    key: string,
    range?: ByteRange,
  ): Promise<{ stream: Readable; size: number } | undefined> {
    const filePath = this.pathOf(key);
    return this.timed(`read ${key}`, async () => {
      // Opening first pins the file: a move or delete racing this read cannot swap its bytes.
      const handle = await fs.open(filePath, 'r').catch((err: unknown) => {
        if (isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
        throw err;
      });
      if (!handle) return undefined;
      try {
        const st = await handle.stat();
        if (!st.isFile()) {
          await handle.close();
          return undefined;
        }
        const stream = createReadStream('', {
          fd: handle,
          autoClose: true,
          ...(range ? { start: range.start, end: range.end } : {}),
        });
        return {
          stream: endStalls(stream, this.timeoutMs, `media storage (read ${key})`),
          size: st.size,
        };
      } catch (err) {
        await handle.close();
        throw err;
      }
    });
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    const dir = path.join(this.root, prefix);
    const entries = await this.timed(`list ${prefix}`, () =>
      fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((err) => {
        if (isMissing(err)) return [];
        throw err;
      }),
    );
    return entries
      .filter((e) => e.isFile() && !e.name.endsWith('.partial'))
      .map((e) => `${prefix}${path.relative(dir, path.join(e.parentPath, e.name))}`)
      .map((k) => k.split(path.sep).join('/'));
  }

  async *scan(prefix: string): AsyncIterable<BlobEntry> {
    assertScanPrefix(prefix);
    yield* this.walk(path.join(this.root, prefix), prefix);
  }

  /** Depth first, each directory's entries sorted by name, so one video's files come together. */
  private async *walk(dir: string, keyPrefix: string): AsyncIterable<BlobEntry> {
    const entries = await this.timed(`scan ${keyPrefix}`, () =>
      fs.readdir(dir, { withFileTypes: true }).catch((err) => {
        if (isMissing(err)) return [];
        throw err;
      }),
    );
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const key = `${keyPrefix}${entry.name}`;
      if (entry.isDirectory()) {
        yield* this.walk(full, `${key}/`);
      } else if (entry.isFile()) {
        const st = await this.timed(`stat ${key}`, () => fs.stat(full).catch(() => undefined));
        if (st) yield { key, size: st.size, modifiedAt: st.mtimeMs };
      }
    }
  }

  async move(fromKey: string, toKey: string): Promise<boolean> {
    const from = this.pathOf(fromKey);
    const to = this.pathOf(toKey);
    if (!(await this.exists(fromKey))) return false;
    try {
      await this.timed(`move ${fromKey}`, () => this.inDirOf(to, () => fs.rename(from, to)));
    } catch (err) {
      if (isMissing(err) && !(await this.exists(fromKey))) return false;
      throw err;
    }
    await this.pruneEmptyDirs(fromKey);
    return true;
  }

  /** A moved or deleted prefix leaves no empty directories behind (up to `videos/{id}`). */
  private async pruneEmptyDirs(key: string): Promise<void> {
    const parts = key.split('/').slice(0, -1);
    while (parts.length > 1) {
      try {
        await fs.rmdir(path.join(this.root, ...parts));
      } catch {
        return; // not empty (or already gone): stop climbing
      }
      parts.pop();
    }
  }
}
