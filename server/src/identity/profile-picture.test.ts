import { describe, expect, it } from 'vitest';
import { fetchProfilePicture, isFetchablePictureUrl } from './profile-picture.js';

describe('isFetchablePictureUrl', () => {
  it('allows https to a named host', () => {
    expect(isFetchablePictureUrl('https://lh3.googleusercontent.com/a/abc=s96-c')).toBe(true);
    expect(isFetchablePictureUrl('https://cdn.example.com:443/p.png')).toBe(true);
  });
  it('refuses http, IP literals, local names, odd ports and credentials', () => {
    for (const url of [
      'http://lh3.googleusercontent.com/a/abc',
      'https://127.0.0.1/p.png',
      'https://[::1]/p.png',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/p.png',
      'https://db.localhost/p.png',
      'https://intranet/p.png',
      'https://cdn.example.com:8443/p.png',
      'https://user:pw@cdn.example.com/p.png',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(isFetchablePictureUrl(url), url).toBe(false);
    }
  });
});

function fakeFetch(body: Uint8Array[], init: { status?: number; length?: string } = {}) {
  const calls: RequestInit[] = [];
  const fn = (async (_url: string, options: RequestInit) => {
    calls.push(options);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of body) controller.enqueue(chunk);
        controller.close();
      },
    });
    const headers = new Headers(init.length ? { 'content-length': init.length } : {});
    return new Response(stream, { status: init.status ?? 200, headers });
  }) as unknown as typeof fetch;
  return { fn, calls };
}

describe('fetchProfilePicture', () => {
  const url = 'https://lh3.googleusercontent.com/a/abc';

  it('answers the bytes, without following redirects and under a timeout', async () => {
    const { fn, calls } = fakeFetch([new Uint8Array([1, 2]), new Uint8Array([3])]);
    const bytes = await fetchProfilePicture(url, { fetch: fn });
    expect([...bytes]).toEqual([1, 2, 3]);
    expect(calls[0]!.redirect).toBe('error');
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
  });
  it('stops at the size cap, declared or streamed', async () => {
    const declared = fakeFetch([new Uint8Array(10)], { length: '999999' });
    await expect(fetchProfilePicture(url, { fetch: declared.fn, maxBytes: 100 })).rejects.toThrow(
      /too large/,
    );
    const streamed = fakeFetch([new Uint8Array(60), new Uint8Array(60)]);
    await expect(fetchProfilePicture(url, { fetch: streamed.fn, maxBytes: 100 })).rejects.toThrow(
      /too large/,
    );
  });
  it('refuses non-200 answers and URLs it may not fetch, without fetching them', async () => {
    const notFound = fakeFetch([], { status: 404 });
    await expect(fetchProfilePicture(url, { fetch: notFound.fn })).rejects.toThrow(/404/);
    const never = fakeFetch([]);
    await expect(fetchProfilePicture('http://x.example/p', { fetch: never.fn })).rejects.toThrow(
      /not allowed/,
    );
    expect(never.calls).toHaveLength(0);
  });
});
