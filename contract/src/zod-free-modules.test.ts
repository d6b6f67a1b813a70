import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Contract modules the web app reads for plain values and pure rules. A module is bundled whole
 * wherever one of its exports is used, schemas included, so one zod schema here would put zod
 * (about 24 KB gzip) into the shell of every page, or into the watch page.
 */
const ZOD_FREE = [
  'account-messages',
  'api-paths',
  'caption-rules',
  'chapters',
  'embed',
  'error-codes',
  'feed-paths',
  'google-signin',
  'governance-rules',
  'limits',
  'messages',
  'notification-kinds',
  'password-rules',
  'playlist-kinds',
  'roles',
  'upload-chunks',
  'video-container',
  'video-sorting',
  'web-routes',
];

/** What a module imports at run time (type-only imports are erased): packages and ./files. */
function runtimeImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)) {
    if (!m[1]) found.push(m[2]!);
  }
  for (const m of source.matchAll(/^import\s+'([^']+)';/gm)) found.push(m[1]!);
  return found;
}

/** The module and everything it imports at run time, transitively, as `zod` or `./name.js`. */
function closure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const source = fs.readFileSync(path.join(here, `${name}.ts`), 'utf8');
  for (const spec of runtimeImports(source)) {
    if (spec.startsWith('./')) closure(spec.slice(2).replace(/\.js$/, ''), seen);
    else seen.add(spec);
  }
  return seen;
}

describe('contract modules the web reads for values', () => {
  it.each(ZOD_FREE)('%s loads no zod', (name) => {
    expect([...closure(name)]).not.toContain('zod');
  });

  it('notices a module that does', () => {
    expect([...closure('video')]).toContain('zod');
    expect([...closure('account')]).toContain('password-rules');
  });
});
