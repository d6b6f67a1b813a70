import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('prepares each SQL text once and reuses it with new parameters', () => {
    const raw = new SQLite(':memory:');
    let prepared = 0;
    const counting = {
      close: () => raw.close(),
      prepare: (sql: string) => {
        prepared += 1;
        return raw.prepare(sql);
      },
    };
    const db = withStatementCache(counting);
    db.prepare('create table t (n integer)').run([]);
    for (const n of [1, 2, 3]) db.prepare('insert into t (n) values (?)').run([n]);
    const rows = db.prepare('select n from t where n >= ? order by n').all([2]);
    expect(rows).toEqual([{ n: 2 }, { n: 3 }]);
    expect(prepared).toBe(3);
    db.close();
  });

  it('keeps only the most recently used statements', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw, 2);
    const a = db.prepare('select 1');
    const b = db.prepare('select 2');
    expect(db.prepare('select 1')).toBe(a); // now the most recent
    db.prepare('select 3'); // evicts 'select 2'
    expect(db.prepare('select 1')).toBe(a);
    expect(db.prepare('select 2')).not.toBe(b);
    raw.close();
  });
});
