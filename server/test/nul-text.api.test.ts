import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_REFUSED } from '../src/lib/nul-text.js';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { multipart, pngImage, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';

let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.server, 'nul');
  videoId = (await publishVideo(t, user.cookie))._id;
});
afterAll(async () => {
  await t.close();
});

function expectRefused(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, message: NUL_REFUSED });
}

describe('NUL characters are refused with 400 wherever text arrives', () => {
  it('in queries and paths', async () => {
    for (const url of [
      '/api/v1/videos/search?q=a%00b',
      '/api/v1/videos/search?q=%00',
      '/api/v1/videos/suggestions?q=abc%00',
      '/api/v1/videos/getallvideos?sortBy=%00',
      `/api/v1/videos/vid-id/${videoId}%00`,
      '/api/v1/users/c/name%00',
    ]) {
      expectRefused(await t.server.inject({ method: 'GET', url }));
    }
    // Percent signs that do not encode a NUL are ordinary text.
    const ok = await t.server.inject({ method: 'GET', url: '/api/v1/videos/search?q=100%2500' });
    expect(ok.statusCode).toBe(200);
  });

  it('in JSON bodies', async () => {
    const comment = await t.server.inject({
      method: 'POST',
      url: `/api/v1/comments/createcomments/u/${videoId}`,
      headers: { cookie: user.cookie },
      payload: { content: 'hello\u0000world' },
    });
    expect(comment.statusCode).toBe(400);
    const edit = await t.server.inject({
      method: 'PATCH',
      url: `/api/v1/videos/${videoId}`,
      headers: { cookie: user.cookie },
      payload: { title: 'fine\u0000title' },
    });
    expect(edit.statusCode).toBe(400);
    const login = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { username: 'a\u0000', password: 'whatever pass' },
    });
    expect(login.statusCode).toBe(400);
  });

  it('in multipart fields, leaving no temp file', async () => {
    const form = multipart({
      ...uniqueUser('nul'),
      fullName: 'Ann\u0000',
      avatar: await pngImage(),
    });
    expectRefused(
      await t.server.inject({ method: 'POST', url: '/api/v1/users/register', ...form }),
    );
    expect(await listFiles(path.join(t.dataDir, 'tmp'))).toEqual([]);
  });
});
