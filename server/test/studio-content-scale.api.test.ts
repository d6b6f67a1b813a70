import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { signedInUser } from './helpers/fixtures.js';
import { apiCall, type Method } from './helpers/api-client.js';
import { insertVideoRows, videoRow } from './helpers/factories.js';
import { newId } from '../src/lib/ids.js';

// How fast this is belongs to `npm run bench`; here only what it answers is checked.
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 2, 11, 12);

let t: TestApp;
const api = (method: Method, url: string, opts: { cookie?: string; payload?: unknown } = {}) =>
  apiCall(t, method, url, opts);

beforeAll(async () => {
  t = await createTestApp({}, { now: () => NOW });
});
afterAll(async () => {
  await t.close();
});

describe('GET /studio/videos at channel scale', () => {
  it('sorts and pages 1,000 videos by every field, with their counts', async () => {
    const prolific = await signedInUser(t.server, 'prolific');
    const owner = prolific.user._id;
    const base = NOW - 2000 * HOUR;
    const rows = Array.from({ length: 1000 }, (_, i) =>
      videoRow(owner, {
        title: `Video ${String(i).padStart(4, '0')}`,
        hashtag: '#bulk',
        duration: 30,
        views: (i * 37) % 1000,
        created_at: base + i * HOUR,
      }),
    );
    await insertVideoRows(t, rows);
    // Video i gets i % 7 likes (from up to 6 distinct users) and i % 5 comments.
    const likers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signedInUser(t.server, `liker${i}`)),
    );
    const likes = rows.flatMap((r, i) =>
      likers.slice(0, i % 7).map((u) => ({
        user_id: u.user._id,
        target_type: 'Video' as const,
        target_id: r.id,
        kind: 'like' as const,
        created_at: NOW,
      })),
    );
    for (let i = 0; i < likes.length; i += 500) {
      await t.database.db
        .insertInto('likes')
        .values(likes.slice(i, i + 500))
        .execute();
    }
    const comments = rows.flatMap((r, i) =>
      Array.from({ length: i % 5 }, () => ({
        id: newId(NOW),
        video_id: r.id,
        owner_id: likers[0]!.user._id,
        parent_id: null,
        content: 'bulk comment',
        created_at: NOW,
        updated_at: NOW,
      })),
    );
    for (let i = 0; i < comments.length; i += 300) {
      await t.database.db
        .insertInto('comments')
        .values(comments.slice(i, i + 300))
        .execute();
    }

    for (const sortBy of ['createdAt', 'views', 'title', 'likes', 'comments']) {
      const r = await api('GET', `/studio/videos?sortBy=${sortBy}&limit=100&page=3`, {
        cookie: prolific.cookie,
      });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body).toMatchObject({ totalVideos: 1000, totalPages: 10, currentPage: 3 });
      expect(body.data).toHaveLength(100);
    }
    const top = (
      await api('GET', '/studio/videos?sortBy=likes&limit=1', { cookie: prolific.cookie })
    ).json().data[0];
    // Indexes 6, 13, … 993 have 6 likes; the newest of them comes first on a tie.
    expect(top).toMatchObject({ title: 'Video 0993', likesCount: 6, commentsCount: 993 % 5 });
    const most = (
      await api('GET', '/studio/videos?sortBy=comments&limit=1', { cookie: prolific.cookie })
    ).json().data[0];
    expect(most).toMatchObject({ title: 'Video 0999', commentsCount: 4, likesCount: 999 % 7 });
  });
});
