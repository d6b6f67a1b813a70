import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollUnread } from './unread-count';

function answer(status: number, body: unknown, etag?: string): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...(etag ? { etag } : {}) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('pollUnread', () => {
  it('reads the count and its ETag, then asks with it and keeps the same state on a 304', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(answer(200, { data: { unread: 3 } }, '"unread-3"'))
      .mockResolvedValueOnce(answer(304, null));
    vi.stubGlobal('fetch', fetchMock);
    const first = await pollUnread(undefined);
    expect(first).toEqual({ unread: 3, etag: '"unread-3"' });
    expect(fetchMock.mock.calls[0]![1].headers).not.toHaveProperty('If-None-Match');
    const second = await pollUnread(first);
    expect(second).toBe(first);
    expect(fetchMock.mock.calls[1]![1].headers['If-None-Match']).toBe('"unread-3"');
  });

  it('takes a changed count, and turns a refusal into the API error', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValueOnce(answer(200, { data: { unread: 5 } }, '"unread-5"'))
        .mockResolvedValueOnce(answer(401, { message: 'Sign in to continue.', errors: [] })),
    );
    expect(await pollUnread({ unread: 3, etag: '"unread-3"' })).toEqual({
      unread: 5,
      etag: '"unread-5"',
    });
    await expect(pollUnread(undefined)).rejects.toMatchObject({ status: 401 });
  });
});
