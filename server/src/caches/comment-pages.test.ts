import { describe, expect, it } from 'vitest';
import { CommentPages, type CommentPageRows } from './comment-pages.js';

/** A comments repository that answers pages of `size` rows and counts how often it is read. */
function fakeComments(size: number) {
  const reads: string[] = [];
  const comments = {
    async page(videoId: string, limit: number, offset: number): Promise<CommentPageRows> {
      reads.push(`${videoId}:${limit}:${offset}`);
      const row = { id: `${videoId}-${reads.length}` } as CommentPageRows['rows'][number];
      return {
        rows: Array.from({ length: size }, () => row),
        replies: [],
        topLevel: size,
        all: size,
      };
    },
  };
  return { comments, reads };
}

const video = (id: string, comments_version = 0) => ({ id, comments_version });

describe('CommentPages', () => {
  it('reads a page once while its video’s version stays the same', async () => {
    const { comments, reads } = fakeComments(3);
    const pages = new CommentPages(comments);
    const first = await pages.get(video('a'), 20, 0);
    expect(await pages.get(video('a'), 20, 0)).toBe(first);
    expect(reads).toEqual(['a:21:0']);
    await pages.get(video('a'), 20, 20);
    await pages.get(video('a'), 10, 0);
    expect(reads).toHaveLength(3);
  });

  it('says which page is kept at exactly a version, without reading', async () => {
    const { comments, reads } = fakeComments(3);
    const pages = new CommentPages(comments);
    expect(pages.kept(video('a', 1), 20, 0)).toBeUndefined();
    const read = await pages.get(video('a', 1), 20, 0);
    expect(pages.kept(video('a', 1), 20, 0)).toBe(read);
    expect(pages.kept(video('a', 2), 20, 0)).toBeUndefined();
    expect(pages.kept(video('a', 1), 20, 20)).toBeUndefined();
    expect(pages.kept(video('a', 1), 20, 0, { key: 5, id: 'x' })).toBeUndefined();
    expect(reads).toEqual(['a:21:0']);
  });

  it('reads again once the version moves, and keeps the new page', async () => {
    const { comments, reads } = fakeComments(3);
    const pages = new CommentPages(comments);
    const old = await pages.get(video('a', 1), 20, 0);
    const fresh = await pages.get(video('a', 2), 20, 0);
    expect(fresh).not.toBe(old);
    expect(await pages.get(video('a', 2), 20, 0)).toBe(fresh);
    expect(reads).toHaveLength(2);
  });

  it('holds at most its budget of rows, dropping pages not read lately first', async () => {
    const { comments, reads } = fakeComments(4);
    // Each page holds 5 rows (4 and its counts): two fit in 10.
    const pages = new CommentPages(comments, 10);
    await pages.get(video('a'), 20, 0);
    await pages.get(video('b'), 20, 0);
    await pages.get(video('a'), 20, 0);
    await pages.get(video('c'), 20, 0);
    expect(reads).toEqual(['a:21:0', 'b:21:0', 'c:21:0']);
    await pages.get(video('a'), 20, 0);
    expect(reads).toHaveLength(3);
    await pages.get(video('b'), 20, 0);
    expect(reads).toHaveLength(4);
  });

  it('keeps no page larger than its whole budget', async () => {
    const { comments, reads } = fakeComments(50);
    const pages = new CommentPages(comments, 10);
    await pages.get(video('a'), 100, 0);
    await pages.get(video('a'), 100, 0);
    expect(reads).toHaveLength(2);
  });

  it('shows the limit with only its replies, and says where the next page starts', async () => {
    type Row = CommentPageRows['rows'][number];
    const row = (id: string, created_at: number, parent_id: string | null = null) =>
      ({ id, created_at, parent_id }) as Row;
    const after: unknown[] = [];
    const comments = {
      async page(_video: string, limit: number, _offset: number, from?: unknown) {
        after.push(from);
        return {
          rows: [row('c3', 30), row('c2', 20), row('c1', 10)].slice(0, limit),
          replies: [row('r1', 31, 'c3'), row('r2', 11, 'c1')],
          topLevel: 3,
          all: 5,
        };
      },
    };
    const pages = new CommentPages(comments);
    const page = await pages.get(video('a'), 2, 0);
    expect(page.rows.map((r) => r.id)).toEqual(['c3', 'c2']);
    expect(page.replies.map((r) => r.id)).toEqual(['r1']);
    expect(page.next).toEqual({ key: 20, id: 'c2' });
    expect((await pages.get(video('a'), 3, 0)).next).toBeNull();
    // A page after a comment is its own entry, read with that position.
    await pages.get(video('a'), 2, 0, { key: 20, id: 'c2' });
    expect(after).toEqual([undefined, undefined, { key: 20, id: 'c2' }]);
  });
});
