import { createHash } from 'node:crypto';
import type { Dialect } from '../database.js';
import {
  DERIVED_DATA,
  type CountEntry,
  type DerivedEntry,
  type RowRef,
  type VersionEntry,
} from './derived-data.js';
import { triggerSql, type PerDialect, type Trigger } from './triggers.js';

/** The triggers that keep `entries`, in declaration order. */
export function derivedTriggers(entries: readonly DerivedEntry[] = DERIVED_DATA): Trigger[] {
  return entries.flatMap((entry) => {
    if (entry.kind === 'count') return countTriggers(entry);
    if (entry.kind === 'version') return versionTriggers(entry);
    return [...entry.triggers];
  });
}

/** The statements creating `entries`' triggers (and PostgreSQL's functions) in `dialect`. */
export function derivedSql(
  dialect: Dialect,
  entries: readonly DerivedEntry[] = DERIVED_DATA,
): string[] {
  return derivedTriggers(entries)
    .filter((t) => t.only === undefined || t.only === dialect)
    .flatMap((t) => triggerSql(t, dialect));
}

/** What the database records of the triggers it has: a change to any statement changes it. */
export function derivedHash(dialect: Dialect, statements: readonly string[]): string {
  return createHash('sha256')
    .update(`${dialect}\n${statements.join(';\n')}`)
    .digest('hex');
}

function same(text: string): PerDialect {
  return { sqlite: text, postgres: text };
}

function tableAndColumn(name: string): [string, string] {
  const [table = '', column = ''] = name.split('.');
  if (!table || !column) throw new Error(`expected table.column, got ${name}`);
  return [table, column];
}

function literal(value: string | number): string {
  return typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;
}

/** Insert and delete move the count by one when the row counts; an update of `counted` by the difference. */
export function countTriggers(entry: CountEntry): Trigger[] {
  const [table, column] = tableAndColumn(entry.keeps);
  const source = entry.rows.table;
  const key = entry.rows.key;
  const fixed = (row: RowRef) =>
    Object.entries(entry.fixed ?? {}).map(([c, v]) => `${row}.${c} = ${literal(v)}`);
  const counts = (row: RowRef) => {
    const parts = fixed(row);
    if (entry.counted) parts.push(`${row}.${entry.counted[0]} = ${literal(entry.counted[1])}`);
    return parts.length ? same(parts.join(' and ')) : undefined;
  };
  const move = (row: RowRef, sign: '+' | '-') =>
    same(`update ${table} set ${column} = ${column} ${sign} 1 where id = ${row}.${key};`);
  const triggers: Trigger[] = [
    {
      name: `${entry.name}_insert`,
      table: source,
      event: 'insert',
      when: counts('new'),
      body: move('new', '+'),
    },
    {
      name: `${entry.name}_delete`,
      table: source,
      event: 'delete',
      when: counts('old'),
      body: move('old', '-'),
    },
  ];
  if (entry.counted) {
    const [state, value] = entry.counted;
    const v = literal(value);
    triggers.push({
      name: `${entry.name}_update`,
      table: source,
      event: 'update',
      of: [state],
      when: {
        sqlite: [...fixed('old'), `(old.${state} = ${v}) <> (new.${state} = ${v})`].join(' and '),
        postgres: [
          ...fixed('old'),
          `(old.${state} = ${v}) is distinct from (new.${state} = ${v})`,
        ].join(' and '),
      },
      body: same(`update ${table} set ${column} = ${column}
  + (case when new.${state} = ${v} then 1 else 0 end)
  - (case when old.${state} = ${v} then 1 else 0 end)
  where id = new.${key};`),
    });
  }
  return triggers.map(withoutEmptyWhen);
}

function withoutEmptyWhen(t: Trigger): Trigger {
  if (t.when !== undefined) return t;
  const { when: _none, ...rest } = t;
  return rest;
}

/**
 * Every change the version's coverage lists moves it: updates of the listed columns, and
 * inserts and deletes of the listed tables.
 */
export function versionTriggers(entry: VersionEntry): Trigger[] {
  const [table, column] = tableAndColumn(entry.coverage.version);
  const reachOf = (source: string) => {
    const reach = entry.reach[source];
    if (reach === undefined) throw new Error(`${entry.name}: no reach declared for ${source}`);
    return reach;
  };
  const move = (source: string, row: RowRef): PerDialect => {
    const reach = reachOf(source);
    if (reach === 'self') {
      return {
        sqlite: `update ${table} set ${column} = ${column} + 1 where id = new.id;`,
        postgres: `new.${column} := old.${column} + 1;`,
      };
    }
    const where = reach === 'all' ? 'id = 1' : reach(row);
    return same(`update ${table} set ${column} = ${column} + 1 where ${where};`);
  };
  const changed = (columns: readonly string[]): PerDialect => ({
    sqlite: columns.map((c) => `old.${c} is not new.${c}`).join(' or '),
    postgres: columns.map((c) => `old.${c} is distinct from new.${c}`).join(' or '),
  });
  const update = (
    source: string,
    columns: readonly string[],
    suffix: string,
    onlyChanged: boolean,
  ): Trigger => {
    const reach = reachOf(source);
    const trigger: Trigger = {
      name: `${source}_${entry.name}_${suffix}`,
      table: source,
      event: 'update',
      of: columns,
      body: move(source, 'new'),
    };
    if (reach === 'self') trigger.beforeOnPostgres = true;
    // A one-row counter moves once per statement on PostgreSQL, where such a trigger cannot
    // look at rows: the SQLite condition only saves needless moves.
    if (reach === 'all') trigger.perStatement = {};
    if (onlyChanged) {
      const when = changed(columns);
      trigger.when = reach === 'all' ? { sqlite: when.sqlite, postgres: '' } : when;
    }
    return trigger;
  };
  const triggers: Trigger[] = [];
  for (const [source, columns] of Object.entries(entry.coverage.moves)) {
    triggers.push(update(source, columns, 'update', entry.changedOnly?.includes(source) ?? false));
  }
  for (const [source, columns] of Object.entries(entry.alsoMoves ?? {})) {
    triggers.push(update(source, columns, columns.join('_'), true));
  }
  for (const source of entry.coverage.insertsAndDeletes) {
    const perStatement = reachOf(source) === 'all' ? { perStatement: {} } : {};
    triggers.push(
      {
        name: `${source}_${entry.name}_insert`,
        table: source,
        event: 'insert',
        body: move(source, 'new'),
        ...perStatement,
      },
      {
        name: `${source}_${entry.name}_delete`,
        table: source,
        event: 'delete',
        body: move(source, 'old'),
        ...perStatement,
      },
    );
  }
  return triggers;
}
