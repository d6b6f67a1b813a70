import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';

/** Every source file of the server and of the contract itself, concatenated. */
function sources(dir: string): string {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name))
    .map((e) => fs.readFileSync(path.join(e.parentPath, e.name), 'utf8'))
    .join('\n');
}

/**
 * The contract holds what the wire needs: each message and limit is sent or checked by the
 * server (or used by another contract rule). Wording and timings of the web app alone live in
 * web/src/lib/ui-constants.ts.
 */
describe('wire constants', () => {
  const root = path.resolve(import.meta.dirname, '../..');
  const code = sources(path.join(root, 'server/src')) + sources(path.join(root, 'contract/src'));
  const unused = (name: string, keys: string[]) =>
    keys.filter((key) => !new RegExp(`\\b${name}\\.${key}\\b`).test(code));

  it('every message is one the server sends', () => {
    expect(unused('MESSAGES', Object.keys(MESSAGES))).toEqual([]);
  });

  it('every limit is one the server or a contract rule enforces', () => {
    expect(unused('LIMITS', Object.keys(LIMITS))).toEqual([]);
  });
});
