import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { catalogueStatements } from './catalogue-statements.js';
import type { DatabaseHandle } from './database.js';
import { withStablePlan } from './stable-plan.js';

/**
 * The tables and indexes a plan reads, without the subqueries that hold values; sorted, since
 * with no value to weigh the planner may order two single-row lookups either way.
 */
async function planOf(
  handle: DatabaseHandle,
  text: string,
  parameters: readonly unknown[],
): Promise<string[]> {
  // `explain` statements are not rewritten by the statement cache: the text is planned as given.
  const { rows } = await handle.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
  );
  return rows
    .map((r) => r.detail)
    .filter((d) => /^(SEARCH|SCAN) (?!CONSTANT ROW)/.test(d))
    .sort();
}

describe('stable plans of the repositories’ own reads', () => {
  it('read through the same indexes as the same statements with their values showing', async () => {
    // A constant a partial index's condition names must be in the text (`sql.lit`), or the
    // index is not chosen: this test lists each statement that lost an index that way.
    const { handle, sent } = await catalogueStatements();
    try {
      const reads = sent.filter((s) => withStablePlan(s.text) !== s.text);
      // The catalogue calls every repository method: most reads have a placeholder.
      expect(reads.length).toBeGreaterThan(100);
      const differing: string[] = [];
      for (const { text, parameters } of reads) {
        const stable = await planOf(handle, withStablePlan(text), parameters);
        const peeked = await planOf(handle, text, parameters);
        if (stable.join('\n') !== peeked.join('\n')) {
          differing.push(
            `${text}\n  stable: ${stable.join(' | ')}\n  peeked: ${peeked.join(' | ')}`,
          );
        }
      }
      expect(differing).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
