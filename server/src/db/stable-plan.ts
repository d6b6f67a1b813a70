/**
 * A reading statement's text with each placeholder behind a one-row subquery: `(select ?)`
 * where it had `?`. The value and its type are the same, and an index still serves it (the
 * subquery depends on no table, so it runs once per run, before the loops).
 *
 * Why: SQLite lets a bound value shape a statement's plan: ANALYZE's samples size an index
 * range by it, `limit ?` is read as a number, a filter compared with 0 or 1 is priced as
 * likelier. Each time it does, it marks the statement to be planned again once that value is
 * replaced, and better-sqlite3 clears every statement's values after each run. So a statement
 * whose plan looked at a value was parsed and planned again on every run, the statement cache
 * (statement-cache.ts) notwithstanding: 50 µs of a signed-in request's 60 µs session lookup,
 * and 100–160 µs of a liked list's page. SQLite's own switch for this (the query planner
 * stability guarantee) is a connection setting better-sqlite3 offers no way to make. Behind a
 * subquery the planner sees no value, so each text keeps the one plan made for it, as it would
 * on PostgreSQL.
 *
 * Only statements that begin with `select` are rewritten: those are the reads the cache runs
 * again and again, and no rewrite can turn a multi-row `insert … values` into a compound select
 * with its 500-row limit. Quoted text, quoted names and comments are left as they are.
 */
export function withStablePlan(sql: string): string {
  if (!/^\s*select\b/i.test(sql) || !sql.includes('?')) return sql;
  let out = '';
  // For each open parenthesis: whether it holds the values of an `in (…)` list.
  const lists: boolean[] = [];
  let i = 0;
  while (i < sql.length) {
    const c = sql[i]!;
    const end = skipQuoted(sql, i);
    if (end > i) {
      out += sql.slice(i, end);
      i = end;
    } else if (c === '?') {
      let j = i + 1;
      while (j < sql.length && sql[j]! >= '0' && sql[j]! <= '9') j += 1;
      const placeholder = sql.slice(i, j);
      // An `in` list is searched through an index only when its values are constants, which a
      // subquery is not: a list keeps its placeholders (and may still be planned again).
      out += lists.at(-1) ? placeholder : `(select ${placeholder})`;
      i = j;
    } else {
      if (c === '(')
        lists.push(/\bin\s*$/i.test(out) && !/^\(\s*(select|with)\b/i.test(sql.slice(i)));
      else if (c === ')') lists.pop();
      out += c;
      i += 1;
    }
  }
  return out;
}

const CLOSERS: Record<string, string> = { "'": "'", '"': '"', '`': '`', '[': ']' };

/** The index after a quoted string, quoted name or comment starting at `i`, or `i` if none does. */
function skipQuoted(sql: string, i: number): number {
  const c = sql[i]!;
  if (c === '-' && sql[i + 1] === '-') {
    const end = sql.indexOf('\n', i);
    return end === -1 ? sql.length : end;
  }
  if (c === '/' && sql[i + 1] === '*') {
    const end = sql.indexOf('*/', i + 2);
    return end === -1 ? sql.length : end + 2;
  }
  const closer = CLOSERS[c];
  if (!closer) return i;
  let j = i + 1;
  while (j < sql.length) {
    if (sql[j] === closer) {
      // A doubled quote is one quote inside the text ('it''s'); brackets have no escape.
      if (closer !== ']' && sql[j + 1] === closer) j += 2;
      else return j + 1;
    } else {
      j += 1;
    }
  }
  return sql.length;
}
