import { describe, expect, it } from 'vitest';
import {
  BUNDLE_BUDGET,
  budgetViolations,
  routeBudgetKb,
  violationMessage,
} from './bundle-budget.js';

const KB = 1024;
const route = (name: string, kb: number) => ({ route: name, jsGzipBytes: kb * KB });

describe('budgetViolations', () => {
  it('passes routes under their budgets', () => {
    expect(budgetViolations([route('home', 149.9), route('watch', 249.9)])).toEqual([]);
  });

  it('holds home to its own budget and every other route to the route budget', () => {
    expect(routeBudgetKb('home')).toBe(BUNDLE_BUDGET.homeJsKb);
    expect(routeBudgetKb('watch')).toBe(BUNDLE_BUDGET.routeKb);
    expect(budgetViolations([route('home', 150), route('signup', 200)])).toEqual([
      { route: 'home', kb: 150, budgetKb: 150 },
    ]);
  });

  it('names every route over budget, heaviest first', () => {
    const violations = budgetViolations([
      route('home', 160),
      route('watch', 251),
      route('search', 120),
      route('signup', 300),
    ]);
    expect(violations.map((v) => v.route)).toEqual(['signup', 'watch', 'home']);
  });

  it('counts a build without a home route as a violation', () => {
    expect(budgetViolations([route('watch', 100)])).toEqual([
      { route: 'home', kb: null, budgetKb: BUNDLE_BUDGET.homeJsKb },
    ]);
  });

  it('takes other budgets', () => {
    expect(budgetViolations([route('home', 120)], { homeJsKb: 100, routeKb: 200 })).toHaveLength(1);
  });
});

describe('violationMessage', () => {
  it('says the route, its size and its budget on one line', () => {
    const line = violationMessage({ route: 'watch', kb: 251.04, budgetKb: 250 });
    expect(line).toContain('"watch"');
    expect(line).toContain('251.0 KB');
    expect(line).toContain('250 KB');
    expect(line).not.toContain('\n');
  });

  it('says when the home route is missing', () => {
    expect(violationMessage({ route: 'home', kb: null, budgetKb: 150 })).toContain(
      'no "home" route chunk',
    );
  });
});
