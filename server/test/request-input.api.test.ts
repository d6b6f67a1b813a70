import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TYPE_MESSAGES } from '../src/http/body-types.js';
import { ILL_FORMED_REFUSED } from '../src/lib/well-formed-text.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { multipart, pngImage, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { publishVideo } from './helpers/media.js';

/**
 * What a request carries is refused at the door when it cannot be what the route takes: text
 * that is not well-formed Unicode, and a body of the wrong type or none at all. The original
 * client's own calls (JSON, and multipart for sign-up, avatar and upload) go on working.
 */
let t: TestApp;
let user: Awaited<ReturnType<typeof signedInUser>>;
let videoId: string;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.server, 'input');
  videoId = (await publishVideo(t, user.cookie))._id;
});
afterAll(async () => {
  await t.close();
});

type Answer = { statusCode: number; json(): { message?: string } & Record<string, unknown> };

function json(method: 'POST' | 'PATCH', url: string, payload: string, cookie = user.cookie) {
  return t.server.inject({
    method,
    url,
    headers: { cookie, 'content-type': 'application/json' },
    payload,
  });
}

/** A multipart body with the signed-in user's cookie. */
function signedForm(fields: Parameters<typeof multipart>[0]) {
  const form = multipart(fields);
  return { payload: form.payload, headers: { ...form.headers, cookie: user.cookie } };
}

function expectIllFormed(res: Answer) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, message: ILL_FORMED_REFUSED });
}

async function sessionUser() {
  const res = await t.server.inject({
    method: 'GET',
    url: '/api/v1/users/check-session',
    headers: { cookie: user.cookie },
  });
  return res.json().user as { fullName: string };
}

describe('a lone surrogate is refused with 400 and nothing is stored', () => {
  it('in the profile, which keeps its name', async () => {
    const before = (await sessionUser()).fullName;
    expectIllFormed(await json('PATCH', '/api/v1/users/me', '{"fullName":"Bob \\ud800 X"}'));
    expect((await sessionUser()).fullName).toBe(before);
    // Paired surrogates are ordinary text (an emoji), saved as sent.
    const ok = await json('PATCH', '/api/v1/users/me', '{"fullName":"Bob \\ud83d\\ude00 X"}');
    expect(ok.statusCode).toBe(200);
    expect((await sessionUser()).fullName).toBe('Bob \u{1f600} X');
  });

  it('in comments, video edits and playlists', async () => {
    expectIllFormed(
      await json(
        'POST',
        `/api/v1/comments/createcomments/u/${videoId}`,
        '{"content":"hi \\udc00"}',
      ),
    );
    const comments = await t.server.inject({
      method: 'GET',
      url: `/api/v1/comments/getvideocomments/u/${videoId}`,
    });
    expect(comments.json().totalComments).toBe(0);
    expectIllFormed(await json('PATCH', `/api/v1/videos/${videoId}`, '{"title":"T \\ud800"}'));
    expectIllFormed(
      await json('PATCH', `/api/v1/videos/${videoId}`, '{"description":"end \\ud83d"}'),
    );
    expectIllFormed(await json('POST', '/api/v1/playlists', '{"title":"\\udfff Zebra"}'));
    const lists = await t.server.inject({
      method: 'GET',
      url: '/api/v1/playlists',
      headers: { cookie: user.cookie },
    });
    expect(JSON.stringify(lists.json())).not.toContain('Zebra');
  });

  it('in object keys and at any depth, before the route (or its validator) runs', async () => {
    expectIllFormed(
      await json('POST', '/api/v1/users/login', '{"username":"a","password":"b","\\ud800":1}', ''),
    );
    expectIllFormed(
      await json(
        'POST',
        `/api/v1/comments/createcomments/u/${videoId}`,
        '{"content":"fine","x":[{"y":[[["\\udc00"]]]}]}',
      ),
    );
  });

  it('cannot arrive through a path or a query: the bytes are not UTF-8', async () => {
    const path = await t.server.inject({ method: 'GET', url: '/api/v1/users/c/a%ED%A0%80b' });
    expect(path.statusCode).toBe(400);
    for (const url of [
      '/api/v1/videos/search?q=a%ED%A0%80b',
      '/api/v1/videos/search?q=ok&%ED%B0%80=1',
    ]) {
      const res = await t.server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(JSON.stringify(res.json())).not.toMatch(/\\ud[89a-f]/i);
    }
  });
});

describe('a JSON route refuses a body of another type with 415, and no body with 400', () => {
  const login = '/api/v1/users/login';
  const credentials = '{"username":"alice","password":"x"}';

  function expectJsonOnly(res: Answer) {
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ success: false, message: BODY_TYPE_MESSAGES.jsonOnly });
  }

  it('text/plain, multipart, form-urlencoded and untyped bodies', async () => {
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/xml']) {
      expectJsonOnly(
        await t.server.inject({
          method: 'POST',
          url: login,
          headers: { 'content-type': type },
          payload: credentials,
        }),
      );
    }
    expectJsonOnly(
      await t.server.inject({
        method: 'POST',
        url: login,
        ...multipart({ username: 'alice', password: 'x' }),
      }),
    );
    expectJsonOnly(
      await t.server.inject({
        method: 'POST',
        url: login,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'username=alice&password=x',
      }),
    );
    // A comment sent as multipart is refused before any of it is read.
    expectJsonOnly(
      await t.server.inject({
        method: 'POST',
        url: `/api/v1/comments/createcomments/u/${videoId}`,
        ...signedForm({ content: 'hello' }),
      }),
    );
  });

  it('a signed-out client is told to sign in first', async () => {
    const send = (cookie?: string) =>
      t.server.inject({
        method: 'POST',
        url: '/api/v1/playlists',
        headers: { 'content-type': 'text/plain', ...(cookie ? { cookie } : {}) },
        payload: '{"title":"Plain"}',
      });
    expect((await send()).statusCode).toBe(401);
    expectJsonOnly(await send(user.cookie));
    const none = await t.server.inject({ method: 'POST', url: '/api/v1/playlists' });
    expect(none.statusCode).toBe(401);
  });

  it('no body, or an empty one, gets a plain 400', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const res = await t.server.inject({ method: 'POST', url: login, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: BODY_TYPE_MESSAGES.jsonNeeded });
    }
  });

  it('JSON is taken as before, charset or not', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const res = await t.server.inject({
        method: 'POST',
        url: login,
        headers: { 'content-type': type },
        payload: JSON.stringify({ username: user.username, password: user.password }),
      });
      expect(res.statusCode, type).toBe(200);
    }
  });
});

describe('routes that take multipart, or no body, are unchanged', () => {
  it('sign-up, avatar and profile as multipart; the profile as JSON too', async () => {
    const fields = uniqueUser('input');
    const reg = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      ...multipart({ ...fields, avatar: await pngImage() }),
    });
    expect(reg.statusCode).toBe(201);
    const avatar = await t.server.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      ...signedForm({ fullName: 'With Avatar', avatar: await pngImage() }),
    });
    expect(avatar.statusCode).toBe(200);
    const text = await t.server.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: { cookie: user.cookie, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Expected a JSON object or a multipart/form-data body.');
  });

  it('a route without a body answers whatever is sent', async () => {
    const other = await signedInUser(t.server, 'input');
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/logout',
      headers: { cookie: other.cookie, 'content-type': 'text/plain' },
      payload: 'ignored',
    });
    expect(res.statusCode).toBe(200);
  });
});
