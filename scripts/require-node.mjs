// Imported before anything else by every npm script that runs the project's TypeScript
// (`node --import ./scripts/require-node.mjs --import tsx …`). On an older Node.js those scripts
// would load better-sqlite3's addon, built for another Node, and die without a word.
import fs from 'node:fs';
import { nodeVersionProblem } from './lib/node-version.mjs';

const { engines } = JSON.parse(
  fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
);
const problem = nodeVersionProblem(process.version, engines.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
