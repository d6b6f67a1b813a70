import fs from 'node:fs/promises';
import path from 'node:path';

export interface Copied {
  files: number;
  bytes: number;
}

/**
 * Copies every media file under `from` to the same place under `to`. Safe beside a running
 * server: the local store writes a file whole and renames it into place, so `*.partial` files
 * (a write in progress) are skipped, and a file deleted while the copy runs is simply absent.
 */
export async function copyMediaTree(from: string, to: string): Promise<Copied> {
  const copied: Copied = { files: 0, bytes: 0 };
  async function walk(relative: string): Promise<void> {
    const entries = await fs
      .readdir(path.join(from, relative), { withFileTypes: true })
      .catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return [];
        throw err;
      });
    for (const entry of entries) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        await walk(child);
      } else if (entry.isFile() && !entry.name.endsWith('.partial')) {
        await fs.mkdir(path.join(to, relative), { recursive: true });
        try {
          await fs.copyFile(path.join(from, child), path.join(to, child));
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        copied.files += 1;
        copied.bytes += (await fs.stat(path.join(to, child))).size;
      }
    }
  }
  await walk('');
  return copied;
}

/** Whether `dir` is missing or holds nothing. */
export async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}
