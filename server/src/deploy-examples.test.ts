import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.js';

/**
 * The deployment examples set the server up through its environment. A variable they name that
 * the server does not read (a misspelling, or one renamed since) would be ignored without a word
 * at start, so every name they give must be one the configuration schema reads.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
/** Node's own, which the unit sets for the runtime rather than for the server's schema. */
const READ = new Set([...Object.keys(envSchema.shape), 'NODE_ENV']);

/** `NAME=value` anywhere (set, or shown in a comment). */
const assignments = (text: string) => [...text.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((m) => m[1]!);

/** The keys of the app service's `environment:` in compose.yaml, those commented out too. */
function composeAppVariables(text: string): string[] {
  const app = /\n {2}app:\n([\s\S]*?)\n {2}[a-z-]+:\n/.exec(text)?.[1] ?? '';
  const environment = /\n {4}environment:\n((?: {6}.*\n| *#.*\n)*)/.exec(`\n${app}\n`)?.[1] ?? '';
  return [...environment.matchAll(/^\s+(?:#\s*)?([A-Z][A-Z0-9_]+):\s/gm)].map((m) => m[1]!);
}

describe('the deployment examples', () => {
  it.each([
    ['deploy/vidshare.service', assignments],
    ['deploy/nginx.conf', assignments],
    ['deploy/Caddyfile', assignments],
    ['compose.yaml', composeAppVariables],
  ] as const)('%s names only variables the server reads', (file, names) => {
    const named = names(read(file));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !READ.has(name))).toEqual([]);
  });
});
