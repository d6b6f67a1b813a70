import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate.js';
import type { DatabaseHandle } from '../src/db/database.js';
import { queriesDir, QueryRecorder, repositoryQuerySnapshots } from '../sql/query-snapshot.js';
import { REPOSITORY_QUERIES } from '../sql/repository-queries.js';
import { freshDatabase } from './helpers/test-app.js';

/**
 * server/sql/queries/{dialect}/ holds the SQL every repository method sends, committed so that
 * a change to a query shows up in review as SQL. It must match what the repositories send now:
 * after changing a query, run `npm run sql` and commit the result.
 */
let dir: string;
let handle: DatabaseHandle;
let drop: () => Promise<void>;
let current: Map<string, string>;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vidshare-queries-'));
  const recorder = new QueryRecorder();
  ({ handle, drop } = await freshDatabase(dir, { poolSize: 1, onQuery: recorder.onQuery }));
  await migrateToLatest(handle.db);
  current = await repositoryQuerySnapshots(handle, recorder);
});
afterAll(async () => {
  await handle.close();
  await drop();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('committed repository queries', () => {
  it('match what every repository method sends on this dialect (npm run sql rewrites them)', async () => {
    const committedDir = queriesDir(handle.dialect);
    const names = (await fs.readdir(committedDir)).sort();
    expect(names, 'stale: run `npm run sql` and commit server/sql/').toEqual(
      [...current.keys()].sort(),
    );
    for (const [name, text] of current) {
      const committed = await fs.readFile(path.join(committedDir, name), 'utf8');
      expect(text, `${name} is stale: run \`npm run sql\` and commit server/sql/`).toBe(committed);
    }
  });

  it('covers every repository file', async () => {
    const repositories = (
      await fs.readdir(path.resolve(import.meta.dirname, '../src/repositories'))
    )
      .filter((f) => f.endsWith('.repository.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(REPOSITORY_QUERIES.map((e) => e.file).sort()).toEqual(repositories);
  });

  it('name every column they read: no `*`, so a re-prepared statement answers the same columns', () => {
    // db/statement-cache.ts relies on it: see withRowBuilder.
    for (const [name, text] of current) {
      const stars = text.split('\n').filter((line) => /^\s*("[^"]+"\.|\w+\.)?\*,?;?$/.test(line));
      expect(stars, name).toEqual([]);
    }
  });

  it('records each method under its name, with the statements it ran', () => {
    const video = current.get('video.repository.sql') ?? '';
    expect(video).toContain('-- VideoRepository.findWithOwner\nselect');
    // Both toggles of a like are recorded: the insert and, clicked again, the delete.
    const likes = current.get('like.repository.sql') ?? '';
    const toggle = likes.slice(likes.indexOf('-- LikeRepository.toggle'));
    expect(toggle).toMatch(/insert into\s+"likes"/);
    expect(toggle).toMatch(/delete from\s+"likes"/);
  });
});
