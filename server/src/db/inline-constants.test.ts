import { describe, expect, it } from 'vitest';
import { inlineConstants, literalOf } from './inline-constants.js';

const ARG = '\u0000arg\u0000userId\u0000';
const isArgument = (p: unknown) => p === ARG;

describe('inlineConstants', () => {
  it('writes constants into the text and renumbers the arguments left', () => {
    const out = inlineConstants(
      'select 1 from likes where user_id = $1 and target_type = $2 and hidden = $3 and owner = $4 limit $5',
      [ARG, 'Video', 0, ARG, 61],
      isArgument,
    );
    expect(out.sql).toBe(
      "select 1 from likes where user_id = $1 and target_type = 'Video' and hidden = 0 and owner = $2 limit 61",
    );
    expect(out.parameters).toEqual([ARG, ARG]);
  });

  it('keeps as parameters what could change the meaning of the text', () => {
    const values = ["it's", 'a;b', '%canyon%', 1.5, 2 ** 60, null, true, ['a'], 'x'.repeat(65)];
    const sql = values.map((_, i) => `$${i + 1}`).join(', ');
    const out = inlineConstants(sql, values, isArgument);
    expect(out.sql).toBe(sql);
    expect(out.parameters).toEqual(values);
  });

  it('writes a negative integer in parentheses', () => {
    expect(inlineConstants('select a - $1', [-3], isArgument).sql).toBe('select a - (-3)');
  });

  it('leaves a text alone when its placeholders are not $1…$n in order', () => {
    for (const [sql, params] of [
      ['select $2, $1', ['a', 'b']],
      ['select $1', ['a', 'b']],
      ["select '$1' || $1", ['a']],
    ] as const) {
      const out = inlineConstants(sql, params, isArgument);
      expect(out).toEqual({ sql, parameters: params });
    }
  });

  it('does not take $10 for $1 followed by a digit', () => {
    const params = Array.from({ length: 10 }, (_, i) => (i === 9 ? 'ten' : ARG));
    const sql = params.map((_, i) => `$${i + 1}`).join(',');
    const out = inlineConstants(sql, params, isArgument);
    expect(out.sql).toBe(
      `${params
        .slice(0, 9)
        .map((_, i) => `$${i + 1}`)
        .join(',')},'ten'`,
    );
  });
});

describe('literalOf', () => {
  it('writes safe integers and plain strings only', () => {
    expect(literalOf(0)).toBe('0');
    expect(literalOf('public')).toBe("'public'");
    expect(literalOf('')).toBe("''");
    expect(literalOf("o'clock")).toBeUndefined();
    expect(literalOf('\\')).toBeUndefined();
    expect(literalOf(Number.NaN)).toBeUndefined();
    expect(literalOf(10n)).toBeUndefined();
  });
});
