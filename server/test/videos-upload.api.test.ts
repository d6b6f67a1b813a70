import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, MIB } from '@contract';
import { createTestApp, listFiles, type TestApp } from './helpers/test-app.js';
import { pngImage, signedInUser } from './helpers/fixtures.js';
import { publish, uploadFields } from './helpers/media.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signedInUser(t.server, 'uploader');
});
afterAll(async () => {
  await t.close();
});

const mediaOf = async (prefix: string) =>
  (await listFiles(t.mediaDir)).filter((f) => f.startsWith(prefix));
const tempFiles = () => listFiles(path.join(t.dataDir, 'tmp'));
const videoCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('videos')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A refused upload leaves no row, no stored file and no temp file. */
async function expectNothingLeft(before: { videos: string[]; images: string[]; rows: number }) {
  expect(await mediaOf('videos')).toEqual(before.videos);
  expect(await mediaOf('images')).toEqual(before.images);
  expect(await tempFiles()).toEqual([]);
  expect(await videoCount()).toBe(before.rows);
}
async function snapshot() {
  return {
    videos: await mediaOf('videos'),
    images: await mediaOf('images'),
    rows: await videoCount(),
  };
}

describe('POST /videos/publishavideo', () => {
  it('stores the original, answers 201 with the Video shape processing, and queues its job', async () => {
    const res = await publish(t.server, owner.cookie, await uploadFields());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, statusCode: 201 });
    const v = body.data;
    expect(v).toMatchObject({
      title: 'A tiny test clip',
      description: 'Colour bars for two seconds.',
      hashtag: '#testing #bars',
      views: 0,
      isPublished: true,
      visibility: 'public',
      owner: { _id: owner.user._id, username: owner.username },
    });
    expect(v._id).toMatch(/^[0-9a-f]{24}$/);
    expect(v).toMatchObject({
      status: 'processing',
      playable: false,
      processingProgress: 0,
      processingError: null,
      hlsUrl: null,
      storyboardUrl: null,
    });
    // The client said 999; the file says 2.
    expect(v.duration).toBeCloseTo(2, 0);
    // Everything of the video under one unguessable prefix.
    const prefix = `videos/${v._id}/`;
    expect(v.videoFile).toMatch(new RegExp(`^/media/${prefix}[0-9a-f]{16}/video\\.mp4$`));
    const token = v.videoFile.split('/')[4];
    expect(v.thumbnail).toMatch(
      new RegExp(`^/media/${prefix}${token}/thumbnail-[0-9a-f]{12}\\.webp$`),
    );
    expect(v.owner.avatar).toMatch(/^\/media\/images\//);
    expect(new Date(v.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Only the original and the thumbnail so far: the worker makes the rest.
    expect(await mediaOf(prefix)).toEqual(
      [`${prefix}${token}/original.mp4`, v.thumbnail.replace('/media/', '')].sort(),
    );
    expect(await tempFiles()).toEqual([]);
    const job = await t.database.db
      .selectFrom('processing_jobs')
      .select(['state', 'attempts'])
      .where('video_id', '=', v._id)
      .executeTakeFirst();
    expect(job).toEqual({ state: 'queued', attempts: 0 });
  });

  it('derives visibility: isPublished=false is private, an explicit visibility wins', async () => {
    const priv = await publish(
      t.server,
      owner.cookie,
      await uploadFields({ isPublished: 'false' }),
    );
    expect(priv.statusCode).toBe(201);
    expect(priv.json().data).toMatchObject({ visibility: 'private', isPublished: false });
    const unlisted = await publish(
      t.server,
      owner.cookie,
      await uploadFields({ isPublished: 'true', visibility: 'unlisted' }),
    );
    expect(unlisted.statusCode).toBe(201);
    expect(unlisted.json().data).toMatchObject({ visibility: 'unlisted', isPublished: false });
  });

  it('refuses a signed-out upload with 401', async () => {
    const before = await snapshot();
    const res = await publish(t.server, undefined, await uploadFields());
    expect(res.statusCode).toBe(401);
    await expectNothingLeft(before);
  });

  it('answers 400 with the exact field messages for missing or short fields', async () => {
    const before = await snapshot();
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        title: '  ab  ',
        description: 'abc',
        hashtag: undefined,
        isPublished: undefined,
        thumbnail: undefined,
      }),
    );
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; message: string }[];
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'title', message: MESSAGES.titleMin },
        { field: 'description', message: MESSAGES.descriptionMin },
        { field: 'hashtag', message: MESSAGES.hashtagRequired },
        { field: 'visibility', message: MESSAGES.visibilityRequired },
        { field: 'thumbnail', message: MESSAGES.thumbnailRequired },
      ]),
    );
    expect(res.json().message).toBe(MESSAGES.titleMin);
    await expectNothingLeft(before);
  });

  it('requires the video file and a title of at most 100 characters', async () => {
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({ videoFile: undefined, title: 'x'.repeat(101) }),
    );
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'videoFile']));
  });

  it('refuses a video over 25 MiB with 413 and leaves nothing on disk', async () => {
    const before = await snapshot();
    const big = Buffer.alloc(25 * MIB + 1);
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        videoFile: { filename: 'big.mp4', contentType: 'video/mp4', data: big },
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([{ field: 'videoFile', message: MESSAGES.videoTooLarge }]);
    await expectNothingLeft(before);
  });

  it('refuses a thumbnail over 25 MiB with 413 and leaves nothing on disk', async () => {
    const before = await snapshot();
    const big = Buffer.alloc(25 * MIB + 1);
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        thumbnail: { filename: 'big.png', contentType: 'image/png', data: big },
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([
      { field: 'thumbnail', message: MESSAGES.thumbnailTooLarge },
    ]);
    await expectNothingLeft(before);
  });

  it('refuses text named .mp4 with 415 and leaves nothing on disk', async () => {
    const before = await snapshot();
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        videoFile: {
          filename: 'movie.mp4',
          contentType: 'video/mp4',
          data: Buffer.from('this is not a video at all, just text pretending'),
        },
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].field).toBe('videoFile');
    await expectNothingLeft(before);
  });

  it('refuses an image posing as a video with 415', async () => {
    const before = await snapshot();
    const png = await pngImage();
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({ videoFile: { ...png, filename: 'clip.mp4', contentType: 'video/mp4' } }),
    );
    expect(res.statusCode).toBe(415);
    await expectNothingLeft(before);
  });

  it('refuses an MP4 header with no playable stream behind it with 415', async () => {
    const before = await snapshot();
    const fake = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypisom', 'latin1'),
      Buffer.alloc(200, 7),
    ]);
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        videoFile: { filename: 'x.mp4', contentType: 'video/mp4', data: fake },
      }),
    );
    expect(res.statusCode).toBe(415);
    await expectNothingLeft(before);
  });

  it('refuses a thumbnail that is not an image with 415 and leaves nothing', async () => {
    const before = await snapshot();
    const res = await publish(
      t.server,
      owner.cookie,
      await uploadFields({
        thumbnail: { filename: 't.png', contentType: 'image/png', data: Buffer.from('<svg/>') },
      }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().errors[0].field).toBe('thumbnail');
    await expectNothingLeft(before);
  });
});
