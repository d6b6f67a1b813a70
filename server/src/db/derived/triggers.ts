import type { Dialect } from '../database.js';

/** Text that differs by dialect: a condition or a body written once for each. */
export interface PerDialect {
  sqlite: string;
  postgres: string;
}

/**
 * One trigger, independent of dialect: what the declaration's entries are turned into before
 * they are written as SQL. On PostgreSQL each trigger calls a function of its own name holding
 * `body.postgres` (plpgsql statements); on SQLite `body.sqlite` is the trigger's body.
 */
export interface Trigger {
  name: string;
  table: string;
  /**
   * Triggers run after the change, except on PostgreSQL where one sets a column of the row
   * being changed (the card version): BEFORE, assigning `new`, saves a second update.
   */
  beforeOnPostgres?: boolean;
  /** One event: SQLite's triggers take one each. */
  event: 'insert' | 'update' | 'delete';
  /** For updates: only when one of these columns is set. */
  of?: readonly string[];
  when?: PerDialect;
  /**
   * On PostgreSQL, once per statement rather than per row (a one-row counter every change
   * moves); `changed` names the transition table of inserted or deleted rows when the body
   * needs them. SQLite has row triggers only, so its body is per row.
   */
  perStatement?: { changed?: 'new' | 'old' };
  body: PerDialect;
  /** A trigger one dialect only needs (SQLite's full-text index). */
  only?: Dialect;
}

/** Creating one trigger: the statements, in order (PostgreSQL's function first). */
export function triggerSql(trigger: Trigger, dialect: Dialect): string[] {
  return dialect === 'sqlite' ? [sqliteTrigger(trigger)] : postgresTrigger(trigger);
}

function sqliteTrigger(t: Trigger): string {
  const when = t.when?.sqlite ? `\n  when ${t.when.sqlite}` : '';
  return `create trigger ${t.name} after ${events(t)} on ${t.table}${when}\nbegin\n${indent(
    t.body.sqlite,
  )}\nend`;
}

function postgresTrigger(t: Trigger): string[] {
  const timing = t.beforeOnPostgres ? 'before' : 'after';
  const returned = t.beforeOnPostgres ? 'new' : 'null';
  const fn =
    `create function ${t.name}() returns trigger language plpgsql as $$\nbegin\n` +
    `${indent(t.body.postgres)}\n  return ${returned};\nend $$`;
  const changed = t.perStatement?.changed;
  const referencing = changed ? ` referencing ${changed} table as changed` : '';
  const level = t.perStatement ? 'statement' : 'row';
  const when = t.when?.postgres ? ` when (${t.when.postgres})` : '';
  const trigger =
    `create trigger ${t.name} ${timing} ${events(t)} on ${t.table}${referencing}` +
    ` for each ${level}${when} execute function ${t.name}()`;
  return [fn, trigger];
}

/** `update of a, b`: as both dialects read it. */
function events(t: Trigger): string {
  return t.event === 'update' && t.of?.length ? `update of ${t.of.join(', ')}` : t.event;
}

function indent(body: string): string {
  return body
    .trim()
    .split('\n')
    .map((line) => `  ${line.trimEnd()}`)
    .join('\n');
}
