import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { makeMp4, newAccount, signIn, signUp, thumbnailFile, waitUntilPlayable } from './support';

test('a creator uploads a video, finds it, plays it, downloads it and deletes it', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const mp4 = await makeMp4(testInfo.outputDir);
  const account = newAccount('creator');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);

  // Stage 1: pick the file.
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('menuitem', { name: 'Upload video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload videos' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Select video file').setInputFiles(mp4);

  // Stage 2: the four-step wizard, headed by the file name.
  await expect(dialog.getByText('sunrise-clip.mp4').first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled();
  const title = dialog.getByLabel('Title');
  await expect(title).toHaveValue(/sunrise-clip/);
  await title.fill('ab');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Title must be at least 4 characters long.')).toBeVisible();
  await title.fill('Sunrise over the test pattern');
  await dialog.getByLabel('Description').fill('Three seconds of colour bars at dawn.');
  await dialog.getByLabel('Thumbnail').setInputFiles(await thumbnailFile());
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('Add subtitles').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByText('No issues found')).toBeVisible();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog.getByText('Visibility is required.')).toBeVisible();
  await dialog.getByLabel('Public').check();
  await dialog.getByLabel('Hashtag').fill('#e2esunrise');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // Uploaded, then processed on the server: the panel follows it until it plays.
  await expect(page.getByRole('status').getByText('Ready to watch')).toBeVisible({
    timeout: 30_000,
  });

  // The feed shows it after the skeleton.
  await page.goto('/home');
  const card = page.getByRole('link', { name: 'Sunrise over the test pattern' }).first();
  await expect(card).toBeVisible();

  // The top bar finds it by hashtag, and suggests it by title.
  const box = page.getByRole('textbox', { name: 'Search', exact: true });
  await box.fill('sunrise over');
  await expect(
    page.getByRole('listbox', { name: 'Search suggestions' }).getByRole('option', {
      name: 'Sunrise over the test pattern',
    }),
  ).toBeVisible();
  await box.fill('E2ESUNRISE');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=E2ESUNRISE$/);
  await page.getByRole('link', { name: 'Sunrise over the test pattern' }).first().click();

  // It plays.
  await expect(page).toHaveURL(/\/watch\/[0-9a-f]{24}$/);
  const id = page.url().split('/').pop()!;
  const video = page.locator('video').first();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.3);

  // Share copies the watch address and says 'Copied!' for a while.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share' });
  await share.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(share.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
    new RegExp(`/watch/${id}$`),
  );
  await expect(share.getByRole('button', { name: 'Copy', exact: true })).toBeVisible({
    timeout: 5000,
  });
  await page.keyboard.press('Escape');

  // It downloads as video-{id}.mp4: the faststart copy, its index before its media data.
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe(`video-${id}.mp4`);
  const saved = await fs.readFile((await download.path())!);
  expect(saved.subarray(4, 8).toString('latin1')).toBe('ftyp');
  expect(saved.indexOf('moov')).toBeLessThan(saved.indexOf('mdat'));

  // Its owner deletes it from the studio; it is gone from the watch page and the feed.
  await page.goto('/stdio/channel/content');
  await page
    .getByRole('row', { name: 'Sunrise over the test pattern' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await page
    .getByRole('dialog', { name: 'Delete video' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByRole('row', { name: 'Sunrise over the test pattern' })).toHaveCount(0);
  await page.goto(`/watch/${id}`);
  await expect(page.getByText('Video not found')).toBeVisible();
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Sunrise over the test pattern' })).toHaveCount(0);
});

test('visitors are asked to sign in before downloading', async ({ page }) => {
  const creator = newAccount('owner');
  await signUp(page, creator);
  await signIn(page, creator.username, creator.password);
  await expect(page).toHaveURL(/\/$/);
  const mp4 = await makeMp4(test.info().outputDir, 'visitor.mp4');
  const thumb = await thumbnailFile();
  const res = await page.request.post('/api/v1/videos/publishavideo', {
    multipart: {
      title: 'A visitor watches this',
      description: 'Plain description',
      hashtag: '#visitors',
      visibility: 'public',
      videoFile: { name: 'visitor.mp4', mimeType: 'video/mp4', buffer: await fs.readFile(mp4) },
      thumbnail: thumb,
    },
  });
  expect(res.status()).toBe(201);
  const { data } = await res.json();
  await waitUntilPlayable(page, data._id);
  await page.context().clearCookies();

  await page.goto(`/watch/${data._id}`);
  await expect(page.getByRole('heading', { name: 'A visitor watches this' })).toBeVisible();
  const dialogMessage = page.waitForEvent('dialog').then(async (d) => {
    const text = d.message();
    await d.dismiss();
    return text;
  });
  await page.getByRole('button', { name: 'Download' }).click();
  expect(await dialogMessage).toBe('Please sign in to download.');
});
