import { expect, test, type Page } from '@playwright/test';
import { makeClip, newAccount, publishFile, signIn, signUp, waitUntilProcessed } from './support';

// Adaptive playback needs the server's HLS renditions and storyboard: a 480p upload becomes
// 240p, 360p and 480p renditions.

let videoId = '';
let title = '';

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await browser.newPage();
  const creator = newAccount('hls');
  await signUp(page, creator);
  await signIn(page, creator.username, creator.password);
  await expect(page).toHaveURL(/\/$/);
  title = `Adaptive ${creator.username}`;
  const file = await makeClip(test.info().outputDir, 'adaptive.mp4', {
    seconds: 12,
    width: 854,
    height: 480,
  });
  videoId = await publishFile(page, title, file);
  const video = await waitUntilProcessed(page, videoId);
  expect(video.hlsUrl).toEqual(expect.stringMatching(/master\.m3u8$/));
  expect(video.storyboardUrl).toEqual(expect.stringMatching(/storyboard\.vtt$/));
  await page.close();
});

const videoHeight = (page: Page) => () =>
  page.locator('video').evaluate((v: HTMLVideoElement) => v.videoHeight);

test('the quality menu lists the renditions, and picking one switches the stream', async ({
  page,
}) => {
  await page.goto(`/watch/${videoId}`);
  const player = page.getByTestId('player');
  await expect
    .poll(() => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.3);
  // The element plays a media source from hls.js, not the MP4 file.
  expect(await page.locator('video').evaluate((v: HTMLVideoElement) => v.src)).toMatch(/^blob:/);

  await player.getByRole('button', { name: 'Settings' }).click();
  // In Auto the menu names the rendition Auto chose.
  await expect(page.getByRole('menuitem', { name: /^Quality Auto \(\d+p\)/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /^Quality/ }).click();
  const radios = page.getByRole('menuitemradio');
  await expect(radios).toHaveText([/^Auto \(\d+p\)$/, '480p', '360p', '240p']);
  await expect(radios.first()).toHaveAttribute('aria-checked', 'true');

  await page.getByRole('menuitemradio', { name: '240p', exact: true }).click();
  await expect.poll(videoHeight(page), { timeout: 20_000 }).toBe(240);
  await player.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('menuitem', { name: /^Quality 240p/ })).toBeVisible();
  await page.getByRole('menuitem', { name: /^Quality/ }).click();
  await expect(page.getByRole('menuitemradio', { name: '240p', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.getByRole('menuitemradio', { name: '480p', exact: true }).click();
  await expect.poll(videoHeight(page), { timeout: 20_000 }).toBe(480);
});

test('hovering the seek bar shows the storyboard frame for that moment', async ({ page }) => {
  await page.goto(`/watch/${videoId}`);
  const seek = page.getByTestId('player').getByRole('slider', { name: 'Seek' });
  await expect(seek).toHaveAttribute('aria-valuemax', /^1[12]$/);
  const box = (await seek.boundingBox())!;
  const frame = page.getByTestId('seek-preview-image');

  const hoverAt = async (fraction: number) => {
    await page.mouse.move(box.x + box.width * fraction, box.y + box.height / 2);
    await expect(frame).toBeVisible();
    return frame.evaluate((el: HTMLElement) => ({
      image: el.style.backgroundImage,
      position: el.style.backgroundPosition,
      width: el.getBoundingClientRect().width,
    }));
  };
  const early = await hoverAt(0.05);
  expect(early.image).toMatch(/storyboard\.jpg/);
  expect(early.width).toBeGreaterThan(40);
  const late = await hoverAt(0.9);
  expect(late.image).toBe(early.image);
  expect(late.position).not.toBe(early.position);
  await expect(page.getByTestId('seek-preview')).toContainText(/^0:1\d/);

  // The sprite really loads.
  const loaded = await page.evaluate(
    async (url) => {
      const img = new Image();
      img.src = url;
      await img.decode();
      return img.naturalWidth;
    },
    early.image.replace(/^url\("?|"?\)$/g, ''),
  );
  expect(loaded).toBeGreaterThan(0);
});

test('a card’s hover preview plays the lowest rendition', async ({ page }) => {
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await card.hover();
  const preview = card.locator('video');
  await expect
    .poll(() => preview.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.2);
  expect(await preview.evaluate((v: HTMLVideoElement) => v.videoHeight)).toBe(240);
});
