import { describe, expect, it } from 'vitest';
import { columnClassOf, schemaDifferences, type TableShapes } from './schema-differences.js';

const id = { type: 'text', notNull: true } as const;
const count = { type: 'integer', notNull: true } as const;

describe('schemaDifferences', () => {
  it('is empty when the database has exactly the declared tables and columns', () => {
    const shapes: TableShapes = { videos: { id, views: count } };
    expect(schemaDifferences(shapes, structuredClone(shapes))).toEqual([]);
  });

  it('names the table and column of each difference', () => {
    const declared: TableShapes = {
      videos: { id, views: count, gone: count, title: id },
      planned: { id },
    };
    const actual: TableShapes = {
      videos: {
        id: { type: 'text', notNull: false },
        views: { type: 'real', notNull: true },
        title: id,
        extra: id,
      },
      unknown: { id },
    };
    expect(schemaDifferences(declared, actual)).toEqual([
      'planned: declared in db/schema.ts, but the migrations make no such table',
      'unknown: the migrations make this table, but db/schema.ts does not declare it',
      'videos.extra: the migrations make this column, but db/schema.ts omits it',
      'videos.gone: declared in db/schema.ts, but the table has no such column',
      'videos.id: declared not null, but the database has it nullable',
      'videos.views: declared integer, but the database stores real',
    ]);
  });

  it('compares only the names of columns the database keeps untyped', () => {
    const declared: TableShapes = { videos_fts: { title: id } };
    const actual: TableShapes = { videos_fts: { title: { type: null, notNull: null } } };
    expect(schemaDifferences(declared, actual)).toEqual([]);
  });
});

describe('columnClassOf', () => {
  it('maps both dialects’ type names to a storage class', () => {
    expect(['varchar(24)', 'text', 'character varying'].map(columnClassOf)).toEqual([
      'text',
      'text',
      'text',
    ]);
    expect(['integer', 'bigint', 'INTEGER'].map(columnClassOf)).toEqual([
      'integer',
      'integer',
      'integer',
    ]);
    expect(['real', 'double precision', 'double'].map(columnClassOf)).toEqual([
      'real',
      'real',
      'real',
    ]);
    expect(columnClassOf('')).toBeNull();
    expect(() => columnClassOf('blob')).toThrow(/blob/);
  });
});
