// Fails when package-lock.json lacks a platform package that some dependency lists as optional.
// npm drops an optional package from the lock when it cannot be fetched while resolving; `npm ci`
// on a machine of that platform then refuses the lock as out of sync with package.json.
import { readFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const packages = lock.packages ?? {};

function resolves(from, name) {
  // Node's lookup: the nearest node_modules up from the dependent's own folder.
  let dir = from;
  for (;;) {
    if (packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const at = dir.lastIndexOf('node_modules/');
    dir = at <= 0 ? '' : dir.slice(0, at - 1);
  }
}

const missing = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const name of Object.keys(entry.optionalDependencies ?? {})) {
    if (!resolves(path, name)) missing.push(`${path || '(root)'} → ${name}`);
  }
}
if (missing.length > 0) {
  console.error(
    'package-lock.json lacks optional packages that `npm ci` on other platforms needs:',
  );
  for (const line of missing) console.error(`  ${line}`);
  console.error(
    'Pin the dependent to a version whose platform packages all exist, then reinstall.',
  );
  process.exit(1);
}
console.log(`package-lock.json: every optional platform package is recorded`);
