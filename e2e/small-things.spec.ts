import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  SIZES,
  makeClip,
  publishFile,
  signIn,
  signedInAs,
  waitUntilProcessed,
  type Account,
} from './support';

// The player on touch screens, and the thumbnail picker (preview, drag and drop, frames of the
// video) in the studio and in the upload wizard. (The studio's duration badge on its thumbnail
// is checked in durations.spec.ts.)

let owner: Account;
let videoId = '';
let clipPath = '';

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const page = await browser.newPage();
  owner = await signedInAs(page, 'small');
  clipPath = await makeClip(testInfo.outputDir, 'twenty.mp4', { seconds: 20 });
  videoId = await publishFile(page, `Small things ${owner.username}`, clipPath);
  await waitUntilProcessed(page, videoId);
  await page.close();
});

const paused = (page: Page) => () =>
  page.locator('video').evaluate((video: HTMLVideoElement) => video.paused);

/** Drops a generated PNG on an element, as a file dragged from the desktop would. */
async function dropImage(page: Page, target: Locator) {
  const transfer = await page.evaluateHandle(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1e90ff';
    context.fillRect(0, 0, 320, 180);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/png'),
    );
    const data = new DataTransfer();
    data.items.add(new File([blob], 'dropped.png', { type: 'image/png' }));
    return data;
  });
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

test.describe('phone', () => {
  test.use(SIZES[1].use);

  test('a tap shows the controls, and the next tap plays or pauses', async ({ page }) => {
    await page.goto(`/watch/${videoId}`);
    const player = page.getByTestId('player');
    await expect.poll(paused(page), { timeout: 20_000 }).toBe(false);
    // Left alone while playing, the controls fade.
    await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 10_000 });
    await page.locator('video').tap();
    await expect(player).toHaveAttribute('data-controls', 'shown');
    expect(await paused(page)()).toBe(false);
    await page.locator('video').tap();
    await expect.poll(paused(page)).toBe(true);
    await page.locator('video').tap();
    await expect.poll(paused(page)).toBe(false);
  });
});

test.describe('desktop', () => {
  test.use(SIZES[0].use);

  test('a click plays or pauses at once', async ({ page }) => {
    await page.goto(`/watch/${videoId}`);
    await expect.poll(paused(page), { timeout: 20_000 }).toBe(false);
    await page.locator('video').click();
    await expect.poll(paused(page)).toBe(true);
  });

  test('the studio’s thumbnail picker takes a frame of the video, or a dropped image', async ({
    page,
  }) => {
    await signIn(page, owner.username, owner.password);
    await expect(page).toHaveURL(/\/$/);
    const before = (await (await page.request.get(`/api/v1/videos/vid-id/${videoId}`)).json()).data
      .thumbnail as string;
    await page.goto(`/stdio/channel/content/${videoId}`);
    const frames = page.getByRole('radiogroup', { name: 'Frames from the video' });
    await expect(frames.getByRole('radio')).toHaveCount(3, { timeout: 20_000 });
    await expect(frames.getByRole('radio', { name: 'Frame at 0:10' })).toBeVisible();
    await frames.getByRole('radio', { name: 'Frame at 0:10' }).click();
    await expect(frames.getByRole('radio', { name: 'Frame at 0:10' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(page.getByRole('img', { name: 'New thumbnail' })).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Changes saved.')).toBeVisible();
    const after = (await (await page.request.get(`/api/v1/videos/vid-id/${videoId}`)).json()).data
      .thumbnail as string;
    expect(after).not.toBe(before);

    // Dragged and dropped onto the preview.
    await dropImage(page, page.getByTestId('thumbnail-drop'));
    await expect(page.getByRole('img', { name: 'New thumbnail' })).toBeVisible();
    await expect(page.getByText(/^dropped\.png · /)).toBeVisible();
    await expect(frames.getByRole('radio', { checked: true })).toHaveCount(0);
  });
});

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use(size.use);

    test('the upload wizard’s thumbnail picker offers frames of the chosen video', async ({
      page,
    }) => {
      await signIn(page, owner.username, owner.password);
      await expect(page).toHaveURL(/\/$/);
      await page.getByRole('button', { name: 'Create' }).click();
      await page.getByRole('menuitem', { name: 'Upload video' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload videos' });
      await dialog.getByLabel('Select video file').setInputFiles(clipPath);
      const frames = dialog.getByRole('radiogroup', { name: 'Frames from the video' });
      await expect(frames.getByRole('radio')).toHaveCount(3, { timeout: 20_000 });
      await frames.getByRole('radio').first().click();
      await expect(frames.getByRole('radio').first()).toHaveAttribute('aria-checked', 'true');
      await expect(dialog.getByRole('img', { name: 'New thumbnail' })).toBeVisible();
      await expect(dialog.getByText(/^frame-1\.jpg · /)).toBeVisible();
      // Keyboard: the chooser button keeps focus after a pick.
      const choose = dialog.getByRole('button', { name: 'Choose image' });
      const chooser = page.waitForEvent('filechooser');
      await choose.focus();
      await page.keyboard.press('Enter');
      await (
        await chooser
      ).setFiles({
        name: 'picked.png',
        mimeType: 'image/png',
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
          'base64',
        ),
      });
      await expect(dialog.getByText(/^picked\.png · /)).toBeVisible();
      await expect(choose).toBeFocused();
    });
  });
}
