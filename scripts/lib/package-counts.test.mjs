import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installedCounts } from './package-counts.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

describe('the package counts the README gives', () => {
  it('match what the lock installs on Linux x64, full and without devDependencies', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    const { all, production } = installedCounts(lock, { os: 'linux', cpu: 'x64', libc: 'glibc' });
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const said = /about (\d+) packages instead of (\d+)/.exec(readme);
    expect(said, 'README: "about N packages instead of M"').not.toBeNull();
    // "About": within 10 of the production count and 25 of the full one (a few optional
    // packages of other platforms' dependencies are listed but never installed).
    expect(Math.abs(Number(said[1]) - production)).toBeLessThanOrEqual(10);
    expect(Math.abs(Number(said[2]) - all)).toBeLessThanOrEqual(25);
  });
});

describe('installedCounts', () => {
  it('counts the packages of the platform, and those that are not devDependencies', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/a': {},
        'node_modules/b': { dev: true },
        'node_modules/c-darwin': { os: ['darwin'], optional: true },
        'node_modules/c-linux-musl': { os: ['linux'], libc: ['musl'], optional: true },
        'node_modules/c-linux': { os: ['linux'], cpu: ['x64'], libc: ['glibc'], optional: true },
      },
    };
    expect(installedCounts(lock, { os: 'linux', cpu: 'x64', libc: 'glibc' })).toEqual({
      all: 3,
      production: 2,
    });
  });
});
