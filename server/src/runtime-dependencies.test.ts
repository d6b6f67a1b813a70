import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The built server runs on `npm ci --omit=dev` (README, "Running in production"): every
 * package it loads must be a runtime dependency (or the optional ffmpeg binaries), and the
 * runtime dependencies are only what it loads: the web app's packages are bundled at build time.
 */
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    const file = path.join(e.parentPath, e.name);
    return e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [file] : [];
  });
}

function packagesLoaded(files: string[]): Set<string> {
  const found = new Set<string>();
  const pattern = /(?:from\s+|import\(\s*|require\(\s*)'([^'.][^']*)'/g;
  for (const file of files) {
    for (const [, spec] of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
      if (spec!.startsWith('node:') || spec!.startsWith('@contract')) continue;
      const parts = spec!.split('/');
      const name = spec!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
      if (!builtinModules.includes(name)) found.add(name);
    }
  }
  return found;
}

describe('runtime dependencies', () => {
  const loaded = packagesLoaded([
    ...sources(path.join(ROOT, 'server', 'src')),
    ...sources(path.join(ROOT, 'contract', 'src')),
  ]);

  it('hold every package the server and contract load', () => {
    const runtime = new Set([
      ...Object.keys(pkg.dependencies),
      ...Object.keys(pkg.optionalDependencies ?? {}),
    ]);
    expect([...loaded].filter((name) => !runtime.has(name))).toEqual([]);
  });

  it('hold nothing the server does not load', () => {
    expect(Object.keys(pkg.dependencies).filter((name) => !loaded.has(name))).toEqual([]);
  });
});
