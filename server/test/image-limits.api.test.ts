import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { pixelBombPng, pngImage, register, signedInUser, uniqueUser } from './helpers/fixtures.js';
import { publish, uploadFields } from './helpers/media.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** 7200×5500 = 39.6 megapixels in about a hundred bytes. */
const bomb = () => pixelBombPng(7200, 5500);

/** A real, decodable PNG of the given size. */
async function realPng(width: number, height: number) {
  const data = await sharp({
    create: { width, height, channels: 3, background: { r: 90, g: 40, b: 160 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { filename: 'big.png', contentType: 'image/png', data };
}

describe('pixel ceilings per kind of image', () => {
  it('refuses a 39.6-megapixel avatar or cover with 413 and the ceiling, leaving nothing', async () => {
    const before = await listFiles(t.mediaDir);
    const avatar = await register(t.server, { ...uniqueUser(), avatar: bomb() });
    expect(avatar.statusCode).toBe(413);
    expect(avatar.json().errors).toEqual([
      { field: 'avatar', message: 'Avatar has too many pixels (at most 12.5 megapixels).' },
    ]);
    const cover = await register(t.server, {
      ...uniqueUser(),
      avatar: await pngImage(),
      coverImage: bomb(),
    });
    expect(cover.statusCode).toBe(413);
    expect(cover.json().errors).toEqual([
      {
        field: 'coverImage',
        message: 'Cover image has too many pixels (at most 16.8 megapixels).',
      },
    ]);
    expect(await listFiles(t.mediaDir)).toEqual(before);
  });

  it('refuses a 39.6-megapixel thumbnail', async () => {
    const u = await signedInUser(t.server, 'thumbbomb');
    const res = await publish(
      t.server,
      u.cookie,
      await uploadFields({ thumbnail: { ...bomb(), filename: 'thumb.png' } }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().errors[0]).toMatchObject({ field: 'thumbnail' });
    expect(res.json().errors[0].message).toMatch(/too many pixels \(at most 16\.8 megapixels\)/);
  });

  it('keeps avatars lower than covers: 13 megapixels is too many for one, fine for the other', async () => {
    const picture = await realPng(3700, 3550);
    const asAvatar = await register(t.server, { ...uniqueUser(), avatar: picture });
    expect(asAvatar.statusCode).toBe(413);
    const asCover = await register(t.server, {
      ...uniqueUser(),
      avatar: await pngImage(),
      coverImage: picture,
    });
    expect(asCover.statusCode).toBe(201);
  });
});
