import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { maxByRole, processTree, treeMemory } from './proc.js';
import { BUDGET, rolesLine, withinMemoryBudget } from './report.js';

const budget = { http: 150, httpStreaming: 200, processing: 100, supervisor: 40 };

describe('withinMemoryBudget', () => {
  it('holds each process to its own role’s budget', () => {
    expect(withinMemoryBudget({ http: 149, processing: 99, supervisor: 39 }, false, budget)).toBe(
      true,
    );
    expect(withinMemoryBudget({ http: 150, processing: 50, supervisor: 20 }, false, budget)).toBe(
      false,
    );
    expect(withinMemoryBudget({ http: 120, processing: 100, supervisor: 20 }, false, budget)).toBe(
      false,
    );
    expect(withinMemoryBudget({ http: 120, processing: 50, supervisor: 40 }, false, budget)).toBe(
      false,
    );
  });

  it('allows an HTTP process its streaming budget while streaming only', () => {
    const streaming = { http: 180, processing: 50, supervisor: 20 };
    expect(withinMemoryBudget(streaming, true, budget)).toBe(true);
    expect(withinMemoryBudget(streaming, false, budget)).toBe(false);
    expect(withinMemoryBudget({ ...streaming, http: 200 }, true, budget)).toBe(false);
  });

  it('streams within more than it serves API loads within', () => {
    expect(BUDGET.processPssMb.httpStreaming).toBeGreaterThan(BUDGET.processPssMb.http);
  });
});

describe('the per-role peaks', () => {
  it('keep the larger figure of each role', () => {
    expect(maxByRole({ http: 120, supervisor: 30 }, { http: 110, processing: 44 })).toEqual({
      http: 120,
      supervisor: 30,
      processing: 44,
    });
  });

  it('read as one line, HTTP first, roles never seen left out', () => {
    expect(rolesLine({ supervisor: 25.4, http: 131.6, processing: 45 })).toBe(
      'HTTP 132, processing 45, supervisor 25',
    );
  });
});

describe('treeMemory', () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    // Each in its own process group, so a shell's background child ends with it.
    for (const child of started.splice(0)) process.kill(-child.pid!);
  });
  const start = (command: string, args: string[]) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    started.push(child);
    return child.pid!;
  };
  const withChild = async (pid: number) => {
    for (let i = 0; i < 100 && processTree(pid).length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('counts a process serving alone as HTTP, not as a supervisor', () => {
    const pid = start('sleep', ['30']);
    expect(Object.keys(treeMemory(pid).byRole)).toEqual(['http']);
  });

  it('counts the root of a tree as its supervisor', async () => {
    const pid = start('sh', ['-c', 'sleep 30 & wait']);
    await withChild(pid);
    const { byRole, processes } = treeMemory(pid);
    expect(processes).toBe(2);
    expect(Object.keys(byRole).sort()).toEqual(['other', 'supervisor']);
  });
});
