import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * This build's version: `version` in the project's package.json, found upwards from this file
 * (server/src when run from source, server/dist when built; package.json ships with both).
 */
export function appVersion(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'vidshare' && pkg.version) return (cached = pkg.version);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return (cached = 'unknown');
    dir = parent;
  }
}
