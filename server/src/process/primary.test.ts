import { describe, expect, it } from 'vitest';
import {
  allocatorEnv,
  CHILD_MALLOC_ARENAS,
  childName,
  SERVER_HEAP_FLAGS,
  serverExecArgv,
} from './primary.js';

describe('serverExecArgv', () => {
  it('adds the heap settings after the supervisor’s own flags', () => {
    expect(serverExecArgv(['--import', 'tsx'])).toEqual(['--import', 'tsx', ...SERVER_HEAP_FLAGS]);
  });

  it('leaves a setting the operator chose on the command line or in NODE_OPTIONS', () => {
    expect(serverExecArgv(['--max-old-space-size=512'])).toEqual([
      '--max-old-space-size=512',
      '--max-semi-space-size=4',
      '--no-incremental-marking',
    ]);
    expect(serverExecArgv([], '--enable-source-maps --max_semi_space_size=16')).toEqual([
      '--max-old-space-size=128',
      '--no-incremental-marking',
    ]);
  });

  it('leaves incremental marking on when the operator asked for it, in either spelling', () => {
    expect(serverExecArgv(['--incremental-marking'])).toEqual([
      '--incremental-marking',
      '--max-semi-space-size=4',
      '--max-old-space-size=128',
    ]);
    expect(serverExecArgv([], '--incremental_marking')).toEqual([
      '--max-semi-space-size=4',
      '--max-old-space-size=128',
    ]);
  });
});

describe('childName', () => {
  it('names a server process with its role, and the processing worker’s process as such', () => {
    expect(childName(41, 'leader')).toBe('server process 41 (leader)');
    expect(childName(42, 'follower')).toBe('server process 42 (follower)');
    expect(childName(43, 'processor')).toBe('processing worker process 43');
  });
});

describe('allocatorEnv', () => {
  it('gives a child two malloc arenas unless the operator chose a number', () => {
    expect(allocatorEnv({})).toEqual({ MALLOC_ARENA_MAX: CHILD_MALLOC_ARENAS });
    expect(CHILD_MALLOC_ARENAS).toBe('2');
    expect(allocatorEnv({ MALLOC_ARENA_MAX: '4' })).toEqual({});
  });
});
