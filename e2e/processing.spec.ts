import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { expect, test, type Page } from '@playwright/test';
import { newAccount, signIn, signUp, thumbnailFile } from './support';

const run = promisify(execFile);

/** A clip made by the shipped ffmpeg from its test pattern, with a tone. */
async function makeClip(dir: string, name: string, seconds: number, size: string, codec: string[]) {
  const target = path.join(dir, name);
  await fs.mkdir(dir, { recursive: true });
  await run(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=15`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
    ...codec,
    ...['-c:a', 'aac', '-b:a', '64k', '-shortest', target],
  ]);
  return target;
}

const HEVC = [
  '-c:v',
  'libx265',
  '-preset',
  'ultrafast',
  '-tag:v',
  'hvc1',
  '-x265-params',
  'log-level=error',
];
const PRORES = ['-c:v', 'prores_ks', '-profile:v', '0'];

async function upload(page: Page, title: string, file: string, mimeType: string): Promise<string> {
  const res = await page.request.post('/api/v1/videos/publishavideo', {
    multipart: {
      title,
      description: `All about ${title}.`,
      hashtag: '#processing',
      visibility: 'public',
      videoFile: { name: path.basename(file), mimeType, buffer: await fs.readFile(file) },
      thumbnail: await thumbnailFile(),
    },
  });
  expect(res.status()).toBe(201);
  const { data } = await res.json();
  expect(data).toMatchObject({ status: 'processing', playable: false });
  return data._id;
}

/** Frames decoded by the page's player, on the page as it was first loaded. */
async function expectFramesWithoutReload(page: Page) {
  const video = page.locator('video').first();
  await expect
    .poll(
      () => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames),
      { timeout: 60_000 },
    )
    .toBeGreaterThan(0);
  // The marker set before processing finished survives: the page switched by itself.
  expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
}

test('HEVC and ProRes uploads are processed and play in Chromium without a reload', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const dir = testInfo.outputDir;
  const [busy, hevc, prores] = await Promise.all([
    makeClip(dir, 'long-hevc.mp4', 12, '640x360', HEVC),
    makeClip(dir, 'clip-hevc.mp4', 2, '320x240', HEVC),
    makeClip(dir, 'clip-prores.mov', 2, '320x240', PRORES),
  ]);
  const account = newAccount('encoder');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);

  // A longer upload ahead in the queue keeps the next ones waiting while the pages load.
  await upload(page, 'A longer HEVC clip', busy, 'video/mp4');
  const hevcId = await upload(page, 'Bars in HEVC', hevc, 'video/mp4');
  const proresId = await upload(page, 'Bars in ProRes', prores, 'video/quicktime');

  await page.goto(`/watch/${hevcId}`);
  // Waiting or being encoded it says so; with a slot free (the fast lane takes short clips) it
  // may already be playing by the time the page is there. Either way it plays without a reload.
  await expect(
    page
      .getByText(/^(Waiting to be processed \(number \d+ in the queue\)|Processing… \d+ %)$/)
      .or(page.locator('video'))
      .first(),
  ).toBeVisible();
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await expectFramesWithoutReload(page);

  await page.goto(`/watch/${proresId}`);
  await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
  await expectFramesWithoutReload(page);

  // The studio lists every video with its state; all end ready.
  await page.goto('/stdio/channel/content');
  await expect(page.getByRole('row', { name: 'Bars in ProRes' })).toBeVisible();
  await expect(page.getByText(/Processing… \d+ %|Waiting to be processed/)).toHaveCount(0, {
    timeout: 60_000,
  });
});

test('a broken upload shows its owner why, and never reaches the feed', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const whole = await fs.readFile(
    await makeClip(testInfo.outputDir, 'whole.mp4', 4, '320x240', [
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart'],
    ]),
  );
  // Cut in half: the header (and so the probe at upload) survives, half the frames do not.
  const half = path.join(testInfo.outputDir, 'half.mp4');
  await fs.writeFile(half, whole.subarray(0, Math.floor(whole.length / 2)));
  const account = newAccount('broken');
  await signUp(page, account);
  await signIn(page, account.username, account.password);
  await expect(page).toHaveURL(/\/$/);
  const id = await upload(page, 'Half a clip', half, 'video/mp4');

  await page.goto(`/watch/${id}`);
  await expect(page.getByText('Processing failed')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/damaged or incomplete/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.goto('/stdio/channel/content');
  await expect(
    page.getByRole('row', { name: 'Half a clip' }).getByText(/Processing failed/),
  ).toBeVisible();

  await page.context().clearCookies();
  const feed = await page.request.get('/api/v1/videos/getallvideos?limit=50');
  const search = await page.request.get('/api/v1/videos/search?q=Half%20a%20clip');
  for (const res of [feed, search]) {
    expect((await res.json()).data.map((v: { _id: string }) => v._id)).not.toContain(id);
  }
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Half a clip' })).toHaveCount(0);
  await page.goto(`/watch/${id}`);
  await expect(page.getByText('Video not found')).toBeVisible();
});
