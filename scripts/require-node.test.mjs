import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHECK = './scripts/require-node.mjs';
// Makes the child Node report an old release before anything else of it loads.
const OLD_NODE = `data:text/javascript,Object.defineProperty(process,"version",{value:"v20.19.0"})`;

const run = (args) =>
  spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 30_000 });

describe('the Node.js version check before a script runs', () => {
  it('stops an older Node with one line saying what is needed, before the script runs', () => {
    const child = run(['--import', OLD_NODE, '--import', CHECK, '-e', 'console.log("ran")']);
    expect(child.status).toBe(1);
    expect(child.stdout).toBe('');
    expect(child.stderr.trim()).toMatch(
      /^Vidshare needs Node\.js 22\.12 or newer; this is Node\.js 20\.19\.0\./,
    );
    expect(child.stderr.trim()).not.toContain('\n');
  });

  it('lets the script run on this Node', () => {
    const child = run(['--import', CHECK, '-e', 'console.log("ran")']);
    expect(child.stderr).toBe('');
    expect(child.stdout).toBe('ran\n');
    expect(child.status).toBe(0);
  });

  it('runs first in the entry scripts, before their own argument checks', () => {
    for (const script of ['scripts/start.mjs', 'scripts/dev.mjs', 'scripts/demo.mjs']) {
      const imports = fs
        .readFileSync(path.join(root, script), 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('import '));
      expect(imports[0], script).toBe("import './require-node.mjs';");
    }
    // `start.mjs` with an unknown mode answers its usage (exit 2) only on a Node that will do.
    const child = run(['--import', OLD_NODE, 'scripts/start.mjs', 'no-such-mode']);
    expect(child.status).toBe(1);
    expect(child.stderr).toContain('Vidshare needs Node.js 22.12 or newer');
  });

  it('comes before tsx in every npm script that runs the project TypeScript', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const typescript = Object.entries(scripts).filter(([, line]) => line.includes('--import tsx'));
    expect(typescript.length).toBeGreaterThan(5);
    for (const [name, line] of typescript) {
      const unchecked = line
        .split('&&')
        .filter(
          (step) =>
            step.includes('--import tsx') && !step.includes(`--import ${CHECK} --import tsx`),
        );
      expect(unchecked, name).toEqual([]);
    }
  });
});
