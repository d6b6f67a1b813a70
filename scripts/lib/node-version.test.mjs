import { describe, expect, it } from 'vitest';
import { minimumFrom, nodeVersionProblem } from './node-version.mjs';

describe('nodeVersionProblem', () => {
  it('accepts the minimum and anything newer', () => {
    for (const v of ['v22.12.0', 'v22.13.1', 'v23.0.0', 'v24.21.0', 'v100.0.0']) {
      expect(nodeVersionProblem(v, '>=22.12')).toBeUndefined();
    }
  });

  it('refuses older releases in one line naming what is needed and how to get it', () => {
    for (const v of ['v20.20.2', 'v22.11.9', 'v18.0.0', 'v21.99.0']) {
      const problem = nodeVersionProblem(v, '>=22.12');
      expect(problem).toContain('Node.js 22.12 or newer');
      expect(problem).toContain(`this is Node.js ${v.slice(1)}`);
      expect(problem).toContain('scripts/node24.sh');
      expect(problem).not.toContain('\n');
    }
  });

  it('compares patch releases when the range names one', () => {
    expect(nodeVersionProblem('v22.12.0', '>=22.12.1')).toContain('Node.js 22.12.1 or newer');
    expect(nodeVersionProblem('v22.12.1', '>=22.12.1')).toBeUndefined();
  });

  it('reads only the simple range package.json uses', () => {
    expect(minimumFrom('>=22.12')).toEqual([22, 12, 0]);
    expect(minimumFrom('>= 24')).toEqual([24, 0, 0]);
    expect(() => minimumFrom('^22 || ^24')).toThrow('engines.node');
  });
});
