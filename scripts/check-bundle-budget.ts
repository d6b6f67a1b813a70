// After the web build: fails when a route loads more JS before its first render than its
// budget allows (bench/bundle-budget.ts), one line per route. `npm run test:e2e` runs it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { budgetViolations, HOME_ROUTE, violationMessage } from '../bench/bundle-budget.js';
import { routeSizes } from '../bench/bundle-size.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { routes } = routeSizes(path.join(root, 'web', 'dist'));
const violations = budgetViolations(routes);
if (violations.length > 0) {
  for (const v of violations) console.error(violationMessage(v));
  process.exit(1);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const home = routes.find((r) => r.route === HOME_ROUTE)!;
const heaviest = routes[0]!;
console.log(
  `web bundle budget: every route within budget (home ${kb(home.jsGzipBytes)}, heaviest ${heaviest.route} ${kb(heaviest.jsGzipBytes)})`,
);
