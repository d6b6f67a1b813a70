import { expect } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';
import { createUser, type SignedIn } from './factories.js';
import { apiCall, type Method } from './api-client.js';

/**
 * The setup the playlist suites share: an app on a fresh database with a playlist owner,
 * someone else, and a creator whose videos go into the playlists.
 */
export interface PlaylistPeople {
  t: TestApp;
  owner: SignedIn;
  other: SignedIn;
  creator: SignedIn;
}

export async function playlistPeople(): Promise<PlaylistPeople> {
  const t = await createTestApp();
  const owner = await createUser(t, { prefix: 'listowner' });
  const other = await createUser(t, { prefix: 'other' });
  const creator = await createUser(t, { prefix: 'creator' });
  return { t, owner, other, creator };
}

type Opts = { cookie?: string; payload?: unknown };

/**
 * The calls the playlist suites make, against the app `app()` answers (read at call time,
 * since each suite builds its app in beforeAll). `createPlaylist` sends exactly `body`, so a
 * test that leaves out the visibility gets the server's default.
 */
export function playlistCalls(app: () => TestApp) {
  const api = (method: Method, url: string, opts: Opts = {}) => apiCall(app(), method, url, opts);

  async function createPlaylist(
    cookie: string,
    body: Record<string, unknown> = { title: 'Road trip', visibility: 'public' },
  ): Promise<string> {
    const res = await api('POST', '/playlists', { cookie, payload: body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id;
  }

  const add = (id: string, videoId: string, cookie: string) =>
    api('POST', `/playlists/${id}/videos`, { cookie, payload: { videoId } });

  return { api, createPlaylist, add };
}

export const titles = (videos: { title: string }[]) => videos.map((v) => v.title);
