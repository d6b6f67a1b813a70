import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeMp4, newAccount, signIn, signUp, thumbnailFile } from './support';

/**
 * The upload wizard over tus: the upload starts when the file is picked, goes in chunks with a
 * real progress bar, speed and time left; a reload in the middle and the same file picked
 * again resume it from the server's offset; Done publishes once the bytes are in; it plays.
 */

/** A real MP4 padded to `bytes` with an ISO BMFF `free` box, which every reader skips. */
async function bigMp4(dir: string, bytes: number): Promise<string> {
  const clip = await fs.readFile(await makeMp4(dir, 'seed.mp4'));
  const out = Buffer.alloc(bytes);
  clip.copy(out, 0);
  out.writeUInt32BE(bytes - clip.length, clip.length);
  out.write('free', clip.length + 4, 'latin1');
  for (let i = clip.length + 8; i < bytes; i += 4096) out.writeUInt32LE((i * 2654435761) >>> 0, i);
  const target = path.join(dir, 'long-take.mp4');
  await fs.writeFile(target, out);
  return target;
}

/** The browser's upload throughput, through the DevTools protocol. */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function openUpload(page: Page) {
  await page.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('menuitem', { name: 'Upload video' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload videos' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const percentOf = async (page: Page) =>
  Number(
    await page
      .getByRole('dialog', { name: 'Upload videos' })
      .getByRole('progressbar', { name: 'Upload progress' })
      .getAttribute('aria-valuenow'),
  );

test('a large upload over tus survives a reload, resumes, publishes and plays', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const file = await bigMp4(testInfo.outputDir, 48 * 1024 * 1024);
  const account = newAccount('resumer');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  await page.setViewportSize({ width: 1366, height: 768 });

  // The container is checked when the file is picked: an AVI is refused at once.
  let dialog = await openUpload(page);
  const avi = path.join(testInfo.outputDir, 'old.avi');
  await fs.writeFile(avi, Buffer.concat([Buffer.from('RIFF\0\0\0\0AVI LIST'), Buffer.alloc(64)]));
  await dialog.getByLabel('Select video file').setInputFiles({
    name: 'old.avi',
    mimeType: 'video/mp4',
    buffer: await fs.readFile(avi),
  });
  await expect(
    dialog.getByText('Video file must be an MP4, MOV, WebM, Matroska or Ogg video.'),
  ).toBeVisible();

  // Picking the file starts the upload: chunks, a progress bar, speed and time left.
  await throttleUpload(page, 3 * 1024 * 1024);
  await dialog.getByLabel('Select video file').setInputFiles(file);
  await expect(dialog.getByText('long-take.mp4').first()).toBeVisible();
  await expect(dialog.getByText(/Uploading \d+% · [\d.]+ [KM]B\/s · /)).toBeVisible();
  await expect.poll(() => percentOf(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(30);
  // At 1366×768 the wizard's buttons are in view without scrolling.
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Previous' })).toBeInViewport();
  const before = await percentOf(page);

  // A reload in the middle; the same file picked again resumes from the server's offset.
  await page.reload();
  await throttleUpload(page, 3 * 1024 * 1024);
  dialog = await openUpload(page);
  await dialog.getByLabel('Select video file').setInputFiles(file);
  await expect(dialog.getByText(/\(resumed\)/)).toBeVisible();
  // The first progress it reports is from the server's offset, within one chunk (8 MB of 48)
  // of where it was, not from zero.
  await expect.poll(() => percentOf(page), { intervals: [50] }).toBeGreaterThan(0);
  expect(await percentOf(page)).toBeGreaterThanOrEqual(before - 17);

  // Pause and resume.
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await expect(dialog.getByText(/^Paused at \d+%/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Resume' }).click();
  await expect(dialog.getByText(/^Uploading \d+%/)).toBeVisible();

  // The details are filled while the bytes go; Done publishes once they are in.
  await dialog.getByLabel('Title').fill('A long take, resumed');
  await dialog.getByLabel('Description').fill('Uploaded across a reload.');
  await dialog.getByLabel('Thumbnail').setInputFiles(await thumbnailFile());
  for (let i = 0; i < 3; i += 1) await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Public').check();
  await dialog.getByLabel('Hashtag').fill('#resumed');
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeInViewport();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden({ timeout: 90_000 });
  await expect(page.getByRole('status').getByText('Ready to watch')).toBeVisible({
    timeout: 60_000,
  });

  // It plays.
  await page.getByRole('link', { name: 'Watch video' }).click();
  const video = page.locator('video').first();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
    .toBeGreaterThan(0.3);

  // The studio shows what the account stores: the 48 MB original and its outputs.
  await page.goto('/stdio/channel/dashboard');
  const storage = page.getByRole('region', { name: 'Storage' });
  await expect(storage.getByText(/^(4[89]|5\d)(\.\d+)?MB \(no limit\)$/).first()).toBeVisible();
  await expect(storage.getByText('Videos up to 200MB each.')).toBeVisible();
});
