import type { Generated } from 'kysely';

/**
 * How db/schema.ts declares a table's columns: once, as values a test can compare with what the
 * migrations made (test/declared-schema.api.test.ts), and from which Kysely's row types are
 * derived (`Row`), so the two cannot drift apart.
 */

/** A column's storage class on both dialects: varchar and text, integer and bigint, real and double. */
export type ColumnClass = 'text' | 'integer' | 'real';

declare const kyselyType: unique symbol;

/** One column as the migrations make it. `K` is its type for Kysely; it exists only in types. */
export interface Column<K> {
  readonly type: ColumnClass;
  readonly notNull: boolean;
  readonly [kyselyType]?: K;
}

/** A `not null` column without a default; the two methods make the other forms. */
export interface NotNullColumn<T> extends Column<T> {
  /** Null allowed: its values are `T | null`. */
  nullable(): Column<T | null>;
  /** `not null` with a default: an insert may leave it out (Kysely's `Generated`). */
  generated(): Column<Generated<T>>;
}

function column<T>(type: ColumnClass): NotNullColumn<T> {
  return {
    type,
    notNull: true,
    nullable: () => ({ type, notNull: false }),
    generated: () => ({ type, notNull: true }),
  };
}

/** Text (varchar or text); `T` narrows it to the values the application writes. */
export const text = <T extends string = string>(): NotNullColumn<T> => column<T>('text');
/** A whole number (integer or bigint: epoch ms, counts, 0/1 flags). */
export const integer = <T extends number = number>(): NotNullColumn<T> => column<T>('integer');
/** A floating-point number (seconds of media). */
export const real = (): NotNullColumn<number> => column<number>('real');

/** A table's columns by name. */
export type TableColumns = Record<string, Column<unknown>>;

/** The row type Kysely sees for a declared table. */
export type Row<Columns> = {
  [C in keyof Columns]: Columns[C] extends Column<infer K> ? K : never;
};
