import { describe, expect, it } from 'vitest';
import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import {
  compiledRead as read,
  heldStatements,
  nextTurn as settle,
} from '../../test/helpers/held-statements.js';
import { SharedReads, isSharedRead } from './shared-reads.js';

function harness() {
  const { sent, run } = heldStatements();
  return { sent, reads: new SharedReads(run) };
}

describe('SharedReads', () => {
  it('sends a lone read as it is and answers its rows', async () => {
    const { sent, reads } = harness();
    const answer = reads.run(read('select 1', [1]));
    expect(sent).toHaveLength(1);
    sent[0]!.answer([{ n: 1 }]);
    expect((await answer).rows).toEqual([{ n: 1 }]);
    expect(reads.shared).toBe(0);
  });

  it('never lets a read join a statement sent before it asked: it shares the next one', async () => {
    const { sent, reads } = harness();
    const first = reads.run(read('select v', ['a']));
    // Asked while the first statement is on its way: what that statement reads may be older
    // than a write these readers saw committed, so none of them may take its answer.
    const later = [1, 2, 3, 4].map(() => reads.run(read('select v', ['a'])));
    await settle();
    expect(sent).toHaveLength(1);
    sent[0]!.answer([{ v: 'before' }]);
    expect((await first).rows).toEqual([{ v: 'before' }]);
    await settle();
    // One more statement, sent only now, after every later reader asked.
    expect(sent).toHaveLength(2);
    sent[1]!.answer([{ v: 'after' }]);
    for (const answer of later) expect((await answer).rows).toEqual([{ v: 'after' }]);
    expect(reads.shared).toBe(3);
  });

  it('sends again once every statement has answered', async () => {
    const { sent, reads } = harness();
    const one = reads.run(read('select v', ['a']));
    sent[0]!.answer([{ v: 1 }]);
    await one;
    await settle();
    const two = reads.run(read('select v', ['a']));
    expect(sent).toHaveLength(2);
    sent[1]!.answer([{ v: 2 }]);
    expect((await two).rows).toEqual([{ v: 2 }]);
  });

  it('does not share between different texts or different values', async () => {
    const { sent, reads } = harness();
    void reads.run(read('select v', ['a']));
    void reads.run(read('select v', ['b']));
    void reads.run(read('select v', [1]));
    void reads.run(read('select v', ['1']));
    void reads.run(read('select w', ['a']));
    void reads.run(read('select v', [['a', 'b']]));
    void reads.run(read('select v', [['a', 'c']]));
    expect(sent).toHaveLength(7);
    expect(reads.shared).toBe(0);
  });

  it('shares reads whose values are lists of plain values, the same lists', async () => {
    const { sent, reads } = harness();
    void reads.run(read('select v where id = any($1)', [['a', 'b']]));
    void reads.run(read('select v where id = any($1)', [['a', 'b']]));
    void reads.run(read('select v where id = any($1)', [['a', 'b']]));
    expect(sent).toHaveLength(1);
    sent[0]!.answer([]);
    await settle();
    expect(sent).toHaveLength(2);
    expect(reads.shared).toBe(1);
  });

  it('sends a read with a value it cannot compare on its own', async () => {
    const { sent, reads } = harness();
    const at = new Date(0);
    void reads.run(read('select v', [at]));
    void reads.run(read('select v', [at]));
    void reads.run(read('select v', [Buffer.from('x')]));
    void reads.run(read('select v', [Buffer.from('x')]));
    void reads.run(read('select v', [[at]]));
    void reads.run(read('select v', [[at]]));
    expect(sent).toHaveLength(6);
  });

  it('fails every read that shared a failed statement, and the next read sends anew', async () => {
    const { sent, reads } = harness();
    const first = reads.run(read('select v'));
    const second = reads.run(read('select v'));
    const third = reads.run(read('select v'));
    sent[0]!.answer([]);
    await first;
    await settle();
    sent[1]!.fail(new Error('connection lost'));
    await expect(second).rejects.toThrow('connection lost');
    await expect(third).rejects.toThrow('connection lost');
    await settle();
    const fourth = reads.run(read('select v'));
    expect(sent).toHaveLength(3);
    sent[2]!.answer([{ v: 'back' }]);
    expect((await fourth).rows).toEqual([{ v: 'back' }]);
  });

  it('gives each read rows of its own', async () => {
    const { sent, reads } = harness();
    const first = reads.run(read('select v'));
    const second = reads.run<{ v: string }>(read('select v'));
    const third = reads.run<{ v: string }>(read('select v'));
    sent[0]!.answer([]);
    await first;
    await settle();
    sent[1]!.answer([{ v: 'x' }]);
    const [a, b] = [await second, await third];
    a.rows[0]!.v = 'changed';
    expect(b.rows[0]!.v).toBe('x');
  });
});

describe('isSharedRead', () => {
  const db = new Kysely<{ t: { id: string } }>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });

  it('is a select built by the query builder', () => {
    expect(isSharedRead(db.selectFrom('t').select('id').compile())).toBe(true);
  });

  it('is not a write, nor a raw statement that could be anything', () => {
    expect(isSharedRead(db.insertInto('t').values({ id: 'a' }).compile())).toBe(false);
    expect(isSharedRead(db.updateTable('t').set({ id: 'b' }).compile())).toBe(false);
    expect(isSharedRead(db.deleteFrom('t').compile())).toBe(false);
    expect(isSharedRead(CompiledQuery.raw('select pg_notify($1, $2)', ['a', '']))).toBe(false);
  });

  it('is not a locking select: its locks belong to its caller', () => {
    expect(isSharedRead(db.selectFrom('t').select('id').forUpdate().compile())).toBe(false);
    expect(isSharedRead(db.selectFrom('t').select('id').forShare().compile())).toBe(false);
  });

  it('is not a select whose with clause writes', () => {
    const reads = db
      .with('kept', (qb) => qb.selectFrom('t').select('id'))
      .selectFrom('kept')
      .select('id');
    expect(isSharedRead(reads.compile())).toBe(true);
    const writes = db
      .with('gone', (qb) => qb.deleteFrom('t').returning('id'))
      .selectFrom('gone')
      .select('id');
    expect(isSharedRead(writes.compile())).toBe(false);
  });
});
