import { describe, expect, it } from 'vitest';
import { ByteBudget } from './byte-budget.js';

describe('ByteBudget', () => {
  it('takes up to its size, refuses past it without taking, and takes again once given back', () => {
    const budget = new ByteBudget(100);
    expect(budget.take(60)).toBe(true);
    expect(budget.take(40)).toBe(true);
    expect(budget.take(1)).toBe(false);
    expect(budget.inUse).toBe(100);
    budget.give(60);
    expect(budget.take(61)).toBe(false);
    expect(budget.take(60)).toBe(true);
    expect(budget.inUse).toBe(100);
  });

  it('refuses one piece larger than the whole budget', () => {
    const budget = new ByteBudget(10);
    expect(budget.take(11)).toBe(false);
    expect(budget.inUse).toBe(0);
  });
});
