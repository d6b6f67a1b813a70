import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config.js';

const README = fs.readFileSync(path.resolve(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

describe('README', () => {
  it('names every variable the configuration schema reads', () => {
    const variables = Object.keys(envSchema.shape);
    expect(variables.filter((name) => !README.includes(`\`${name}\``))).toEqual([]);
  });
});
