import { describe, expect, it } from 'vitest';
import {
  CARD_VERSION,
  COMMENTS_VERSION,
  SEARCH_GENERATION,
} from '../../caches/version-coverage.js';
import { DERIVED_DATA, type CountEntry } from './derived-data.js';
import { countTriggers, derivedHash, derivedSql, derivedTriggers } from './generate.js';
import { triggerSql } from './triggers.js';

const LIKES: CountEntry = {
  kind: 'count',
  name: 'likes_video_count',
  keeps: 'videos.likes_count',
  rows: { table: 'likes', key: 'target_id' },
  fixed: { target_type: 'Video' },
  counted: ['kind', 'like'],
  rule: 'likes of the video',
};

describe('a count', () => {
  it('moves by one on insert and delete of a counted row, by the difference on a change of state', () => {
    const [insert, remove, update] = countTriggers(LIKES).map((t) => triggerSql(t, 'sqlite')[0]);
    expect(insert).toBe(
      `create trigger likes_video_count_insert after insert on likes
  when new.target_type = 'Video' and new.kind = 'like'
begin
  update videos set likes_count = likes_count + 1 where id = new.target_id;
end`,
    );
    expect(remove).toContain("when old.target_type = 'Video' and old.kind = 'like'");
    expect(remove).toContain('likes_count = likes_count - 1 where id = old.target_id');
    expect(update).toContain('after update of kind on likes');
    expect(update).toContain(
      "when old.target_type = 'Video' and (old.kind = 'like') <> (new.kind = 'like')",
    );
  });

  it('counts every row when no state is declared, with no update trigger', () => {
    const { counted: _state, fixed: _fixed, ...all } = LIKES;
    const triggers = countTriggers(all);
    expect(triggers.map((t) => t.event)).toEqual(['insert', 'delete']);
    expect(triggers.every((t) => t.when === undefined)).toBe(true);
  });

  it('is one plpgsql function per trigger on PostgreSQL', () => {
    const [fn, trigger] = triggerSql(countTriggers(LIKES)[2]!, 'postgres');
    expect(fn).toMatch(
      /^create function likes_video_count_update\(\) returns trigger language plpgsql/,
    );
    expect(fn).toContain('return null;');
    expect(trigger).toBe(
      "create trigger likes_video_count_update after update of kind on likes for each row when (old.target_type = 'Video' and (old.kind = 'like') is distinct from (new.kind = 'like')) execute function likes_video_count_update()",
    );
  });
});

describe('a version', () => {
  const triggers = derivedTriggers();

  it.each([CARD_VERSION, COMMENTS_VERSION, SEARCH_GENERATION])(
    '$version moves with every column and row its coverage lists',
    (coverage) => {
      const [, column] = coverage.version.split('.');
      const moving = triggers.filter(
        (t) =>
          t.body.sqlite.includes(`${column} = ${column} + 1`) ||
          t.body.postgres.includes(`${column} := `),
      );
      for (const [table, columns] of Object.entries(coverage.moves)) {
        const covered = moving
          .filter((t) => t.table === table && t.event === 'update')
          .flatMap((t) => t.of ?? []);
        expect(covered).toEqual(expect.arrayContaining([...columns]));
      }
      for (const table of coverage.insertsAndDeletes) {
        const events = moving.filter((t) => t.table === table).map((t) => t.event);
        expect(events).toEqual(expect.arrayContaining(['insert', 'delete']));
      }
    },
  );

  it('sets the card version on the changing row itself on PostgreSQL, before the update', () => {
    const card = derivedSql('postgres').filter((s) => s.includes('videos_card_version_update'));
    expect(card[0]).toContain('new.card_version := old.card_version + 1;');
    expect(card[0]).toContain('return new;');
    expect(card[1]).toMatch(/^create trigger videos_card_version_update before update of title, /);
  });

  it('moves a one-row counter once per statement on PostgreSQL, with no row condition', () => {
    const search = derivedSql('postgres').filter((s) =>
      s.startsWith('create trigger videos_search_generation'),
    );
    expect(search).toHaveLength(4);
    for (const s of search) {
      expect(s).toContain('for each statement');
      expect(s).not.toContain(' when (');
    }
    const duration = derivedSql('sqlite').find((s) =>
      s.includes('videos_search_generation_duration'),
    );
    expect(duration).toContain('when old.duration is not new.duration');
  });
});

describe('the generated triggers', () => {
  it.each(['sqlite', 'postgres'] as const)('have names unique in %s', (dialect) => {
    const names = derivedTriggers()
      .filter((t) => t.only === undefined || t.only === dialect)
      .map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('keep the full-text index on SQLite only', () => {
    expect(derivedSql('sqlite').some((s) => s.includes('videos_fts'))).toBe(true);
    expect(derivedSql('postgres').some((s) => s.includes('videos_fts'))).toBe(false);
  });

  it('hash to a new value when the declaration changes, to the same one when it does not', () => {
    const hash = derivedHash('sqlite', derivedSql('sqlite'));
    expect(derivedHash('sqlite', derivedSql('sqlite'))).toBe(hash);
    expect(derivedHash('postgres', derivedSql('postgres'))).not.toBe(hash);
    const changed = DERIVED_DATA.map((e) =>
      e.kind === 'count' && e.name === 'comments_video_count'
        ? { ...e, counted: ['hidden', 1] as const }
        : e,
    );
    expect(derivedHash('sqlite', derivedSql('sqlite', changed))).not.toBe(hash);
  });
});
