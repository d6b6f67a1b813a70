import { describe, expect, it } from 'vitest';
import { BatchedLookup, batchedLookups } from './batched-lookup.js';

interface Row {
  key: string;
  n: number;
}

/** A lookup over `table` that records the keys of each statement it is asked to send. */
function lookupOver(table: Row[], maxKeys?: number) {
  const sent: string[][] = [];
  let fail: Error | undefined;
  const lookup = new BatchedLookup<Row>(
    async (keys) => {
      sent.push(keys);
      if (fail) throw fail;
      return table.filter((r) => keys.includes(r.key));
    },
    (row) => row.key,
    maxKeys,
  );
  return {
    lookup,
    sent,
    failWith: (err: Error) => {
      fail = err;
    },
  };
}

const TABLE = [
  { key: 'a', n: 1 },
  { key: 'b', n: 2 },
  { key: 'c', n: 3 },
];

describe('BatchedLookup', () => {
  it('answers the keys asked in one turn with one statement, each its own row', async () => {
    const { lookup, sent } = lookupOver(TABLE);
    const before = batchedLookups();
    const answers = await Promise.all([lookup.get('a'), lookup.get('c'), lookup.get('b')]);
    expect(answers).toEqual([TABLE[0], TABLE[2], TABLE[1]]);
    expect(sent).toEqual([['a', 'c', 'b']]);
    expect(batchedLookups() - before).toBe(3);
  });

  it('answers undefined for a key the statement did not find', async () => {
    const { lookup, sent } = lookupOver(TABLE);
    expect(await Promise.all([lookup.get('a'), lookup.get('zz')])).toEqual([TABLE[0], undefined]);
    expect(sent).toEqual([['a', 'zz']]);
  });

  it('asks for a key once when it is looked up twice, and hands each caller its own copy', async () => {
    const { lookup, sent } = lookupOver(TABLE);
    const [first, second] = await Promise.all([lookup.get('b'), lookup.get('b')]);
    expect(sent).toEqual([['b']]);
    expect(first).toEqual(TABLE[1]);
    expect(second).toEqual(TABLE[1]);
    first!.n = 99;
    expect(second!.n).toBe(2);
    expect(TABLE[1]!.n).toBe(2);
  });

  it('sends a statement only for lookups asked before it, and a later turn gets its own', async () => {
    const { lookup, sent } = lookupOver(TABLE);
    const before = batchedLookups();
    expect(await lookup.get('a')).toEqual(TABLE[0]);
    expect(await lookup.get('b')).toEqual(TABLE[1]);
    expect(sent).toEqual([['a'], ['b']]);
    // A statement alone answers only its own lookup: nothing was batched.
    expect(batchedLookups() - before).toBe(0);
  });

  it('starts another statement once one holds as many keys as it may', async () => {
    const { lookup, sent } = lookupOver(TABLE, 2);
    const answers = await Promise.all(['a', 'b', 'c'].map((k) => lookup.get(k)));
    expect(answers).toEqual(TABLE);
    expect(sent).toEqual([['a', 'b'], ['c']]);
  });

  it('fails every lookup of a statement that fails, and the next turn tries again', async () => {
    const { lookup, sent, failWith } = lookupOver(TABLE);
    failWith(new Error('connection lost'));
    const results = await Promise.allSettled([lookup.get('a'), lookup.get('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results) {
      expect((r as PromiseRejectedResult).reason).toEqual(new Error('connection lost'));
    }
    failWith(undefined as unknown as Error);
    expect(await lookup.get('a')).toEqual(TABLE[0]);
    expect(sent).toEqual([['a', 'b'], ['a']]);
  });
});
