import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { rowBuilder, withStatementCache } from './statement-cache.js';

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

  it('hands SQLite each select with its placeholders behind subqueries (stable-plan.ts)', () => {
    const raw = new SQLite(':memory:');
    const seen: string[] = [];
    const db = withStatementCache({
      close: () => raw.close(),
      prepare: (sql: string) => {
        seen.push(sql);
        return raw.prepare(sql);
      },
    });
    db.prepare('create table t (n integer)').run([]);
    db.prepare('insert into t (n) values (?)').run([4]);
    expect(db.prepare('select n from t where n = ?').all([4])).toEqual([{ n: 4 }]);
    expect(seen).toEqual([
      'create table t (n integer)',
      'insert into t (n) values (?)',
      'select n from t where n = (select ?)',
    ]);
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

  it('answers rows as objects keyed by column, like better-sqlite3 itself', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw);
    db.prepare('create table t (id text, n integer, r real, b blob, z text)').run([]);
    db.prepare('insert into t values (?, ?, ?, ?, ?)').run([
      'a"\'\n',
      7,
      1.5,
      Buffer.from([1]),
      null,
    ]);
    const sql = 'select id, n, r, b, z, n + 1 as "odd ""name""" from t where n = ?';
    const expected = raw.prepare(sql).all([7]);
    expect(db.prepare(sql).all([7])).toEqual(expected);
    expect([...db.prepare(sql).iterate([7])]).toEqual(expected);
    // A statement that returns rows while writing is a reader too.
    const returned = db.prepare('update t set n = n + 1 returning id, n').all([]);
    expect(returned).toEqual([{ id: 'a"\'\n', n: 8 }]);
    expect(db.prepare('delete from t').run([]).changes).toBe(1);
    raw.close();
  });

  it('lets a later column of the same name win, as better-sqlite3 does', () => {
    const raw = new SQLite(':memory:');
    const sql = "select 1 as x, 2 as x, 'y' as y";
    expect(raw.prepare(sql).get()).toEqual({ x: 2, y: 'y' });
    expect(rowBuilder(['x', 'x', 'y'])([1, 2, 'y'])).toEqual({ x: 2, y: 'y' });
    raw.close();
  });

  it('keeps column names as data, never as code', () => {
    const hostile = ['"}; throw new Error("ran"); //', '__proto__'];
    const row = rowBuilder(hostile)([1, 2]);
    expect(row[hostile[0]!]).toBe(1);
    expect(Object.keys(row)).toEqual(hostile);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
  });
});

describe('withStatementCache after another connection changes the schema', () => {
  it('reads each row by the columns the statement answers now, not at its first run', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'statement-cache-'));
    const file = path.join(dir, 'db.sqlite');
    const raw = new SQLite(file);
    raw.pragma('journal_mode = WAL');
    const db = withStatementCache(raw);
    db.prepare('create table users (id text, username text)').run([]);
    db.prepare('create table videos (id text, owner_id text, title text)').run([]);
    db.prepare("insert into users values ('u1', 'pixelgarden')").run([]);
    db.prepare("insert into videos values ('v1', 'u1', 'Ferns')").run([]);
    // A join that reads one table whole: the shape that shifted when a column was added.
    const sql =
      'select v.*, u.username as owner_username from videos v join users u on u.id = v.owner_id';
    expect(db.prepare(sql).all([])).toEqual([
      { id: 'v1', owner_id: 'u1', title: 'Ferns', owner_username: 'pixelgarden' },
    ]);
    expect([...db.prepare(sql).iterate([])]).toHaveLength(1);

    // Another process, a newer build, migrates while this one keeps its prepared statement.
    const newer = new SQLite(file);
    newer.exec("alter table videos add column category text not null default 'music'");
    newer.close();

    const expected = [
      {
        id: 'v1',
        owner_id: 'u1',
        title: 'Ferns',
        category: 'music',
        owner_username: 'pixelgarden',
      },
    ];
    expect(db.prepare(sql).all([])).toEqual(expected);
    expect([...db.prepare(sql).iterate([])]).toEqual(expected);
    raw.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('asks the statement for its columns only when a row comes back of another width', () => {
    const raw = new SQLite(':memory:');
    const db = withStatementCache(raw);
    db.prepare('create table t (a text, b text)').run([]);
    db.prepare("insert into t values ('1', '2')").run([]);
    // Reading them costs more than a small query: not once per run.
    const columns = vi.spyOn(Object.getPrototypeOf(raw.prepare('select 1')), 'columns');
    try {
      const statement = db.prepare('select a, b from t');
      for (let i = 0; i < 5; i++) expect(statement.all([])).toEqual([{ a: '1', b: '2' }]);
      expect(columns).toHaveBeenCalledTimes(1);
    } finally {
      columns.mockRestore();
      raw.close();
    }
  });
});
