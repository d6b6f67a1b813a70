import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStablePlan } from './stable-plan.js';

describe('withStablePlan', () => {
  it('puts each placeholder of a select behind a one-row subquery', () => {
    expect(
      withStablePlan('select id from t where a = ? and coalesce(b, ?) > ? limit ? offset ?'),
    ).toBe(
      'select id from t where a = (select ?) and coalesce(b, (select ?)) > (select ?) limit (select ?) offset (select ?)',
    );
    expect(withStablePlan('\n  SELECT x from t where y = ?12')).toBe(
      '\n  SELECT x from t where y = (select ?12)',
    );
  });

  it('leaves the values of an in list as they are, but not a subquery in its place', () => {
    expect(withStablePlan('select id from t where a in (?, ?) and b not IN(?) and c = ?')).toBe(
      'select id from t where a in (?, ?) and b not IN(?) and c = (select ?)',
    );
    expect(withStablePlan('select id from t where a in (select x from u where y = ?)')).toBe(
      'select id from t where a in (select x from u where y = (select ?))',
    );
    expect(withStablePlan('select id from t where a in (coalesce(?, ?)) and "in" (?)')).toBe(
      'select id from t where a in (coalesce((select ?), (select ?))) and "in" ((select ?))',
    );
  });

  it('leaves quoted text, quoted names and comments as they are', () => {
    const sql =
      `select 'what?', 'it''s ?', "col?", \`b?\`, [c?] -- is it?\n` +
      `from t /* really? */ where a = ? and b like ? escape '\\'`;
    expect(withStablePlan(sql)).toBe(
      `select 'what?', 'it''s ?', "col?", \`b?\`, [c?] -- is it?\n` +
        `from t /* really? */ where a = (select ?) and b like (select ?) escape '\\'`,
    );
  });

  it('leaves writes and statements without placeholders alone', () => {
    for (const sql of [
      'insert into t (a, b) values (?, ?), (?, ?)',
      'update t set a = ? where id = ?',
      'delete from t where id = ?',
      'with x as (select ?) select * from x',
      'select 1',
    ]) {
      expect(withStablePlan(sql)).toBe(sql);
    }
  });

  it('answers the same rows, of the same types, through the same index', () => {
    const db = new SQLite(':memory:');
    db.exec(`
      create table t (id integer primary key, k text, n integer, r real, b blob);
      create index t_k_n on t (k, n);
      insert into t (k, n, r, b) values ('a', 1, 1.5, x'01'), ('a', 2, 2.5, null), ('b', 0, null, x'02');
    `);
    const sql = 'select id, k, n, r, b from t where k = ? and n >= ? order by n limit ?';
    for (const args of [
      ['a', 0, 10],
      ['a', 2, 1],
      ['b', 0, 5],
      ['a', '1', 10], // text compared with an integer column, converted as before
      [null, 0, 10],
    ]) {
      expect(db.prepare(withStablePlan(sql)).all(...args)).toEqual(db.prepare(sql).all(...args));
    }
    const plan = (text: string) =>
      db
        .prepare(`explain query plan ${text}`)
        .all('a', 0, 10)
        .map((r) => (r as { detail: string }).detail)
        .filter((d) => d.startsWith('SEARCH') || d.startsWith('SCAN t'));
    expect(plan(withStablePlan(sql))).toEqual(plan(sql));
    expect(plan(withStablePlan(sql))).toEqual(['SEARCH t USING INDEX t_k_n (k=? AND n>?)']);
    db.close();
  });
});
