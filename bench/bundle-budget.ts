import type { RouteSize } from './bundle-size.js';

/**
 * The web app's weight before first render (JS, gzip -9, as `routeSizes` measures it): the home
 * route, what most visits start on, and any route. Judged by `npm test` after its build
 * (scripts/check-bundle-budget.ts) and reported by `npm run bench`.
 */
export const BUNDLE_BUDGET = { homeJsKb: 150, routeKb: 250 } as const;

/** The route chunk (`routeSizes`' name for it) the home budget applies to. */
export const HOME_ROUTE = 'home';

export interface BudgetViolation {
  route: string;
  /** JS before first render, KB gzip; null when the build has no such route chunk. */
  kb: number | null;
  budgetKb: number;
}

/** The budget a route is held to: the home route's own, else every route's. */
export function routeBudgetKb(
  route: string,
  budget: { homeJsKb: number; routeKb: number } = BUNDLE_BUDGET,
): number {
  return route === HOME_ROUTE ? budget.homeJsKb : budget.routeKb;
}

/**
 * Every route whose JS before first render is not under its budget, heaviest first. A build
 * without a home route chunk is one too, first: its budget would otherwise go unchecked.
 */
export function budgetViolations(
  routes: readonly Pick<RouteSize, 'route' | 'jsGzipBytes'>[],
  budget: { homeJsKb: number; routeKb: number } = BUNDLE_BUDGET,
): BudgetViolation[] {
  const over = routes
    .map((r) => ({
      route: r.route,
      kb: r.jsGzipBytes / 1024,
      budgetKb: routeBudgetKb(r.route, budget),
    }))
    .filter((v) => v.kb >= v.budgetKb)
    .sort((a, b) => b.kb - a.kb);
  const homeMissing = !routes.some((r) => r.route === HOME_ROUTE);
  return homeMissing ? [{ route: HOME_ROUTE, kb: null, budgetKb: budget.homeJsKb }, ...over] : over;
}

/** One line per violation, for a failing check. */
export function violationMessage(v: BudgetViolation): string {
  if (v.kb === null) {
    return `web bundle budget: no "${v.route}" route chunk in web/dist, so its ${v.budgetKb} KB budget cannot be checked`;
  }
  return `web bundle budget: route "${v.route}" loads ${v.kb.toFixed(1)} KB of JS (gzip) before first render; its budget is under ${v.budgetKb} KB`;
}
