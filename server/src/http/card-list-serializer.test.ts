import { describe, expect, it } from 'vitest';
import { videoListSchema, videoSearchListSchema, videoSchema, type Video } from '@contract';
import { z } from 'zod';
import { keep, keptWith } from '../lib/kept-objects.js';
import {
  cardListSerializer,
  isCardList,
  splitAtData,
  splitAtViews,
} from './card-list-serializer.js';
import { compileSerializer } from './serializer.js';

function card(id: string, changes: Partial<Video> = {}): Video {
  return {
    _id: id,
    title: `Title ${id}`,
    description: 'A description with "quotes", a \\ backslash, é and 😀.',
    thumbnail: `/media/videos/${id}/thumbnail.webp`,
    videoFile: `/media/videos/${id}/video.mp4`,
    duration: 12.5,
    views: 3,
    createdAt: '2026-11-26T10:00:00.000Z',
    hashtag: '#one',
    isPublished: true,
    visibility: 'public',
    owner: { _id: 'owner1', username: 'owner', avatar: '/media/images/a.webp' },
    status: 'ready',
    playable: true,
    processingProgress: 100,
    processingError: null,
    hlsUrl: `/media/videos/${id}/hls/master.m3u8`,
    storyboardUrl: null,
    blockedReason: null,
    commentsMode: 'open',
    ...changes,
  };
}

function page(data: Video[]) {
  return {
    statusCode: 200,
    success: true as const,
    message: 'Videos found.',
    data,
    totalVideos: 120,
    totalPages: 2,
    currentPage: 1,
    nextCursor: 'abc',
  };
}

const whole = compileSerializer(videoListSchema);
const bytes = (out: string | Buffer) => (typeof out === 'string' ? Buffer.from(out) : out);

describe('card list serializer', () => {
  it('writes the very bytes the contract serializer writes, kept cards or not', () => {
    const write = cardListSerializer(videoListSchema, compileSerializer);
    const a = keep(card('a'));
    const value = page([
      a,
      keptWith(a, { views: 12345 }),
      card('b', { views: 0 }),
      keep(card('c')),
    ]);
    const out = write(value);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect(bytes(out).equals(Buffer.from(whole(value)))).toBe(true);
    // Again, from the JSON already written for the kept cards.
    expect(bytes(write(value)).equals(Buffer.from(whole(value)))).toBe(true);
  });

  it('writes each answer with the view count its list read, over the same kept card', () => {
    const write = cardListSerializer(videoListSchema, compileSerializer);
    const a = keep(card('a', { views: 1 }));
    write(page([a]));
    for (const views of [0, 7, 1_000_000]) {
      const value = page([keptWith(a, { views })]);
      expect(JSON.parse(bytes(write(value)).toString()).data[0].views).toBe(views);
      expect(bytes(write(value)).equals(Buffer.from(whole(value)))).toBe(true);
    }
  });

  it('leaves out undeclared fields, as the contract serializer does', () => {
    const write = cardListSerializer(videoListSchema, compileSerializer);
    const extra = keep({ ...card('a'), secret: 'owner only' } as Video);
    const out = bytes(write(page([extra]))).toString();
    expect(out).not.toContain('owner only');
    expect(out).toBe(whole(page([extra])));
  });

  it('answers an empty list, and extended list schemas, as the contract serializer does', () => {
    const write = cardListSerializer(videoListSchema, compileSerializer);
    expect(bytes(write(page([]))).toString()).toBe(whole(page([])));
    const search = cardListSerializer(videoSearchListSchema, compileSerializer);
    const value = { ...page([keep(card('s'))]), totalCapped: true };
    expect(bytes(search(value)).toString()).toBe(compileSerializer(videoSearchListSchema)(value));
  });

  it('falls back to the contract serializer for a view count that is not a whole number', () => {
    const write = cardListSerializer(videoListSchema, compileSerializer);
    const value = page([keptWith(keep(card('a')), { views: 2.5 })]);
    expect(bytes(write(value)).toString()).toBe(whole(value));
  });

  it('finds the view count only as a top-level key', () => {
    const json = JSON.stringify({ title: ',"views":1', views: 42, owner: { name: 'x' } });
    const split = splitAtViews(json)!;
    expect(`${split.head.toString()}42${split.tail.toString()}`).toBe(json);
    expect(split.head.toString().endsWith(',"views":')).toBe(true);
    expect(splitAtViews('{"a":1}')).toBeUndefined();
    expect(splitAtData('{"x":1,"data":[],"y":2}')!.head.toString()).toBe('{"x":1,"data":[');
  });

  it('applies to the schemas whose data is a list of video cards, and no others', () => {
    expect(isCardList(videoListSchema)).toBe(true);
    expect(isCardList(videoSearchListSchema)).toBe(true);
    expect(isCardList(z.object({ data: videoSchema }))).toBe(false);
    expect(isCardList(z.object({ data: z.array(videoSchema.extend({ x: z.string() })) }))).toBe(
      false,
    );
  });
});
