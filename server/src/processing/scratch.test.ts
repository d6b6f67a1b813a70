import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import {
  processesWorkingIn,
  scratchOwner,
  stopProcessesIn,
  sweepDeadWorkers,
  workerScratchDir,
} from './scratch.js';

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
    const stopped: string[] = [];
    const removed = await sweepDeadWorkers(
      root,
      (pid) => pid === 200,
      'box-1',
      async (dir) => {
        // Stopped before the directory goes, while what runs there still names it.
        expect((await fs.stat(dir)).isDirectory()).toBe(true);
        stopped.push(path.basename(dir));
      },
    );
    expect(removed).toEqual(['box-1-100']);
    expect(stopped).toEqual(['box-1-100']);
    expect((await fs.readdir(root)).sort()).toEqual(['box-1-200', 'box-2-100', 'notes']);
  });

  it('never removes its own, and a missing root is nothing to do', async () => {
    const own = workerScratchDir(root);
    await fs.mkdir(own);
    expect(await sweepDeadWorkers(root, () => false)).toEqual([]);
    expect(await sweepDeadWorkers(path.join(root, 'missing'))).toEqual([]);
  });
});

describe('processes left working in a dead worker’s scratch', () => {
  it('are found by a path inside the directory among their arguments', async () => {
    const proc = path.join(root, 'proc');
    const scratch = path.join(root, 'box-1-100');
    const fake = async (pid: string, args: string[]) => {
      await fs.mkdir(path.join(proc, pid), { recursive: true });
      await fs.writeFile(path.join(proc, pid, 'cmdline'), `${args.join('\0')}\0`);
    };
    await fake('11', ['ffmpeg', '-i', `${scratch}/job-1/input.mov`, `${scratch}/job-1/out.mp4`]);
    await fake('15', [
      'ffmpeg',
      '-i',
      'file:/elsewhere/in.mov',
      `file:${scratch}/job-2/index.m3u8`,
    ]);
    await fake('12', ['ffmpeg', '-i', `${scratch}0/job-1/input.mov`]);
    await fake('13', ['node', 'server.js']);
    await fake('14', []);
    await fs.mkdir(path.join(proc, 'self'));
    expect((await processesWorkingIn(scratch, proc)).sort()).toEqual([11, 15]);
    expect(await processesWorkingIn(scratch, path.join(root, 'no-proc'))).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('are stopped, a real one included', async () => {
    const scratch = path.join(root, 'box-1-100');
    await fs.mkdir(scratch);
    // A stand-in for an orphaned ffmpeg: it runs until stopped, with a path in the scratch.
    const stray = spawn(
      process.execPath,
      ['-e', 'setInterval(() => {}, 1000)', `${scratch}/job-1/out.mp4`],
      { stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => stray.on('exit', (_code, signal) => resolve(signal)));
    await new Promise((resolve) => stray.on('spawn', resolve));
    expect(await processesWorkingIn(scratch)).toEqual([stray.pid]);
    await stopProcessesIn(scratch);
    expect(await exited).toBe('SIGKILL');
  });
});
