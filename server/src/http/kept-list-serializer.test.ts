import { describe, expect, it } from 'vitest';
import { commentListSchema, videoListSchema, type Comment } from '@contract';
import { z } from 'zod';
import { keep } from '../lib/kept-objects.js';
import { isList, keptListSerializer } from './kept-list-serializer.js';
import { compileSerializer } from './serializer.js';

function comment(id: string, replies: Comment['replies'] = []): Comment {
  return {
    _id: id,
    content: `Says "${id}", with a \\ backslash, é and 😀.`,
    createdAt: '2026-11-26T10:00:00.000Z',
    owner: { _id: 'owner1', username: 'owner', avatar: '/media/images/a.webp' },
    likesCount: 2,
    isLikedByUser: false,
    isDislikedByUser: false,
    held: false,
    replies,
  };
}

function answer(data: Comment[], currentPage = 1, nextCursor: string | null = 'abc') {
  return {
    statusCode: 200,
    success: true as const,
    message: 'Comments found.',
    data,
    totalComments: 7,
    totalPages: 3,
    currentPage,
    nextCursor,
  };
}

/** The serializer, and how many times it wrote a `data` array itself. */
function counted() {
  let lists = 0;
  const serialize = keptListSerializer(commentListSchema, (schema) => {
    const compiled = compileSerializer(schema);
    if (schema === commentListSchema.shape.data) {
      return (value) => {
        lists += 1;
        return compiled(value);
      };
    }
    return compiled;
  });
  return { serialize, lists: () => lists };
}

const whole = compileSerializer(commentListSchema);
const text = (out: string | Buffer) => (typeof out === 'string' ? out : out.toString('utf8'));
const reply = (id: string) => ({ ...comment(id), replies: [] as never[] });

describe('keptListSerializer', () => {
  it('writes a kept array once and answers exactly what the whole serializer writes', () => {
    const { serialize, lists } = counted();
    const data = keep([comment('c1', [reply('r1'), reply('r2')]), comment('c2')]);
    const first = answer(data, 1, 'abc');
    const second = answer(data, 2, null);
    expect(text(serialize(first))).toBe(whole(first));
    expect(text(serialize(second))).toBe(whole(second));
    expect(text(serialize(first))).toBe(whole(first));
    expect(lists()).toBe(1);
    expect(JSON.parse(text(serialize(second)))).toEqual(second);
  });

  it('answers the same bytes again for the same envelope around the same array', () => {
    const { serialize, lists } = counted();
    const data = keep([comment('c1', [reply('r1')]), comment('c2')]);
    const first = serialize(answer(data, 1, 'abc'));
    expect(serialize(answer(data, 1, 'abc'))).toBe(first);
    // Another envelope is written afresh around the same array's JSON, and is then the one kept.
    const second = serialize(answer(data, 2, null));
    expect(second).not.toBe(first);
    expect(text(second)).toBe(whole(answer(data, 2, null)));
    expect(serialize(answer(data, 2, null))).toBe(second);
    expect(text(serialize(answer(data, 1, 'abc')))).toBe(whole(answer(data, 1, 'abc')));
    // An answer already handed out is never written over.
    expect(text(first)).toBe(whole(answer(data, 1, 'abc')));
    expect(text(second)).toBe(whole(answer(data, 2, null)));
    expect(lists()).toBe(1);
  });

  it('writes an array that is not kept whole every time', () => {
    const { serialize, lists } = counted();
    const data = [comment('c1'), comment('c2', [reply('r1')])];
    expect(text(serialize(answer(data)))).toBe(whole(answer(data)));
    data[0] = comment('c3');
    expect(text(serialize(answer(data)))).toBe(whole(answer(data)));
    expect(lists()).toBe(0);
  });

  it('keeps each kept array’s own JSON', () => {
    const { serialize, lists } = counted();
    const one = keep([comment('one')]);
    const two = keep([comment('two')]);
    expect(text(serialize(answer(one)))).toBe(whole(answer(one)));
    expect(text(serialize(answer(two)))).toBe(whole(answer(two)));
    expect(text(serialize(answer(one)))).toBe(whole(answer(one)));
    expect(lists()).toBe(2);
  });

  it('writes an empty page whole', () => {
    const { serialize } = counted();
    const empty = keep([] as Comment[]);
    expect(text(serialize(answer(empty, 4, null)))).toBe(whole(answer(empty, 4, null)));
  });

  it('is chosen for objects whose data is an array', () => {
    expect(isList(commentListSchema)).toBe(true);
    expect(isList(videoListSchema)).toBe(true);
    expect(isList(z.object({ data: z.object({ a: z.string() }) }))).toBe(false);
    expect(isList(z.array(z.string()))).toBe(false);
  });
});
