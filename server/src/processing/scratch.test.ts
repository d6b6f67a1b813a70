import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scratchOwner, sweepDeadWorkers, workerScratchDir } from './scratch.js';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-scratch-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('worker scratch directories', () => {
  it('are named by host and pid, and only this host’s names have an owner', () => {
    expect(path.basename(workerScratchDir(root, 'box-1', 42))).toBe('box-1-42');
    expect(path.basename(workerScratchDir(root, 'a/b c', 7))).toBe('a_b_c-7');
    expect(scratchOwner('box-1-42', 'box-1')).toBe(42);
    expect(scratchOwner('box-2-42', 'box-1')).toBeUndefined();
    expect(scratchOwner('box-1-x', 'box-1')).toBeUndefined();
    expect(scratchOwner('box-1-042', 'box-1')).toBeUndefined();
  });

  it('of dead workers on this host are removed; live ones and other hosts’ stay', async () => {
    for (const name of ['box-1-100', 'box-1-200', 'box-2-100', 'notes']) {
      await fs.mkdir(path.join(root, name, 'job-abc'), { recursive: true });
    }
    const removed = await sweepDeadWorkers(root, (pid) => pid === 200, 'box-1');
    expect(removed).toEqual(['box-1-100']);
    expect((await fs.readdir(root)).sort()).toEqual(['box-1-200', 'box-2-100', 'notes']);
  });

  it('never removes its own, and a missing root is nothing to do', async () => {
    const own = workerScratchDir(root);
    await fs.mkdir(own);
    expect(await sweepDeadWorkers(root, () => false)).toEqual([]);
    expect(await sweepDeadWorkers(path.join(root, 'missing'))).toEqual([]);
  });
});
