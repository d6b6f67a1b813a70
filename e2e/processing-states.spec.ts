import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  SIZES,
  makeClip,
  publishFile,
  signedInAs,
  thumbnailFile,
  waitUntilProcessed,
} from './support';

// What processing looks like from outside: a queued upload says it waits and where, someone
// with the link learns only that it is being processed and watches it start by itself, the
// owner's own viewing counts nothing, and the owner's channel counts what its grid shows.

async function uploadAs(page: Page, title: string, file: string, visibility: string) {
  const res = await page.request.post('/api/v1/videos/publishavideo', {
    multipart: {
      title,
      description: `All about ${title}.`,
      hashtag: '#queue',
      visibility,
      videoFile: {
        name: path.basename(file),
        mimeType: 'video/mp4',
        buffer: await fs.readFile(file),
      },
      thumbnail: await thumbnailFile(),
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data._id as string;
}

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('a queued upload waits in line; a visitor with its link sees it start by itself', async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(240_000);
      const owner = await signedInAs(page, `queue${size.name}`);
      const dir = testInfo.outputDir;
      // Two longer clips that must be encoded (HEVC) hold both of the embedded worker's slots
      // (the general one and the fast lane), so this upload waits in the queue behind them.
      const [first, second, small] = await Promise.all([
        makeClip(dir, 'busy-1.mp4', { seconds: 40, width: 854, height: 480, hevc: true }),
        makeClip(dir, 'busy-2.mp4', { seconds: 40, width: 854, height: 480, hevc: true }),
        makeClip(dir, 'small.mp4', { seconds: 3 }),
      ]);
      await uploadAs(page, `Busy ${owner.username}`, first, 'public');
      await uploadAs(page, `Also busy ${owner.username}`, second, 'public');
      const title = `Waiting title ${owner.username}`;
      const id = await uploadAs(page, title, small, 'unlisted');

      await page.goto(`/watch/${id}`);
      // Its place: 1 when both slots took the clips ahead, more when earlier work held one.
      await expect(
        page.getByText(/^Waiting to be processed \(number \d+ in the queue\)$/),
      ).toBeVisible();
      await expect(page.getByText(/Processing… 0 %/)).toHaveCount(0);

      const visitorContext = await browser.newContext(size.use);
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/watch/${id}`);
      await expect(
        visitor.getByRole('heading', { name: 'This video is being processed', level: 1 }),
      ).toBeVisible();
      await expect(visitor).toHaveTitle('This video is being processed - Vidshare');
      expect(await visitor.content()).not.toContain('Waiting title');
      await visitor.evaluate(() => ((window as { stayed?: boolean }).stayed = true));

      // Once processed it starts playing on the visitor's page without a reload.
      await expect
        .poll(
          () =>
            visitor
              .locator('video')
              .evaluateAll(
                (videos) => (videos[0] as HTMLVideoElement | undefined)?.currentTime ?? 0,
              ),
          { timeout: 200_000, intervals: [1000] },
        )
        .toBeGreaterThan(0.2);
      await expect(visitor.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      expect(await visitor.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
      await visitorContext.close();
    });
  });
}

test('the owner’s own viewing counts no view, and the channel counts what its grid shows', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const owner = await signedInAs(page, 'counts');
  const dir = testInfo.outputDir;
  const clip = await makeClip(dir, 'counted.mp4', { seconds: 2 });
  const publicId = await publishFile(page, `Public ${owner.username}`, clip);
  const unlistedId = await uploadAs(page, `Unlisted ${owner.username}`, clip, 'unlisted');
  await waitUntilProcessed(page, publicId);
  await waitUntilProcessed(page, unlistedId);

  const counted = page.waitForResponse((r) => r.url().includes(`/increaseviews/${publicId}`));
  await page.goto(`/watch/${publicId}`);
  expect((await (await counted).json()).data).toEqual({ views: 0, counted: false });
  await expect(page.getByText('0 views').first()).toBeVisible();

  await page.goto(`/username/${owner.username}`);
  await expect(
    page.getByRole('list', { name: 'Channel videos' }).getByRole('listitem'),
  ).toHaveCount(2);
  await expect(page.getByTestId('channel-video-count')).toHaveText('2 videos (1 unlisted)');
});
