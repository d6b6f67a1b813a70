import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { jpegWithExif, pixelBombPng, pngImage, register, uniqueUser } from './helpers/fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function userCount(): Promise<number> {
  const rows = await t.database.db.selectFrom('users').select('id').execute();
  return rows.length;
}

/** A refused sign-up must leave nothing: no new row, no stored image, no temp file. */
async function expectNothingLeft(before: { users: number; media: string[] }) {
  expect(await userCount()).toBe(before.users);
  expect(await listFiles(t.mediaDir)).toEqual(before.media);
  expect(await listFiles(`${t.dataDir}/tmp`)).toEqual([]);
}

async function snapshot() {
  return { users: await userCount(), media: await listFiles(t.mediaDir) };
}

describe('POST /users/register', () => {
  it('runs on the dialect this suite was started for', () => {
    expect(t.database.dialect).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite');
  });

  it('creates an account with an avatar and optional cover, answering 201 and the user', async () => {
    const fields = uniqueUser('Alice');
    const res = await register(t.server, {
      ...fields,
      username: fields.username.toUpperCase(),
      avatar: await pngImage(),
      coverImage: await pngImage(1200, 300),
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 201, success: true });
    expect(body.data.user).toMatchObject({
      username: fields.username.toLowerCase(),
      email: fields.email,
      fullName: fields.fullName,
      subscribersCount: 0,
    });
    expect(body.data.user._id).toMatch(/^[0-9a-f]{24}$/);
    // The account's flag `hasPassword` says only whether one is set.
    expect(JSON.stringify(body).replace('"hasPassword":true', '')).not.toMatch(
      /password|hash|argon/i,
    );

    // Both images are stored, served, and re-encoded to WebP.
    for (const url of [body.data.user.avatar, body.data.user.coverImage]) {
      expect(url).toMatch(/^\/media\/images\/[0-9a-f]{24}\.webp$/);
      const img = await t.server.inject({ method: 'GET', url });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toContain('immutable');
    }
    const avatar = await t.server.inject({ method: 'GET', url: body.data.user.avatar });
    const meta = await sharp(avatar.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([320, 320]);
  });

  it('stores the password only as an argon2id hash', async () => {
    const fields = uniqueUser();
    await register(t.server, { ...fields, avatar: await pngImage() });
    const row = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', fields.username)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('strips metadata from uploaded images', async () => {
    const fields = uniqueUser();
    const res = await register(t.server, { ...fields, avatar: await jpegWithExif() });
    expect(res.statusCode).toBe(201);
    const img = await t.server.inject({ method: 'GET', url: res.json().data.user.avatar });
    expect(img.rawPayload.includes(Buffer.from('secret-location-data'))).toBe(false);
    expect((await sharp(img.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('answers 400 with a field error for each missing field', async () => {
    const before = await snapshot();
    const res = await register(t.server, { username: '', avatar: undefined });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    const fields = body.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(['avatar', 'email', 'fullName', 'password', 'username']);
    expect(body.message).toBeTruthy();
    await expectNothingLeft(before);
  });

  it('requires an avatar', async () => {
    const res = await register(t.server, { ...uniqueUser() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'avatar', message: 'Avatar is required.' }]);
  });

  it.each([
    ['too short', 'short12', 'Password must be at least 8 characters long.'],
    ['too long', 'x'.repeat(129), 'Password must be at most 128 characters long.'],
  ])('refuses a password that is %s', async (_label, password, message) => {
    const before = await snapshot();
    const res = await register(t.server, { ...uniqueUser(), password, avatar: await pngImage() });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field: 'password', message });
    await expectNothingLeft(before);
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    for (const password of ['k9#Lm2!q', 'Tr0ub4dor&3 '.repeat(11).slice(0, 128)]) {
      const res = await register(t.server, { ...uniqueUser(), password, avatar: await pngImage() });
      expect(res.statusCode).toBe(201);
    }
  });

  it('refuses a malformed email and a username with spaces', async () => {
    const res = await register(t.server, {
      ...uniqueUser(),
      email: 'not-an-email',
      username: 'has space',
      avatar: await pngImage(),
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['email', 'username']);
  });

  it('answers 409 when the username or the email is taken, ignoring case', async () => {
    const first = uniqueUser('taken');
    expect((await register(t.server, { ...first, avatar: await pngImage() })).statusCode).toBe(201);
    const before = await snapshot();

    const sameName = await register(t.server, {
      ...uniqueUser(),
      username: first.username.toUpperCase(),
      avatar: await pngImage(),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe('This username is already taken.');

    const sameEmail = await register(t.server, {
      ...uniqueUser(),
      email: first.email.toUpperCase(),
      avatar: await pngImage(),
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('This email is already registered.');
    await expectNothingLeft(before);
  });

  it('lets exactly one of two concurrent sign-ups with the same name win', async () => {
    const fields = uniqueUser('race');
    const avatar = await pngImage();
    const results = await Promise.all([
      register(t.server, { ...fields, avatar }),
      register(t.server, { ...fields, email: `other-${fields.email}`, avatar }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', fields.username)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('answers 415 for a file that only claims to be an image', async () => {
    const before = await snapshot();
    const res = await register(t.server, {
      ...uniqueUser(),
      avatar: {
        filename: 'evil.png',
        contentType: 'image/png',
        data: Buffer.from('<?php echo 1; ?>'),
      },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].field).toBe('avatar');
    await expectNothingLeft(before);
  });

  it('answers 415 for an SVG avatar', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const res = await register(t.server, {
      ...uniqueUser(),
      avatar: { filename: 'a.svg', contentType: 'image/svg+xml', data: svg },
    });
    expect(res.statusCode).toBe(415);
  });

  it('answers 415 for a bad cover image and keeps no avatar either', async () => {
    const before = await snapshot();
    const res = await register(t.server, {
      ...uniqueUser(),
      avatar: await pngImage(),
      coverImage: {
        filename: 'c.jpg',
        contentType: 'image/jpeg',
        data: Buffer.from('GIF89a-not-really'),
      },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].field).toBe('coverImage');
    await expectNothingLeft(before);
  });

  it('answers 413 for an image over 25 MiB and writes nothing', async () => {
    const before = await snapshot();
    const big = Buffer.alloc(25 * 1024 * 1024 + 1, 0);
    (await pngImage()).data.copy(big);
    const res = await register(t.server, {
      ...uniqueUser(),
      avatar: { filename: 'big.png', contentType: 'image/png', data: big },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([
      { field: 'avatar', message: 'File size exceeds 25MB. Please upload a smaller file.' },
    ]);
    await expectNothingLeft(before);
  });

  it('refuses a decompression bomb by its pixel count', async () => {
    const before = await snapshot();
    const res = await register(t.server, { ...uniqueUser(), avatar: pixelBombPng() });
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0].field).toBe('avatar');
    await expectNothingLeft(before);
  });

  it('refuses a body that is not multipart', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: uniqueUser(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Expected a multipart/form-data body.',
    });
  });
});
