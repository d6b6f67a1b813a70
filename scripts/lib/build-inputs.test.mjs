import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash, isBuildInput, needsBuild, readStamps, writeStamp } from './build-inputs.mjs';

let root;
const write = (file, text) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'vidshare-build-inputs-'));
  write('server/src/main.ts', 'main');
  write('contract/src/index.ts', 'contract');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const inputs = ['server/src', 'contract/src', 'missing.json'];

describe('build inputs', () => {
  it('hash the paths and contents of the sources, not their times', () => {
    const first = inputsHash(root, inputs);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'server/src/main.ts'), later, later);
    expect(inputsHash(root, inputs)).toBe(first);
    write('server/src/main.ts', 'main changed');
    expect(inputsHash(root, inputs)).not.toBe(first);
    write('server/src/main.ts', 'main');
    fs.renameSync(path.join(root, 'server/src/main.ts'), path.join(root, 'server/src/other.ts'));
    expect(inputsHash(root, inputs)).not.toBe(first);
  });

  it('leave out tests, build outputs and dependencies', () => {
    const first = inputsHash(root, inputs);
    write('server/src/main.test.ts', 'test');
    write('server/src/dist/chunk.js', 'out');
    write('server/src/node_modules/x/index.js', 'dep');
    expect(inputsHash(root, inputs)).toBe(first);
    expect(isBuildInput('web/src/app.tsx')).toBe(true);
    expect(isBuildInput('web/src/app.test.tsx')).toBe(false);
    expect(isBuildInput('web/dist/index.html')).toBe(false);
  });

  it('need a build until one from these sources is recorded and its output exists', () => {
    const hash = inputsHash(root, inputs);
    expect(needsBuild(root, 'server', hash)).toBe(true);
    write('server/dist/main.js', 'built');
    expect(needsBuild(root, 'server', hash)).toBe(true);
    writeStamp(root, 'server', hash);
    expect(readStamps(root)).toEqual({ server: hash });
    expect(needsBuild(root, 'server', hash)).toBe(false);
    expect(needsBuild(root, 'server', 'another hash')).toBe(true);
    fs.rmSync(path.join(root, 'server/dist'), { recursive: true });
    expect(needsBuild(root, 'server', hash)).toBe(true);
  });
});
