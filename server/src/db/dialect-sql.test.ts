import { describe, expect, it } from 'vitest';
import { escapeLike, ftsPhrase } from './dialect-sql.js';

describe('escapeLike', () => {
  it('makes LIKE wildcards and the escape character literal', () => {
    expect(escapeLike('100%')).toBe('100\\%');
    expect(escapeLike('a_b')).toBe('a\\_b');
    expect(escapeLike('back\\slash')).toBe('back\\\\slash');
    expect(escapeLike('plain text')).toBe('plain text');
  });
});

describe('ftsPhrase', () => {
  it('quotes the text as one phrase, doubling inner quotes', () => {
    expect(ftsPhrase('banana')).toBe('"banana"');
    expect(ftsPhrase('say "hi" OR x')).toBe('"say ""hi"" OR x"');
  });
});
