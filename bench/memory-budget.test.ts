import { describe, expect, it } from 'vitest';
import { maxByRole } from './proc.js';
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
