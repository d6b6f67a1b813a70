import { describe, expect, it } from 'vitest';
import { isCommentSubmittable } from './comment-rules';

describe('isCommentSubmittable', () => {
  it('needs four characters after trimming', () => {
    expect(isCommentSubmittable('abc')).toBe(false);
    expect(isCommentSubmittable('   abc   ')).toBe(false);
    expect(isCommentSubmittable('abcd')).toBe(true);
    expect(isCommentSubmittable('  ab cd ')).toBe(true);
  });

  it('refuses empty and whitespace-only text', () => {
    expect(isCommentSubmittable('')).toBe(false);
    expect(isCommentSubmittable('\n\t    \n')).toBe(false);
  });

  it('allows at most 5000 characters', () => {
    expect(isCommentSubmittable('x'.repeat(5000))).toBe(true);
    expect(isCommentSubmittable('x'.repeat(5001))).toBe(false);
    expect(isCommentSubmittable(` ${'x'.repeat(5000)} `)).toBe(true);
  });
});
