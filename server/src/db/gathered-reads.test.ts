import { describe, expect, it } from 'vitest';
import {
  compiledRead as read,
  heldStatements,
  nextTurn,
} from '../../test/helpers/held-statements.js';
import { GatheredReads, LONE_GATHERINGS } from './gathered-reads.js';

function harness() {
  const { sent, run } = heldStatements();
  return { sent, reads: new GatheredReads(run) };
}

/** Makes `sql` a crowded statement: asked three times in one turn, the last two gathered. */
async function crowd(h: ReturnType<typeof harness>, sql: string) {
  const asked = [1, 2, 3].map(() => h.reads.run(read(sql)));
  await nextTurn();
  for (const s of h.sent.splice(0)) s.answer([]);
  await Promise.all(asked);
}

describe('GatheredReads', () => {
  it('runs a lone read at once and answers its rows', async () => {
    const { sent, reads } = harness();
    const answer = reads.run(read('select 1', [1]));
    expect(sent).toHaveLength(1);
    sent[0]!.answer([{ n: 1 }]);
    expect((await answer).rows).toEqual([{ n: 1 }]);
    expect(reads.shared).toBe(0);
  });

  it('runs a read asked once per turn at once, turn after turn', async () => {
    const { sent, reads } = harness();
    for (let turn = 0; turn < 4; turn += 1) {
      void reads.run(read('select v', ['a']));
      expect(sent).toHaveLength(turn + 1);
      await nextTurn();
    }
    expect(reads.shared).toBe(0);
  });

  it('gathers the reads asked after the first in one turn into one statement run at its end', async () => {
    const { sent, reads } = harness();
    const first = reads.run<{ v: string }>(read('select v', ['a']));
    expect(sent).toHaveLength(1);
    // Asked after the first statement ran: they may not take its answer (a write their callers
    // saw committed could be missing from it), so they wait for one of their own.
    const later = [1, 2, 3].map(() => reads.run<{ v: string }>(read('select v', ['a'])));
    expect(sent).toHaveLength(1);
    sent[0]!.answer([{ v: 'first' }]);
    expect((await first).rows).toEqual([{ v: 'first' }]);
    await nextTurn();
    expect(sent).toHaveLength(2);
    sent[1]!.answer([{ v: 'gathered' }]);
    for (const answer of later) expect((await answer).rows).toEqual([{ v: 'gathered' }]);
    expect(reads.shared).toBe(2);
  });

  it('gathers a crowded statement from its first read of a turn', async () => {
    const h = harness();
    await crowd(h, 'select hot');
    const reads = [1, 2, 3, 4].map(() => h.reads.run(read('select hot')));
    expect(h.sent).toHaveLength(0);
    await nextTurn();
    expect(h.sent).toHaveLength(1);
    h.sent[0]!.answer([{ v: 1 }]);
    for (const answer of reads) expect((await answer).rows).toEqual([{ v: 1 }]);
  });

  it('never lets a read join a statement already run: it gathers into the next', async () => {
    const h = harness();
    await crowd(h, 'select hot');
    const early = h.reads.run(read('select hot'));
    await nextTurn();
    expect(h.sent).toHaveLength(1);
    // The statement has run (its answer is on its way): a read asked now waits for another.
    const late = h.reads.run(read('select hot'));
    h.sent[0]!.answer([{ v: 'early' }]);
    expect((await early).rows).toEqual([{ v: 'early' }]);
    expect(h.sent).toHaveLength(1);
    await nextTurn();
    expect(h.sent).toHaveLength(2);
    h.sent[1]!.answer([{ v: 'late' }]);
    expect((await late).rows).toEqual([{ v: 'late' }]);
  });

  it('gives each read rows of its own, the first too', async () => {
    const h = harness();
    await crowd(h, 'select hot');
    const reads = [1, 2, 3].map(() => h.reads.run<{ v: string }>(read('select hot')));
    await nextTurn();
    h.sent[0]!.answer([{ v: 'x' }]);
    const [a, b, c] = await Promise.all(reads);
    a!.rows[0]!.v = 'changed';
    expect(b!.rows).toEqual([{ v: 'x' }]);
    expect(c!.rows).toEqual([{ v: 'x' }]);
  });

  it('does not gather different texts or different values together', async () => {
    const h = harness();
    for (const sql of ['select v', 'select w']) await crowd(h, sql);
    const shared = h.reads.shared;
    void h.reads.run(read('select v'));
    void h.reads.run(read('select w'));
    void h.reads.run(read('select v', ['a']));
    void h.reads.run(read('select v', ['b']));
    await nextTurn();
    expect(h.sent.map((s) => [s.query.sql, s.query.parameters])).toEqual(
      expect.arrayContaining([
        ['select v', []],
        ['select w', []],
        ['select v', ['a']],
        ['select v', ['b']],
      ]),
    );
    expect(h.sent).toHaveLength(4);
    expect(h.reads.shared).toBe(shared);
  });

  it('runs a read with a value it cannot compare on its own, every time', async () => {
    const { sent, reads } = harness();
    const at = new Date(0);
    void reads.run(read('select v', [at]));
    void reads.run(read('select v', [at]));
    void reads.run(read('select v', [Buffer.from('x')]));
    void reads.run(read('select v', [Buffer.from('x')]));
    expect(sent).toHaveLength(4);
  });

  it('fails every read of a failed statement, and the next one runs anew', async () => {
    const h = harness();
    await crowd(h, 'select hot');
    const reads = [1, 2].map(() => h.reads.run(read('select hot')));
    await nextTurn();
    h.sent[0]!.fail(new Error('disk I/O error'));
    for (const answer of reads) await expect(answer).rejects.toThrow('disk I/O error');
    const again = h.reads.run(read('select hot'));
    await nextTurn();
    h.sent[1]!.answer([{ v: 'back' }]);
    expect((await again).rows).toEqual([{ v: 'back' }]);
  });

  it(`runs a statement at once again after ${LONE_GATHERINGS} gatherings of a single read`, async () => {
    const h = harness();
    await crowd(h, 'select hot');
    for (let i = 0; i < LONE_GATHERINGS; i += 1) {
      const lone = h.reads.run(read('select hot'));
      expect(h.sent).toHaveLength(0);
      await nextTurn();
      h.sent.splice(0)[0]!.answer([]);
      await lone;
    }
    void h.reads.run(read('select hot'));
    expect(h.sent).toHaveLength(1);
  });
});
