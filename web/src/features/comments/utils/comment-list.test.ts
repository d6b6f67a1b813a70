import type { Comment, Reply } from '@contract';
import { describe, expect, it } from 'vitest';
import { findComment, flattenPages, sortOwnFirst, updateComment } from './comment-list';

function reply(id: string, ownerId = 'u2'): Reply {
  return {
    _id: id,
    content: `reply ${id}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    owner: { _id: ownerId, username: ownerId, avatar: '' },
    likesCount: 0,
    isLikedByUser: false,
    isDislikedByUser: false,
    held: false,
    replies: [],
  };
}

function comment(id: string, ownerId: string, createdAt: string, replies: Reply[] = []): Comment {
  return { ...reply(id, ownerId), content: `comment ${id}`, createdAt, replies };
}

const a = comment('a', 'me', '2026-01-01T00:00:00.000Z');
const b = comment('b', 'other', '2026-01-03T00:00:00.000Z', [reply('b1'), reply('b2', 'me')]);
const c = comment('c', 'me', '2026-01-02T00:00:00.000Z');
const d = comment('d', 'other', '2026-01-04T00:00:00.000Z');

describe('flattenPages', () => {
  it('joins pages and drops repeats', () => {
    expect(flattenPages([{ data: [d, b] }, { data: [b, c] }]).map((x) => x._id)).toEqual([
      'd',
      'b',
      'c',
    ]);
  });
});

describe('sortOwnFirst', () => {
  it('puts the viewer’s comments first, each group newest first', () => {
    expect(sortOwnFirst([a, b, c, d], 'me').map((x) => x._id)).toEqual(['c', 'a', 'd', 'b']);
  });

  it('sorts newest first without a viewer and keeps the input as it was', () => {
    const input = [a, b, c, d];
    expect(sortOwnFirst(input, undefined).map((x) => x._id)).toEqual(['d', 'b', 'c', 'a']);
    expect(input.map((x) => x._id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('does not reorder replies', () => {
    expect(sortOwnFirst([b], 'me')[0]?.replies.map((r) => r._id)).toEqual(['b1', 'b2']);
  });
});

describe('updateComment', () => {
  it('changes a top-level comment only', () => {
    const list = [a, b];
    const next = updateComment(list, 'a', () => ({ likesCount: 5 }));
    expect(next[0]?.likesCount).toBe(5);
    expect(next[1]).toBe(b);
  });

  it('changes a reply inside its parent', () => {
    const next = updateComment([a, b], 'b2', (current) => ({
      likesCount: current.likesCount + 1,
    }));
    expect(next[1]?.replies[1]?.likesCount).toBe(1);
    expect(next[1]?.replies[0]).toBe(b.replies[0]);
    expect(next[0]).toBe(a);
  });

  it('returns the same list when the id is unknown', () => {
    const list = [a, b];
    expect(updateComment(list, 'zzz', () => ({ likesCount: 1 }))).toBe(list);
  });
});

describe('findComment', () => {
  it('finds comments and replies', () => {
    expect(findComment([a, b], 'b')?._id).toBe('b');
    expect(findComment([a, b], 'b1')?._id).toBe('b1');
    expect(findComment([a, b], 'nope')).toBeUndefined();
  });
});
