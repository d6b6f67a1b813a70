import { describe, expect, it } from 'vitest';
import { removeById, sortNewestFirst, withoutVideo } from './video-list';

const a = { _id: 'a', createdAt: '2026-01-01T00:00:00Z' };
const b = { _id: 'b', createdAt: '2026-03-01T00:00:00Z' };
const c = { _id: 'c', createdAt: '2026-02-01T00:00:00Z' };

describe('sortNewestFirst', () => {
  it('orders by createdAt descending without touching the input', () => {
    const input = [a, b, c];
    expect(sortNewestFirst(input).map((v) => v._id)).toEqual(['b', 'c', 'a']);
    expect(input.map((v) => v._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('removeById', () => {
  it('drops only the matching video', () => {
    expect(removeById([a, b, c], 'b')).toEqual([a, c]);
    expect(removeById([a], 'zzz')).toEqual([a]);
  });
});

describe('withoutVideo', () => {
  it('shrinks the totals with the list', () => {
    const list = { data: [a, b, c], totalVideos: 21, totalPages: 2, currentPage: 1 };
    expect(withoutVideo(list, 'a', 20)).toEqual({
      data: [b, c],
      totalVideos: 20,
      totalPages: 1,
      currentPage: 1,
    });
  });
  it('leaves the list alone when the video is not on it', () => {
    const list = { data: [a], totalVideos: 1, totalPages: 1 };
    expect(withoutVideo(list, 'x', 20)).toBe(list);
  });
  it('keeps one page when the last video goes', () => {
    expect(withoutVideo({ data: [a], totalVideos: 1, totalPages: 1 }, 'a', 20).totalPages).toBe(1);
  });
});
