import { describe, expect, it } from 'vitest';
import { insertAtCaret } from './insert-at-caret';

describe('insertAtCaret', () => {
  it('inserts at the caret and moves the caret past the emoji', () => {
    expect(insertAtCaret('Hello world', 5, 5, '😀')).toEqual({ text: 'Hello😀 world', caret: 7 });
  });

  it('replaces a selection', () => {
    expect(insertAtCaret('Hello world', 6, 11, '🌍')).toEqual({ text: 'Hello 🌍', caret: 8 });
  });

  it('clamps positions outside the text and accepts a reversed selection', () => {
    expect(insertAtCaret('abc', 99, 99, '!')).toEqual({ text: 'abc!', caret: 4 });
    expect(insertAtCaret('abcd', 3, 1, '-')).toEqual({ text: 'a-d', caret: 2 });
    expect(insertAtCaret('abc', -4, -1, '>')).toEqual({ text: '>abc', caret: 1 });
  });

  it('refuses an insertion that would pass the maximum length', () => {
    expect(insertAtCaret('abcd', 4, 4, '😀', 5)).toBeNull();
    expect(insertAtCaret('abc', 3, 3, '😀', 5)).toEqual({ text: 'abc😀', caret: 5 });
  });
});
