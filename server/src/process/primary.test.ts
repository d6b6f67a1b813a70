import { describe, expect, it } from 'vitest';
import { SERVER_HEAP_FLAGS, serverExecArgv } from './primary.js';

describe('serverExecArgv', () => {
  it('adds the heap settings after the supervisor’s own flags', () => {
    expect(serverExecArgv(['--import', 'tsx'])).toEqual(['--import', 'tsx', ...SERVER_HEAP_FLAGS]);
  });

  it('leaves a setting the operator chose on the command line or in NODE_OPTIONS', () => {
    expect(serverExecArgv(['--max-old-space-size=512'])).toEqual([
      '--max-old-space-size=512',
      '--max-semi-space-size=8',
    ]);
    expect(serverExecArgv([], '--enable-source-maps --max_semi_space_size=16')).toEqual([
      '--max-old-space-size=128',
    ]);
  });
});
