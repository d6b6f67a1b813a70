import type { Generated } from 'kysely';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CommentsMode, Role, Visibility } from '@contract';
import { TABLES, type Database } from './schema.js';

/**
 * Kysely's row types are derived from the declaration: the type checks below (run by
 * `npm run typecheck`) keep them as precise as hand-written interfaces, and the values are what
 * the schema test compares with a migrated database.
 */
describe('declared tables', () => {
  it('derive Kysely types that keep defaults, nulls and narrowed values', () => {
    expectTypeOf<Database['videos']['id']>().toEqualTypeOf<string>();
    expectTypeOf<Database['videos']['duration']>().toEqualTypeOf<number>();
    expectTypeOf<Database['videos']['visibility']>().toEqualTypeOf<Visibility>();
    expectTypeOf<Database['videos']['pending_visibility']>().toEqualTypeOf<Visibility | null>();
    expectTypeOf<Database['videos']['status']>().toEqualTypeOf<
      Generated<'processing' | 'ready' | 'failed'>
    >();
    expectTypeOf<Database['videos']['comments_mode']>().toEqualTypeOf<Generated<CommentsMode>>();
    expectTypeOf<Database['users']['role']>().toEqualTypeOf<Generated<Role>>();
    expectTypeOf<Database['subscription_events']['delta']>().toEqualTypeOf<1 | -1>();
    expectTypeOf<keyof Database['watch_progress']>().toEqualTypeOf<
      'user_id' | 'video_id' | 'position' | 'updated_at'
    >();

    expect(TABLES.videos.duration).toMatchObject({ type: 'real', notNull: true });
    expect(TABLES.videos.status).toMatchObject({ type: 'text', notNull: true });
    expect(TABLES.videos.pending_visibility).toMatchObject({ type: 'text', notNull: false });
    expect(TABLES.users.created_at).toMatchObject({ type: 'integer', notNull: true });
  });
});
