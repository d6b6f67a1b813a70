import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshVideoLists } from './video-lists';

describe('refreshVideoLists', () => {
  it('marks every list that shows videos stale, and nothing else', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const keys = [
      ['videos', 'list', { page: 1, limit: 24 }],
      ['videos', 'list', 'channel', 'u1'],
      ['videos', 'search', 'cats'],
      ['videos', 'detail', 'v1'],
      ['liked-videos'],
      ['subscriptions', 'videos'],
      ['channel', 'pixelgarden'],
      ['studio', 'videos', { page: 1 }],
      ['studio', 'dashboard'],
    ];
    for (const key of keys) client.setQueryData(key, { data: [] });
    client.setQueryData(['subscriptions', 'channels', 'u1'], []);
    client.setQueryData(['auth', 'providers'], []);
    await refreshVideoLists(client);
    for (const key of keys) {
      expect(client.getQueryState(key)?.isInvalidated, JSON.stringify(key)).toBe(true);
    }
    expect(client.getQueryState(['subscriptions', 'channels', 'u1'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['auth', 'providers'])?.isInvalidated).toBe(false);
  });
});
